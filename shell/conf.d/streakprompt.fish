# streakprompt for fish (>= 3.1): your daily streak in the prompt, and an optional hook that
# counts a streak when a command you name runs.
#
# Load it (one of):
#   streakprompt init fish | source         # in config.fish; flags: --name, --format, --tick-on, --manual
#   fisher install /path/to/streakprompt/shell
#
# Variables it reads before every prompt (set them before loading, or any time after):
#   STREAKPROMPT_BIN       the streakprompt binary (default: streakprompt on PATH)
#   STREAKPROMPT_NAMES     streaks the segment shows, a list or separated by spaces
#   STREAKPROMPT_TAGS      or the streaks with these tags ('add NAME --tag T'), a list or separated by spaces
#                          (default: every one)
#   STREAKPROMPT_FORMAT    the segment format, e.g. '{icon}{count}' (default: the binary's)
#   STREAKPROMPT_ONLY      pending: only the streaks still to do today
#   STREAKPROMPT_TICK_ON   regular expression: a command line that matches it, when you run
#                          it, counts today for STREAKPROMPT_TICK_NAME
#   STREAKPROMPT_TICK_NAME the streak that hook counts (default: the first of
#                          STREAKPROMPT_NAMES, else "default")
#   STREAKPROMPT_MODE      binary: run the binary before every prompt instead of reading the
#                          pre-rendered view (the default on fish >= 3.5, zero-fork: see the
#                          docs/speed.md; older fish always runs the binary)
#   STREAKPROMPT_MANUAL    non-empty: leave the prompt functions alone and print the segment
#                          yourself, e.g. in fish_prompt: printf '%s ' $STREAKPROMPT_SEGMENT
#                          (it also exports STREAKPROMPT_TEXT, the segment without colours,
#                          for starship's env_var module or oh-my-posh)
# and the binary's own: STREAKPROMPT_HOME, STREAKPROMPT_DAY_START, STREAKPROMPT_WARN_AT, the
# styles and icons (streakprompt config), NO_COLOR, TZ.
#
# It sets STREAKPROMPT_SEGMENT before every prompt. fish_prompt is yours and stays untouched:
# the segment goes into the right prompt, before whatever your fish_right_prompt prints.
# Undo it with __streakprompt_unload (fisher remove does).

# Sourced by hand from a copy of shell/ (source /path/shell/conf.d/streakprompt.fish), where no
# plugin manager put the functions on fish_function_path: the functions folder beside this one.
if not functions -q __streakprompt_precmd
    set -l __streakprompt_functions (string replace -r '/[^/]*/[^/]*$' '' -- (status filename))/functions
    if test -f "$__streakprompt_functions/__streakprompt_precmd.fish"
        and not contains -- $__streakprompt_functions $fish_function_path
        set -g fish_function_path $fish_function_path $__streakprompt_functions
    end
end

function __streakprompt_on_prompt --on-event fish_prompt
    # The first prompt comes after config.fish: a right prompt it defined goes after the segment.
    if not set -q __streakprompt_prompted
        set -g __streakprompt_prompted 1
        __streakprompt_place
    end
    __streakprompt_wait_tick
    __streakprompt_precmd
end

# The settings the view's key is made of (__streakprompt_precmd): setting one of them makes the
# next prompt work the key out again, instead of every prompt.
function __streakprompt_on_setting --on-variable STREAKPROMPT_NAMES --on-variable STREAKPROMPT_TAGS \
    --on-variable STREAKPROMPT_FORMAT --on-variable TZ --on-variable STREAKPROMPT_DAY_START \
    --on-variable STREAKPROMPT_WEEK_START --on-variable STREAKPROMPT_WARN_AT \
    --on-variable STREAKPROMPT_HOME --on-variable XDG_DATA_HOME --on-variable XDG_CONFIG_HOME \
    --on-variable HOME --on-variable NO_COLOR --on-variable TERM --on-variable LC_ALL \
    --on-variable LC_CTYPE --on-variable LANG --on-variable STREAKPROMPT_STYLE_DONE \
    --on-variable STREAKPROMPT_STYLE_PENDING --on-variable STREAKPROMPT_STYLE_WARN \
    --on-variable STREAKPROMPT_STYLE_BROKEN --on-variable STREAKPROMPT_ICON_DONE \
    --on-variable STREAKPROMPT_ICON_PENDING --on-variable STREAKPROMPT_ICON_WARN \
    --on-variable STREAKPROMPT_ICON_BROKEN --on-variable STREAKPROMPT_HIDE_BROKEN \
    --on-variable STREAKPROMPT_HIDE_ZERO --on-variable STREAKPROMPT_ONLY
    set -e __streakprompt_key_ok
end

function __streakprompt_on_preexec --on-event fish_preexec
    test -n "$STREAKPROMPT_TICK_ON"; or return 0
    string match -qr -- "$STREAKPROMPT_TICK_ON" "$argv[1]" 2>/dev/null; or return 0
    __streakprompt_tick
end

function __streakprompt_on_uninstall --on-event streakprompt_uninstall
    __streakprompt_unload
end

# Only interactive shells get a prompt.
if status is-interactive
    __streakprompt_place
end
