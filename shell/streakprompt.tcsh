# streakprompt for tcsh: the segment at the start of the prompt. tcsh cannot eval a
# many-line script from $(...), so write it to a file once and source it from ~/.tcshrc:
#   streakprompt init tcsh > ~/.streakprompt.tcsh
#   source ~/.streakprompt.tcsh                      (in ~/.tcshrc)
#
# Settings (set before this runs, or by `streakprompt init tcsh --name NAME ...`):
#   STREAKPROMPT_BIN       the binary (default: streakprompt on PATH)
#   STREAKPROMPT_NAMES     streaks the segment shows, separated by spaces (default: every one)
#   STREAKPROMPT_TAGS      or the streaks with these tags, separated by spaces
#   STREAKPROMPT_FORMAT    the segment format, e.g. '{icon}{count}'
#   STREAKPROMPT_MANUAL    1: leave the prompt alone; $streakprompt_segment holds the segment
#
# The precmd alias runs the binary before each prompt (tcsh has no other way to learn
# anything): it prints the segment the way zsh's prompt takes it, %{…%} around colours and %%
# for %, which is tcsh's own prompt syntax too (a ! in a format or an icon shows tcsh's history
# number: tcsh has no escape a prompt could print for it). A precmd alias you had still runs,
# before it. tcsh has no regular expressions to match a command line with: no --tick-on.

if ( $?prompt && ! $?__streakprompt_loaded ) then
    set __streakprompt_loaded = 1
    set __streakprompt_base = "$prompt"
    if ( ! $?STREAKPROMPT_BIN ) setenv STREAKPROMPT_BIN streakprompt
    set __streakprompt_user_precmd = "`alias precmd`"
    # The binary reads STREAKPROMPT_NAMES, STREAKPROMPT_TAGS and STREAKPROMPT_FORMAT itself.
    alias __streakprompt_precmd 'set streakprompt_segment = "`$STREAKPROMPT_BIN:q prompt --shell zsh < /dev/null`"; if ( "$streakprompt_segment" != "" ) set streakprompt_segment = "$streakprompt_segment "; if ( ! $?STREAKPROMPT_MANUAL ) set prompt = "$streakprompt_segment$__streakprompt_base"'
    if ( "$__streakprompt_user_precmd" != "" ) then
        alias precmd "$__streakprompt_user_precmd; __streakprompt_precmd"
    else
        alias precmd __streakprompt_precmd
    endif
endif
