# shellcheck shell=sh
# streakprompt for POSIX shells (dash, mksh, ksh, busybox ash, posh): the segment at the start
# of PS1. Load it from the file your shell reads at start-up (ENV, ~/.mkshrc, ~/.kshrc):
#   eval "$(streakprompt init sh)"
#
# Settings (set before this runs, or by `streakprompt init sh --name NAME --format FMT`):
#   STREAKPROMPT_BIN       the binary (default: streakprompt on PATH)
#   STREAKPROMPT_NAMES     streaks the segment shows, separated by spaces (default: every one)
#   STREAKPROMPT_TAGS      or the streaks with these tags, separated by spaces
#   STREAKPROMPT_FORMAT    the segment format, e.g. '{icon}{count}'
#   STREAKPROMPT_MANUAL    1: leave PS1 alone; put $(__streakprompt_segment) in it yourself
#
# A POSIX shell has no hook before a prompt or a command: PS1 runs the binary through $(...)
# at each prompt, and a command cannot tick on its own (no --tick-on). The segment has no
# colours: these shells' line editors cannot be told which bytes take no room, and a line
# would wrap in the wrong place. Nothing from the data runs as code: the output of $(...) in
# PS1 is not expanded again.

__streakprompt_segment() {
    __streakprompt_out=$(
        # A subshell: the words are split here (no globbing), and nothing leaks out.
        set -f
        IFS=' ,'
        set -- prompt --shell plain
        [ -z "${STREAKPROMPT_FORMAT-}" ] || set -- "$@" --format "$STREAKPROMPT_FORMAT"
        for __streakprompt_word in ${STREAKPROMPT_NAMES-}; do set -- "$@" "$__streakprompt_word"; done
        for __streakprompt_word in ${STREAKPROMPT_TAGS-}; do set -- "$@" --tag "$__streakprompt_word"; done
        NO_COLOR=1
        export NO_COLOR
        # A binary moved or removed since `init` falls back to streakprompt on PATH (with
        # none, exec fails quietly: no segment).
        __streakprompt_bin=${STREAKPROMPT_BIN:-streakprompt}
        case $__streakprompt_bin in
            */*) [ -x "$__streakprompt_bin" ] || __streakprompt_bin=streakprompt ;;
            *) command -v "$__streakprompt_bin" >/dev/null 2>&1 || __streakprompt_bin=streakprompt ;;
        esac
        exec "$__streakprompt_bin" "$@" 2>/dev/null </dev/null
    ) || __streakprompt_out=
    [ -z "$__streakprompt_out" ] || printf '%s ' "$__streakprompt_out"
}

if [ -z "${__streakprompt_loaded-}" ] && [ "${STREAKPROMPT_MANUAL-}" != 1 ]; then
    __streakprompt_loaded=1
    # Single quotes: PS1 runs the function at every prompt, not once now.
    # shellcheck disable=SC2016
    PS1='$(__streakprompt_segment)'"${PS1-\$ }"
fi
