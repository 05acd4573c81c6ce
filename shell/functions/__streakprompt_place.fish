# Shows the segment in the right prompt, once: fish_right_prompt prints it, then calls the one
# that was there (kept as __streakprompt_user_right_prompt).
function __streakprompt_place
    test -z "$STREAKPROMPT_MANUAL"; or return 0
    set -q __streakprompt_placed; and return 0
    set -g __streakprompt_placed 1
    if functions -q fish_right_prompt
        functions -c fish_right_prompt __streakprompt_user_right_prompt
    end
    function fish_right_prompt
        __streakprompt_right_prompt
    end
end
