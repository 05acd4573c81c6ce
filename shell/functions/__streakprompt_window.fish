# The instants the short way holds between: inside the kept piece, and within 10 seconds of
# the last check ($argv[1]) that no folder changed behind the view.
function __streakprompt_window --argument-names checked
    set -g __streakprompt_lo $__streakprompt_from
    test $checked -le $__streakprompt_from; or set -g __streakprompt_lo $checked
    set -g __streakprompt_hi (math $checked + 10)
    if test $__streakprompt_until -ne 0 -a $__streakprompt_until -lt $__streakprompt_hi
        set -g __streakprompt_hi $__streakprompt_until
    end
end
