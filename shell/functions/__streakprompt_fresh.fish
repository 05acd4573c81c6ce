# Whether the piece kept by the last whole read still holds at the clock ($argv[1]) and no
# folder changed behind the view (a sync brought another machine's actions, which no command
# here wrote into it) and the config file was not edited since: the streaks folder, each streak
# folder the view watches and the config file (__streakprompt_watch) are not newer than the
# view. fish sees whole seconds: a folder changed in the second the view was written counts as
# older (a tick writes both in one second). Asked once a minute at most; then the prompts up to
# a minute on (within the piece) take the short way.
function __streakprompt_fresh --argument-names now
    test -n "$__streakprompt_head"; or return 1
    test $now -ge $__streakprompt_from; or return 1
    test $__streakprompt_until -eq 0 -o $now -lt $__streakprompt_until; or return 1
    test -f "$__streakprompt_view"; or return 1
    # One stat each, in one call: the view first; a folder or file that does not exist (a
    # streak not made yet, no config) prints nothing, and is not newer.
    set -l times (path mtime -- $__streakprompt_view $__streakprompt_watch)
    set -q times[1]; or return 1
    string match -qvr -- '^-?[0-9]{1,12}$' $times; and return 1
    for folder in $times[2..-1]
        test $folder -le $times[1]; or return 1
    end
    # The zone: the file TZ (or /etc/localtime) names still resolves to the one the view was
    # rendered with (a relinked /etc/localtime), or there is still none; an edit in place is
    # newer than the view (above).
    if test -n "$__streakprompt_zone"
        if test "$__streakprompt_zone_real" = -
            test -e "$__streakprompt_zone"; and return 1
        else
            set -l real (path resolve -- $__streakprompt_zone)
            test "$real" = "$__streakprompt_zone_real"; or return 1
        end
    end
    set -g __streakprompt_checked $now
    set -g __streakprompt_check_due (math $now + 60)
    __streakprompt_window $now
end
