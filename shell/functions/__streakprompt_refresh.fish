# Refreshes STREAKPROMPT_SEGMENT: from the whole pre-rendered view when it is current (no
# process), else from one short run of the binary, which writes the view for the next prompts.
# $argv[1]: the clock in the zero-fork mode (with __streakprompt_key set); none: the binary mode
# (STREAKPROMPT_MODE=binary, STREAKPROMPT_NOW, fish older than 3.5).
function __streakprompt_refresh --argument-names now
    set -g STREAKPROMPT_SEGMENT
    set -g __streakprompt_head
    set -g __streakprompt_lo 0
    set -g __streakprompt_hi 0
    set -q __streakprompt_checked[1]; or set -g __streakprompt_checked 0
    set -q __streakprompt_check_due[1]; or set -g __streakprompt_check_due 0
    if test -n "$now"
        __streakprompt_read_view $now; and return 0
    end
    set -l bin (__streakprompt_find_bin); or return 0
    set -l args prompt --shell fish
    test -n "$now"; and set -a args --view
    test -n "$STREAKPROMPT_FORMAT"; and set -a args --format "$STREAKPROMPT_FORMAT"
    contains -- "$STREAKPROMPT_ONLY" pending all; and set -a args --only "$STREAKPROMPT_ONLY"
    # No `--` before the names: a valid name never starts with `-`, and the binary's fast path
    # for the prompt takes only these words.
    set -a args (string split -n ' ' -- $STREAKPROMPT_NAMES)
    for tag in (string split -n ' ' -- (string replace -a ',' ' ' -- $STREAKPROMPT_TAGS))
        set -a args --tag $tag
    end
    set -l out (command $bin[1] $args 2>/dev/null </dev/null)
    if test -n "$now"
        # The view's path is the first line.
        set -g __streakprompt_view "$out[1]"
        set -g __streakprompt_view_for $__streakprompt_key
        set out $out[2..-1]
    end
    set -g STREAKPROMPT_SEGMENT $out
    return 0
end
