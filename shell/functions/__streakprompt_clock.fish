# Reads the clock with builtins only, or fails (fish older than 3.5, no fish executable to
# stat): then the prompt runs the binary. fish 3.x has no clock builtin, but `path mtime
# --relative` prints the seconds since a file changed, so the clock (seconds since the epoch)
# is the mtime of a file that does not change (fish's own executable, stat'ed once),
# __streakprompt_clock_base, plus that, __streakprompt_rel: the prompt compares
# __streakprompt_rel with bounds kept in the same terms, and adds the two (a `math`) only when
# it needs the clock itself. The mtime is read again in the same substitution: a file that
# changed (fish was upgraded) is not trusted; the base is taken again at the next prompt.
function __streakprompt_clock
    if not set -q __streakprompt_clock_base[1]
        set -g __streakprompt_clock_base ''
        set -g __streakprompt_clock_file ''
        # path mtime came with fish 3.5.
        string match -qr -- '^(3\.([5-9]|[1-9][0-9])|[4-9]|[1-9][0-9])\.' "$version"; or return 1
        set -l file (status fish-path 2>/dev/null)
        test -f "$file[1]"; or return 1
        set -l base (path mtime -- $file[1] 2>/dev/null)
        string match -qr -- '^[0-9]{1,12}$' "$base"; or return 1
        set -g __streakprompt_clock_file $file[1]
        set -g __streakprompt_clock_base $base
        # A new base: bounds kept in the terms of another no longer hold.
        set -g __streakprompt_lo 0
        set -g __streakprompt_hi 0
    end
    test -n "$__streakprompt_clock_base"; or return 1
    set -l times (path mtime --relative -- $__streakprompt_clock_file; path mtime -- $__streakprompt_clock_file)
    if test "$times[2]" != "$__streakprompt_clock_base"
        # Changed (or gone): check it again next time.
        set -e __streakprompt_clock_base
        return 1
    end
    string match -qr -- '^[0-9]{1,12}$' "$times[1]"; or return 1
    set -g __streakprompt_rel $times[1]
end
