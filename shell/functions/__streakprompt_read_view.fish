# Reads the whole pre-rendered view with builtins only (no process) and keeps what the next
# prompts need: the piece valid at the clock ($argv[1]) and the instants it is valid between,
# the view's first line (its stamp changes with every byte of the file), the streaks it
# watches. Fails when the binary must run instead: no view yet, settings changed, a file that
# is not a view of this version or does not read, older than the data it shows (a folder changed
# behind it: a sync), or with no piece for now. Nothing in the file is ever run: every number is
# checked as digits before `test` or `math` sees it, every name before it goes into a path.
function __streakprompt_read_view --argument-names now
    set -g __streakprompt_head
    test -n "$__streakprompt_view"; and test "$__streakprompt_view_for" = "$__streakprompt_key"; or return 1
    set -l file $__streakprompt_view
    # fish reports a redirection that fails on stderr whatever redirects it: look first.
    test -f "$file" -a -r "$file"; or return 1
    # One read of at most 16 KB (a view is a few hundred bytes; a file swapped for a huge one
    # costs no more than that), up to a NUL if any, then one line at a time.
    read -z -n 16385 -l content <$file
    test (string length -- "$content") -le 16384; or return 1
    set -l lines (string split -m 256 \n -- "$content")
    string match -qr -- '^streakprompt-view 2 [0-9a-f]{16}$' "$lines[1]"; or return 1
    string match -q -- watch\t'*' "$lines[2]"; or return 1
    set -l home (string replace -r -- '/views/[^/]*$' '' $file)
    set -l watch $home/streaks
    set -l names (string replace -- watch\t '' "$lines[2]")
    if test -n "$names"
        for name in (string split -- ' ' "$names")
            string match -qr -- '^[A-Za-z0-9_][A-Za-z0-9_-]{0,31}$' "$name"; or return 1
            set -a watch $home/streaks/$name
        end
    end
    set -l from 0
    set -l until
    set -l deadline
    set -l text
    set -l found
    for line in $lines[3..-1]
        set -l fields (string split -m 2 -- \t "$line")
        # The `end` line fails here: no piece for now.
        set -q fields[3]; or return 1
        string match -qr -- '^[0-9]{1,12}$' "$fields[1]"; or return 1
        string match -qr -- '^[0-9]{1,12}$' "$fields[2]"; or return 1
        test (string length -- "$fields[3]") -le 4096; or return 1
        set until $fields[1]
        set deadline $fields[2]
        set text $fields[3]
        if test $until -eq 0 -o $now -lt $until
            set found 1
            break
        end
        set from $until
    end
    test -n "$found"; or return 1
    # Only what the binary writes reaches the terminal: text without control characters (the
    # {left} marker aside) and colours as ESC [ digits m. Anything else (a clipboard or title
    # sequence, a clear screen) means the file is not the binary's: it runs instead.
    string match -qr -- '^(?:\e\[[0-9;]*m|\x1f|[^\p{Cc}])*$' "$text"; or return 1
    # The zone file it was rendered with (the line after `end`): its path and the file it
    # resolved to, compared at the once-a-minute check.
    set -g __streakprompt_zone
    set -g __streakprompt_zone_real -
    for line in $lines[3..-1]
        string match -q -- zone\t'*' "$line"; or continue
        set -l fields (string split -- \t "$line")
        set -g __streakprompt_zone "$fields[2]"
        set -g __streakprompt_zone_real "$fields[3]"
        break
    end
    # And the config file (the rule of the binary: XDG_CONFIG_HOME when absolute, else
    # ~/.config): an edit shows at the next check, as a sync does; and the zone file.
    set -l config "$XDG_CONFIG_HOME"
    string match -q -- '/*' "$config"; or set config "$HOME/.config"
    set -g __streakprompt_watch $watch "$config/streakprompt/config" $__streakprompt_zone
    set -g __streakprompt_from $from
    set -g __streakprompt_until $until
    set -g __streakprompt_deadline $deadline
    set -g __streakprompt_text $text
    set -g __streakprompt_head $lines[1]
    if test $now -ge $__streakprompt_check_due -o $now -lt $__streakprompt_checked
        if not __streakprompt_fresh $now
            set -g __streakprompt_head
            return 1
        end
    else
        __streakprompt_window $__streakprompt_checked
    end
    __streakprompt_show $now
end
