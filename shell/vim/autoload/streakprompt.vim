" streakprompt for Vim's statusline: the segment, read from the view the binary pre-renders,
" so a redraw starts no process. The first call runs the binary once (`streakprompt prompt
" --shell plain --view`), which prints the view's path; later calls read that small file,
" pick the piece for the clock, and run the binary again only when the view no longer holds
" (its last piece passed, a streak folder or the config file changed behind it).
"
"   set statusline=%{streakprompt#segment()}\ %f
"   let g:streakprompt_names = ['quiz']   (default: every streak)
"   let g:streakprompt_format = '{icon}{count}'
if exists('g:autoloaded_streakprompt')
  finish
endif
let g:autoloaded_streakprompt = 1

let s:view = {'path': '', 'text': '', 'from': 0, 'upto': -1, 'deadline': 0, 'checked': -1, 'watch': [], 'ran': -100, 'ran_text': ''}

function! s:valid_name(name) abort
  return type(a:name) == v:t_string && a:name =~# '^[A-Za-z0-9_][A-Za-z0-9_-]\{0,31}$'
endfunction

function! s:binary() abort
  let l:bin = get(g:, 'streakprompt_bin', $STREAKPROMPT_BIN)
  if !empty(l:bin) && executable(l:bin)
    return l:bin
  endif
  return exepath('streakprompt')
endfunction

" Runs the binary once: the segment now, and the view's path for the next calls. No shell
" reads the arguments: each is quoted with shellescape, names checked first.
function! s:run_binary() abort
  let s:view.path = ''
  let l:bin = s:binary()
  if empty(l:bin)
    return ''
  endif
  let l:args = [l:bin, 'prompt', '--shell', 'plain', '--view']
  if !empty(get(g:, 'streakprompt_format', ''))
    let l:args += ['--format', g:streakprompt_format]
  endif
  let l:args += filter(copy(get(g:, 'streakprompt_names', [])), 's:valid_name(v:val)')
  " system() runs the line with 'shell', and shellescape() quotes for it: a POSIX shell
  " for both, whatever the user's is (tcsh, fish, elvish and xonsh read the line otherwise).
  let l:saved = [&shell, &shellcmdflag, &shellquote, &shellxquote, &shellredir]
  try
    set shell=/bin/sh shellcmdflag=-c shellquote= shellxquote= shellredir=>%s\ 2>&1
    let l:output = system('NO_COLOR=1 ' . join(map(l:args, 'shellescape(v:val)'), ' ') . ' </dev/null 2>/dev/null')
    let l:failed = v:shell_error != 0
  finally
    let [&shell, &shellcmdflag, &shellquote, &shellxquote, &shellredir] = l:saved
  endtry
  if l:failed
    return ''
  endif
  let l:lines = split(l:output, "\n", 1)
  if !empty(l:lines) && l:lines[0] =~# '^/'
    let s:view.path = l:lines[0]
  endif
  return join(filter(l:lines[1:], '!empty(v:val)'), ' ')
endfunction

" Whether nothing changed behind the view. Vim sees whole seconds, so a change another
" machine's sync makes in the very second the view was written shows with the next piece;
" every change made by streakprompt rewrites the view itself.
function! s:fresh() abort
  let l:own = getftime(s:view.path)
  if l:own < 0
    return 0
  endif
  for l:path in s:view.watch
    if getftime(l:path) > l:own
      return 0
    endif
  endfor
  return 1
endfunction

" Reads the view (at most 16 KB) and keeps the piece for the clock; 0 when it does not read.
function! s:read_view(now) abort
  " A regular file only, not a link: a named pipe would block readfile(), a folder or a
  " device (a link to /dev/zero) would throw or fill the memory.
  if empty(s:view.path) || getftype(s:view.path) !=# 'file' || getfsize(s:view.path) < 0 || getfsize(s:view.path) > 16384
    return 0
  endif
  let l:lines = readfile(s:view.path, 'b', 400)
  if len(l:lines) < 3 || l:lines[0] !~# '^streakprompt-view 2 ' || strlen(l:lines[0]) != 36 || l:lines[1] !~# "^watch\t"
    return 0
  endif
  let l:root = matchstr(s:view.path, '^.*\ze/views/[^/]*$')
  if empty(l:root)
    return 0
  endif
  let l:config = $XDG_CONFIG_HOME =~# '^/' ? $XDG_CONFIG_HOME : $HOME . '/.config'
  let l:watch = [l:root . '/streaks', l:config . '/streakprompt/config']
  for l:name in split(l:lines[1][6:], ' ')
    if !s:valid_name(l:name)
      return 0
    endif
    call add(l:watch, l:root . '/streaks/' . l:name)
  endfor
  let l:from = 0
  for l:line in l:lines[2:]
    let l:parts = matchlist(l:line, "^\\(\\d\\{1,12}\\)\t\\(\\d\\{1,12}\\)\t\\(.*\\)$")
    if empty(l:parts) || strlen(l:parts[3]) > 4096
      return 0
    endif
    let l:upto = str2nr(l:parts[1])
    if l:upto == 0 || a:now < l:upto
      " Only text reaches the statusline: no control character but the {left} marker.
      if l:parts[3] =~# "[\x01-\x1e\x7f]"
        return 0
      endif
      let s:view.text = l:parts[3]
      let s:view.from = l:from
      let s:view.upto = l:upto
      let s:view.deadline = str2nr(l:parts[2])
      let s:view.watch = l:watch
      return 1
    endif
    let l:from = l:upto
  endfor
  return 0
endfunction

function! s:shown(now) abort
  let l:text = s:view.text
  if s:view.deadline > 0
    let l:left = (s:view.deadline - a:now + 59) / 60
    let l:left = l:left >= 60 ? printf('%dh%dm', l:left / 60, l:left % 60) : l:left . 'm'
    let l:text = substitute(l:text, "\x1f", l:left, 'g')
  endif
  return l:text
endfunction

" The segment now: from the view when it holds (checked against the folders at most once a
" second), else from one run of the binary (at most once every few seconds).
function! streakprompt#segment() abort
  let l:now = localtime()
  if !empty(s:view.path) && l:now >= s:view.from && (s:view.upto == 0 || l:now < s:view.upto) && l:now - s:view.checked < 1
    return s:shown(l:now)
  endif
  if s:read_view(l:now) && s:fresh()
    let s:view.checked = l:now
    return s:shown(l:now)
  endif
  if l:now - s:view.ran < 5
    return s:view.ran_text
  endif
  let l:text = s:run_binary()
  if s:read_view(l:now) && s:fresh()
    let s:view.checked = l:now
    return s:shown(l:now)
  endif
  let s:view.checked = -1
  let s:view.ran = l:now
  let s:view.ran_text = l:text
  return l:text
endfunction

" Forgets the view: the next call runs the binary.
function! streakprompt#refresh() abort
  let s:view.path = ''
  let s:view.checked = -1
  let s:view.ran = -100
endfunction
