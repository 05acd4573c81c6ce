# Sets the segment from the piece kept by __streakprompt_read_view at the clock ($argv[1]): the
# time left until its deadline (3h12m, 45m) goes where the text holds the {left} marker (U+001F).
function __streakprompt_show --argument-names now
    set -l text $__streakprompt_text
    if test $__streakprompt_deadline -gt 0
        set -l left (math -s0 "($__streakprompt_deadline - $now + 59) / 60")
        if test $left -ge 60
            set left (math -s0 "$left / 60")h(math -s0 "$left % 60")m
        else
            set left "$left"m
        end
        set text (string replace -a -- \x1f $left "$text")
    end
    set -g STREAKPROMPT_SEGMENT $text
end
