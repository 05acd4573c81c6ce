# Refreshes STREAKPROMPT_SEGMENT from the prompt cache (one short run of the binary).
function __streakprompt_refresh
    set -g STREAKPROMPT_SEGMENT
    set -l bin (__streakprompt_find_bin); or return 0
    set -l args prompt --shell fish
    test -n "$STREAKPROMPT_FORMAT"; and set -a args --format "$STREAKPROMPT_FORMAT"
    # No `--` before the names: a valid name never starts with `-`, and the binary's fast path
    # for the prompt takes only these words.
    set -a args (string split -n ' ' -- $STREAKPROMPT_NAMES)
    set -g STREAKPROMPT_SEGMENT (command $bin[1] $args 2>/dev/null </dev/null)
    return 0
end
