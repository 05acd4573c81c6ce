#!/usr/bin/env sh
# streakprompt for tmux: makes #{streakprompt} in status-left and status-right show the
# segment, e.g. in ~/.tmux.conf:
#
#   set -g status-right '#{streakprompt} %H:%M'
#   set -g @plugin '...'                         # with TPM, or without it:
#   run-shell /path/to/streakprompt/shell/streakprompt.tmux
#
# Options it reads (set them before it runs):
#   @streakprompt-bin     the streakprompt binary (default: the one on the PATH tmux has,
#                         else ~/.local/bin/streakprompt)
#   @streakprompt-names   streaks to show, separated by spaces (default: every one)
#   @streakprompt-tags    or the streaks with these tags ('add NAME --tag T'), separated by spaces
#   @streakprompt-only    pending: only the streaks still to do today
#   @streakprompt-format  the segment format, e.g. '{icon}{count}' (default: the binary's)
#   @streakprompt-mode    push (default, tmux >= 3.2) or command
#
# A status-left or status-right length left at tmux's default (10 and 40) is raised to fit the
# segment, so a clock after it stays in view; one you set is left as it is.
#
# push: every change to the data (a tick in any shell, a git commit, a sync) puts the segment
# into the global option @streakprompt while a tmux server is reachable, and the instant it
# stops being valid (midnight, the warn time) into @streakprompt-until; #{streakprompt}
# becomes a condition on the status line's own clock (%s) that shows @streakprompt until then,
# and after it runs the binary once through #(), which pushes the next text. So the status
# line costs no process per refresh; `status-right '#{@streakprompt}'` alone works too, without
# the midnight change. command: #() runs the binary every status-interval seconds (default
# 15; `set -g status-interval 5` shows a tick sooner). Running this script again changes nothing: once replaced, no
# #{streakprompt} is left to replace. The options reach the command as tmux-quoted data
# (#{q:...}), and the segment's own # are doubled by the binary, so neither can run. tmux's
# quoting leaves line breaks as they are, which would end the command: control characters are
# taken out of @streakprompt-format here (the segment never shows them anyway).
set -euf

option() {
    tmux show-option -gqv "$1"
}

# Shows a line on the status line as written: tmux reads a message as a format (#(...) in it
# would run) and passes it through strftime (%Y would be the year), so # and % are doubled,
# and control characters taken out. Options' values reach it (a name that is not one).
message() {
    tmux display-message "$(printf '%s' "$1" | tr -d '\000-\037\177' | sed 's/[#%]/&&/g')"
}

if [ -z "$(option @streakprompt-bin)" ]; then
    bin=$(command -v streakprompt 2>/dev/null || true)
    if [ -z "$bin" ] && [ -x "${HOME:-}/.local/bin/streakprompt" ]; then
        bin=$HOME/.local/bin/streakprompt
    fi
    tmux set-option -gq @streakprompt-bin "${bin:-streakprompt}"
fi

# The value exactly, trailing line breaks included: show-option ends a set value with a line
# break (and prints nothing for an unset one).
format=$(option @streakprompt-format; printf x)
format=${format%x}
format=${format%'
'}
clean=$(printf '%s' "$format" | tr -d '\000-\037\177')
if [ "$clean" != "$format" ]; then
    tmux set-option -gq @streakprompt-format "$clean"
fi
arguments=" prompt --shell tmux"
if [ -n "$clean" ]; then
    arguments="$arguments --format #{q:@streakprompt-format}"
fi
for name in $(option @streakprompt-names); do
    case $name in
        -* | *[!A-Za-z0-9_-]*)
            message "streakprompt: @streakprompt-names: '$name' is not a streak name; skipped"
            ;;
        *) arguments="$arguments $name" ;;
    esac
done
tags=$(option @streakprompt-tags | tr ',' ' ')
for tag in $tags; do
    case $tag in
        -* | *[!A-Za-z0-9_-]*)
            message "streakprompt: @streakprompt-tags: '$tag' is not a tag; skipped"
            ;;
        *) arguments="$arguments --tag $tag" ;;
    esac
done
# @streakprompt-only pending: only what is still to do today.
case $(option @streakprompt-only) in
    pending) arguments="$arguments --only pending" ;;
    '' | all) ;;
    *) message "streakprompt: @streakprompt-only: use pending or all" ;;
esac
segment="#(#{q:@streakprompt-bin}$arguments)"
# The segment's command line, as arguments: what push mode registers, and what the width of
# the status line is measured by.
set -- prompt --shell tmux
[ -z "$clean" ] || set -- "$@" --format "$clean"
for name in $(option @streakprompt-names); do
    case $name in -* | *[!A-Za-z0-9_-]*) ;; *) set -- "$@" "$name" ;; esac
done
for tag in $tags; do
    case $tag in -* | *[!A-Za-z0-9_-]*) ;; *) set -- "$@" --tag "$tag" ;; esac
done
[ "$(option @streakprompt-only)" != pending ] || set -- "$@" --only pending
if [ "$(option @streakprompt-mode)" != command ]; then
    # Register the view and push the segment now; after @streakprompt-until, #() asks again.
    "$(option @streakprompt-bin)" "$@" --view >/dev/null 2>&1 </dev/null || true
    segment="#{?#{e|<:%s,#{@streakprompt-until}},#{@streakprompt},#(#{q:@streakprompt-bin}$arguments --view)}"
fi

# Replaces every #{streakprompt} in $1 with the segment's #() command.
interpolate() {
    rest=$1
    out=
    while :; do
        case $rest in
            *'#{streakprompt}'*)
                out=$out${rest%%'#{streakprompt}'*}$segment
                rest=${rest#*'#{streakprompt}'}
                ;;
            *)
                printf '%s' "$out$rest"
                return 0
                ;;
        esac
    done
}

for side in status-left status-right; do
    value=$(option "$side")
    case $value in
        *'#{streakprompt}'*)
            tmux set-option -gq "$side" "$(interpolate "$value")"
            # tmux cuts a side at its length, 40 by default for status-right (10 for
            # status-left): with several streaks the clock after the segment disappears. A
            # length left at tmux's default grows by what the segment shows (styles aside; two
            # columns a character, as icons are wide), never shrinks.
            default=40
            [ "$side" = status-right ] || default=10
            if [ "$(option "$side-length")" = "$default" ]; then
                # Push mode has the segment in @streakprompt; command mode asks the binary once.
                if [ "$(option @streakprompt-mode)" != command ]; then
                    shown=$(option @streakprompt)
                else
                    shown=$("$(option @streakprompt-bin)" "$@" 2>/dev/null </dev/null || true)
                fi
                shown=$(printf '%s' "$shown" | sed 's/#\[[^]]*\]//g')
                characters=$(printf '%s' "$shown" | LC_ALL=C.UTF-8 wc -m 2>/dev/null || printf '%s' "$shown" | wc -c)
                tmux set-option -gq "$side-length" "$((default + 2 * characters))"
            fi
            ;;
    esac
done
