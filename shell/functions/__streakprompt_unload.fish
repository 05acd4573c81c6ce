# Takes everything back out: the event handlers, the right prompt as it was, and what the
# zero-fork prompt kept (the view it reads, the piece, the clock's base).
function __streakprompt_unload
    __streakprompt_wait_tick
    if set -q __streakprompt_placed
        functions -e fish_right_prompt
        if functions -q __streakprompt_user_right_prompt
            functions -c __streakprompt_user_right_prompt fish_right_prompt
        end
    end
    set -e __streakprompt_placed
    set -e STREAKPROMPT_SEGMENT STREAKPROMPT_TEXT
    for name in (set -n | string match -- '__streakprompt_*')
        set -e $name
    end
    for name in (functions -a | string match -- '__streakprompt_*')
        functions -e $name
    end
end
