# Runs before every prompt (the fish_prompt event). Most prompts take the short way: the
# settings are those of the last whole read of the view, the clock is still inside the piece it
# kept, and the view's first line (its stamp) is unchanged: one builtin read of one line.
# Anything else reads the whole view, or runs the binary.
function __streakprompt_precmd
    set -l rel
    if test "$STREAKPROMPT_MODE" != binary -a -z "$STREAKPROMPT_NOW"
        # Everything the segment's text depends on besides the data: when it changes, the
        # binary is asked for the view again. Worked out again only after one of them was set
        # (__streakprompt_on_setting).
        if not set -q __streakprompt_key_ok[1]
            set -g __streakprompt_key "$STREAKPROMPT_NAMES|$STREAKPROMPT_TAGS|$STREAKPROMPT_FORMAT|$TZ|$STREAKPROMPT_DAY_START|$STREAKPROMPT_WEEK_START|$STREAKPROMPT_WARN_AT|$STREAKPROMPT_HOME|$XDG_DATA_HOME|$XDG_CONFIG_HOME|$HOME|$NO_COLOR|$TERM|$LC_ALL|$LC_CTYPE|$LANG|$STREAKPROMPT_STYLE_DONE|$STREAKPROMPT_STYLE_PENDING|$STREAKPROMPT_STYLE_WARN|$STREAKPROMPT_STYLE_BROKEN|$STREAKPROMPT_ICON_DONE|$STREAKPROMPT_ICON_PENDING|$STREAKPROMPT_ICON_WARN|$STREAKPROMPT_ICON_BROKEN|$STREAKPROMPT_HIDE_BROKEN|$STREAKPROMPT_HIDE_ZERO|$STREAKPROMPT_ONLY"
            set -g __streakprompt_key_ok 1
        end
        __streakprompt_clock; and set rel $__streakprompt_rel
    end
    if test -n "$rel" -a "$__streakprompt_key" = "$__streakprompt_view_for"
        and begin
            test $rel -ge $__streakprompt_lo -a $rel -lt $__streakprompt_hi
            or __streakprompt_fresh (math $__streakprompt_clock_base + $rel)
        end
        and test -f "$__streakprompt_view" -a -r "$__streakprompt_view"
        and read -n 36 -l head <$__streakprompt_view
        and test "$head" = "$__streakprompt_head"
        # The segment is the one this piece gave the last prompt, unless it counts down.
        test $__streakprompt_deadline -eq 0; or __streakprompt_show (math $__streakprompt_clock_base + $rel)
    else
        set -l now
        test -n "$rel"; and set now (math $__streakprompt_clock_base + $rel)
        __streakprompt_refresh $now
    end
    # With --manual: STREAKPROMPT_TEXT, the segment without its colours, exported for a prompt
    # another program draws (starship's env_var module, oh-my-posh's templates).
    if test -n "$STREAKPROMPT_MANUAL"
        set -gx STREAKPROMPT_TEXT (string replace -ra '\e\[[0-9;]*m' '' -- "$STREAKPROMPT_SEGMENT")
    end
end
