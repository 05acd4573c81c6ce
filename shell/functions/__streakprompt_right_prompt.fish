# The right prompt: the segment, then the user's own right prompt (with the status it expects).
function __streakprompt_right_prompt
    set -l last_status $status
    set -l segment "$STREAKPROMPT_SEGMENT"
    if test -z "$STREAKPROMPT_MANUAL"; and test -n "$segment"
        printf '%s' "$segment"
    end
    if functions -q __streakprompt_user_right_prompt
        test -z "$STREAKPROMPT_MANUAL"; and test -n "$segment"; and printf ' '
        __streakprompt_set_status $last_status
        __streakprompt_user_right_prompt
    end
end
