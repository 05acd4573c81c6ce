# Starts the tick in the background, so the command it counts is not slowed; the next prompt
# waits for it (at most two seconds) so that prompt already shows the new count.
function __streakprompt_tick
    __streakprompt_wait_tick
    set -l bin (__streakprompt_find_bin); or return 0
    set -l name $STREAKPROMPT_TICK_NAME
    if test -z "$name"
        set name (string split -n ' ' -- $STREAKPROMPT_NAMES)[1]
        test -n "$name"; or set name default
    end
    command $bin[1] tick --quiet -- $name >/dev/null 2>&1 </dev/null &
    set -g __streakprompt_tick_pid $last_pid
end
