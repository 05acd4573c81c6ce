# The instants the short way holds between: inside the kept piece, and within a minute of
# the last check ($argv[1]) that no folder changed behind the view; kept as seconds since the
# clock's base (__streakprompt_lo, __streakprompt_hi), as the prompt reads its clock.
function __streakprompt_window --argument-names checked
    set -l until $__streakprompt_until
    test $until -ne 0; or set until "$checked + 60"
    set -g __streakprompt_lo (math "max($__streakprompt_from, $checked) - $__streakprompt_clock_base")
    set -g __streakprompt_hi (math "min($checked + 60, $until) - $__streakprompt_clock_base")
end
