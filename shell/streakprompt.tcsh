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
# anything): it prints the segment as tcsh's prompt takes it (--shell tcsh): %{…%} around
# colours, %% for %, \\ for \ and \! for ! (tcsh reads backslash escapes and ! in a prompt).
# A precmd alias you had still runs, before it. tcsh has no regular expressions to match a
# command line with: no --tick-on.

if ( $?prompt && ! $?__streakprompt_loaded ) then
    set __streakprompt_loaded = 1
    set __streakprompt_base = "$prompt"
    set __streakprompt_last = "$prompt"
    if ( ! $?STREAKPROMPT_BIN ) setenv STREAKPROMPT_BIN streakprompt
    set __streakprompt_user_precmd = "`alias precmd`"
    # Runs in the subshell of the backquotes below, which parses the text between them again:
    # written there, the binary's path would be split at a space and read for quotes and `!`.
    # An alias is looked up in that subshell, which substitutes the variable itself, so the
    # path stays one word whatever it holds. A binary gone since `init` falls back to
    # streakprompt on PATH; with none, nothing runs and nothing is said. (`\which`: the
    # builtin, not an alias of it; the unalias is the subshell's own.) The binary reads
    # STREAKPROMPT_NAMES, STREAKPROMPT_TAGS and STREAKPROMPT_FORMAT itself.
    alias __streakprompt_run 'unalias "$STREAKPROMPT_BIN:q" streakprompt; \which "$STREAKPROMPT_BIN:q" >& /dev/null && exec "$STREAKPROMPT_BIN:q" prompt --shell tcsh < /dev/null; \which streakprompt >& /dev/null && exec streakprompt prompt --shell tcsh < /dev/null'
    # A prompt set since the last one this wrote (later in ~/.tcshrc, or by hand) is the
    # user's new prompt: the segment goes before it.
    alias __streakprompt_precmd 'if ( "$prompt:q" != "$__streakprompt_last:q" ) set __streakprompt_base = "$prompt:q"; set streakprompt_segment = "`__streakprompt_run`"; if ( "$streakprompt_segment" != "" ) set streakprompt_segment = "$streakprompt_segment "; if ( ! $?STREAKPROMPT_MANUAL ) set prompt = "$streakprompt_segment$__streakprompt_base:q"; set __streakprompt_last = "$prompt:q"'
    if ( "$__streakprompt_user_precmd" != "" ) then
        alias precmd "$__streakprompt_user_precmd; __streakprompt_precmd"
    else
        alias precmd __streakprompt_precmd
    endif
endif
