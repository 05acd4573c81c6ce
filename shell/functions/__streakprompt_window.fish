# The instants the short way holds between: inside the kept piece, and within 10 seconds of
# the last check ($argv[1]) that no folder changed behind the view; kept as seconds since the
# clock's base (__streakprompt_lo, __streakprompt_hi), as the prompt reads its clock.
function __streakprompt_window --argument-names checked
    set -l lo $__streakprompt_from
    test $checked -le $__streakprompt_from; or set lo $checked
    set -l hi (math $checked + 10)
    if test $__streakprompt_until -ne 0 -a $__streakprompt_until -lt $hi
        set hi $__streakprompt_until
    end
    set -g __streakprompt_lo (math $lo - $__streakprompt_clock_base)
    set -g __streakprompt_hi (math $hi - $__streakprompt_clock_base)
end
