# Waits (at most two seconds) for the tick started by __streakprompt_tick, then lets it go
# without a job notice.
function __streakprompt_wait_tick
    set -q __streakprompt_tick_pid[1]; or return 0
    set -l pid $__streakprompt_tick_pid
    set -e __streakprompt_tick_pid
    set -l waited 0
    while contains -- $pid (jobs -p); and test $waited -lt 200
        command sleep 0.01
        set waited (math $waited + 1)
    end
    contains -- $pid (jobs -p); and disown $pid 2>/dev/null
    return 0
end
