" streakprompt: `streakprompt#segment()` for the statusline (autoload/streakprompt.vim).
" Loaded by any plugin manager, or `set runtimepath+=/usr/share/streakprompt/shell/vim`.
if exists('g:loaded_streakprompt')
  finish
endif
let g:loaded_streakprompt = 1
command! StreakpromptRefresh call streakprompt#refresh()
