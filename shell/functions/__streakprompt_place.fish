# Shows the segment in the right prompt: fish_right_prompt prints it, then calls the one that
# was there (kept as __streakprompt_user_right_prompt). Called at load and at the first prompt:
# a fish_right_prompt defined after the plugin loaded (config.fish runs after fisher's conf.d;
# a theme loaded later) is kept the same way instead of replacing the segment, and loading the
# plugin again puts it back. One erased on purpose stays erased.
function __streakprompt_place
    test -z "$STREAKPROMPT_MANUAL"; or return 0
    if set -q __streakprompt_placed
        functions -q fish_right_prompt; or return 0
        string match -q -- '*__streakprompt_right_prompt*' (functions fish_right_prompt); and return 0
        functions -e __streakprompt_user_right_prompt
    end
    set -g __streakprompt_placed 1
    if functions -q fish_right_prompt
        functions -c fish_right_prompt __streakprompt_user_right_prompt
    end
    function fish_right_prompt
        __streakprompt_right_prompt
    end
end
