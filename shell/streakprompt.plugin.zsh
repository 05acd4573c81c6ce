# streakprompt for zsh (>= 5.1): your daily streak in the prompt, and an optional hook that
# counts a streak when a command you name runs.
#
# Load it from ~/.zshrc, after your theme (one of):
#   eval "$(streakprompt init zsh)"         # flags: --name, --format, --tick-on, --manual
#   source /path/to/streakprompt/shell/streakprompt.plugin.zsh
#   oh-my-zsh, zinit, antidote: a plugin whose folder is shell/ (see docs/shells.md)
#
# Variables it reads before every prompt (set them before loading, or any time after):
#   STREAKPROMPT_BIN       the streakprompt binary (default: streakprompt on PATH)
#   STREAKPROMPT_NAMES     streaks the segment shows, separated by spaces (default: every one)
#   STREAKPROMPT_TAGS      or the streaks with these tags ('add NAME --tag T'), separated by spaces
#   STREAKPROMPT_FORMAT    the segment format, e.g. '{icon}{count}' (default: the binary's)
#   STREAKPROMPT_ONLY      pending: only the streaks still to do today
#   STREAKPROMPT_TICK_ON   extended regular expression: a command line that matches it,
#                          when you run it, counts today for STREAKPROMPT_TICK_NAME
#   STREAKPROMPT_TICK_NAME the streak that hook counts (default: the first of
#                          STREAKPROMPT_NAMES, else "default")
#   STREAKPROMPT_MODE      binary: run the binary before every prompt instead of reading the
#                          pre-rendered view (the default, zero-fork: see docs/speed.md)
#   STREAKPROMPT_MANUAL    non-empty: leave PROMPT alone and put the segment in it yourself:
#                          setopt prompt_subst; PROMPT='${STREAKPROMPT_SEGMENT} %~ %# '
#                          (it also exports STREAKPROMPT_TEXT, the segment without colours,
#                          for starship's env_var module or oh-my-posh)
# and the binary's own: STREAKPROMPT_HOME, STREAKPROMPT_DAY_START, STREAKPROMPT_WARN_AT, the
# styles and icons (streakprompt config), NO_COLOR, TZ.
#
# It sets STREAKPROMPT_SEGMENT (the segment, escaped for PROMPT) before every prompt. By default
# it adds the segment at the start of PROMPT: with PROMPT_SUBST as a reference to a variable,
# without it as its colours and references to psvar (%40v and on) that hold its text, so a
# theme that turns PROMPT_SUBST on later finds no text to run; nothing in a streak's name,
# icon or format can run as code either way. Without PROMPT_PERCENT zsh would print both ways
# as they are written: no segment then. Undo it with __streakprompt_unload.
#
# eval and source parse this file under the options of the shell loading it (`emulate sh` or
# `setopt ignore_braces` in ~/.zshrc before it); the hooks set `emulate -L zsh` only once
# they run. So the file holds nothing those options read another way, but for a descriptor
# named in braces (`exec {fd}<file` runs a command named `{fd}` under IGNORE_BRACES): that
# is written in an eval, which reads it when it runs, under the hook's emulation.

# Sets __streakprompt_bin_path to the binary to run, or fails when there is none.
function __streakprompt_find_bin() {
    \builtin emulate -L zsh
    \builtin local bin=${STREAKPROMPT_BIN-}
    \builtin typeset -g __streakprompt_bin_path=
    if [[ $bin == */* ]]; then
        [[ -x $bin ]] && __streakprompt_bin_path=$bin
    elif [[ -n $bin ]]; then
        __streakprompt_bin_path=${commands[$bin]-}
    fi
    # A binary that moved or disappeared since `init` falls back to the one on PATH.
    [[ -n $__streakprompt_bin_path ]] || __streakprompt_bin_path=${commands[streakprompt]-}
    [[ -n $__streakprompt_bin_path ]]
}

# Reads the whole pre-rendered view with builtins only (no fork) and keeps what the next
# prompts need: the piece valid at the shell's clock ($1, zsh/datetime) and the instants it is
# valid between, the view's first line (its stamp changes with every byte of the file), the
# streaks it watches; $2 is 1 when PROMPT_BANG is on. Fails when the binary must run instead: no
# view yet, settings changed, a file that is not a view of this version or does not read, older
# than the data it shows (a sync), or with no piece for now. (Called from
# __streakprompt_refresh, under its `emulate -L zsh`: arrays start at 1.)
function __streakprompt_read_view() {
    \builtin typeset -g __streakprompt_head=
    [[ -n ${__streakprompt_view-} && ${__streakprompt_view_for-} == "$__streakprompt_key" ]] || \builtin return 1
    # shellcheck disable=SC2034 # view: filled by zsh's sysread, read by the (@f) split below
    \builtin local file=$__streakprompt_view now=$1 view line until deadline text name from=0
    \builtin local -a watch
    [[ -f $file && -r $file && -n ${__streakprompt_sysread-} ]] || \builtin return 1
    # At most 16 KB, in one read(2) with zsh/system's sysread (a view is a few hundred bytes;
    # a file swapped for a huge one costs no more than that): one more byte means too large.
    # Quiet if the file went since the look. Then split into lines once, and expansions on one
    # short line at a time: in a UTF-8 locale each expansion costs in the length of its string.
    \builtin local -i fd=-1 ended=0
    # {fd} is read in an eval, under this emulation, not where the plugin loads (see the top).
    # shellcheck disable=SC2016 # expanded by the eval
    \builtin eval '\builtin exec {fd}<"$file"' 2>/dev/null || \builtin return 1
    \builtin sysread -i $fd -s 16384 view
    \builtin sysread -i $fd -s 1 line
    (( $? == 5 )) && ended=1
    \builtin eval '\builtin exec {fd}<&-'
    (( ended )) || \builtin return 1
    \builtin local -a lines
    # shellcheck disable=SC2296 # zsh's (@f): split on newlines, empty lines kept
    lines=("${(@f)view}")
    [[ ${lines[1]-} == 'streakprompt-view 2 '* && ${#lines[1]} -eq 36 && ${lines[2]-} == $'watch\t'* ]] || \builtin return 1
    # The streaks it shows, checked as names before they go into any path.
    line=${lines[2]#*$'\t'}
    watch=("${file%/views/*}/streaks")
    while [[ -n $line ]]; do
        name=${line%% *}
        line=${line#"$name"}
        line=${line# }
        [[ -n $name && $name != -* && $name != *[^A-Za-z0-9_-]* && ${#name} -le 32 ]] || \builtin return 1
        watch+=("${file%/views/*}/streaks/$name")
    done
    \builtin local -i i=3
    while :; do
        (( i <= ${#lines} )) || \builtin return 1
        line=${lines[i]}
        (( i++ ))
        until=${line%%$'\t'*}
        line=${line#*$'\t'}
        deadline=${line%%$'\t'*}
        text=${line#*$'\t'}
        # Digits only before any arithmetic: a value could otherwise run code in $(( )). The
        # `end` line fails here: no piece for now.
        [[ -n $until && $until != *[^0-9]* && ${#until} -le 12 && -n $deadline && $deadline != *[^0-9]* &&
            ${#deadline} -le 12 && ${#text} -le 4096 ]] || \builtin return 1
        (( until == 0 || now < until )) && \builtin break
        from=$until
    done
    # Only what the binary writes reaches the terminal: text without control characters (the
    # {left} marker aside) and without % escapes (only %% is written), and colours as
    # %{ ESC [ digits m %}. Anything else (a clipboard or title sequence, a clear screen, a
    # %F{...} or %D{...} of zsh's) means the file is not the binary's: it runs instead.
    \builtin setopt localoptions extendedglob
    line=${text//$'\x1f'/}
    line=${line//\%\{$'\e'\[[0-9\;]#m\%\}/}
    line=${line//\%\%/}
    [[ $line != *[[:cntrl:]%]* ]] || \builtin return 1
    # The zone file it was rendered with (the line after `end`): its path and the file it
    # resolved to, compared at the once-a-minute check.
    \builtin typeset -g __streakprompt_zone='' __streakprompt_zone_real=-
    while (( i <= ${#lines} )); do
        line=${lines[i]}
        (( i++ ))
        [[ $line == $'zone\t'* ]] || \builtin continue
        line=${line#zone$'\t'}
        __streakprompt_zone=${line%%$'\t'*}
        line=${line#*$'\t'}
        __streakprompt_zone_real=${line%%$'\t'*}
        \builtin break
    done
    # And the config file (the rule of the binary: XDG_CONFIG_HOME when absolute, else
    # ~/.config): an edit shows at the next check, as a sync does; and the zone file.
    name=${XDG_CONFIG_HOME-}
    [[ $name == /* ]] || name=${HOME-}/.config
    watch+=("$name/streakprompt/config" ${__streakprompt_zone:+"$__streakprompt_zone"})
    \builtin typeset -ga __streakprompt_watch
    __streakprompt_watch=("${watch[@]}")
    \builtin typeset -g __streakprompt_from=$from __streakprompt_until=$until __streakprompt_deadline=$deadline \
        __streakprompt_text=$text __streakprompt_head=${lines[1]}$'\n'
    __streakprompt_fresh "$now" || { __streakprompt_head=; \builtin return 1; }
    __streakprompt_show "$now" "${2-0}"
}

# Whether the piece kept by the last whole read still holds at the clock $1 and no folder
# changed behind the view (a sync brought another machine's actions, which no command here
# wrote into it) and the config file was not edited since: the streaks folder, each streak
# folder the view watches and the config file (__streakprompt_watch) are older than the view. Then the prompts up to a minute on (and
# within the piece) take the short way: __streakprompt_lo and __streakprompt_hi are the
# instants it holds between. Asked once a minute at most, since each folder is a pair of stats.
function __streakprompt_fresh() {
    [[ -n ${__streakprompt_head-} ]] &&
        (( $1 >= __streakprompt_from && ($1 < __streakprompt_until || __streakprompt_until == 0) )) || \builtin return 1
    \builtin local folder
    for folder in "${__streakprompt_watch[@]}"; do
        [[ ! $folder -nt $__streakprompt_view ]] || \builtin return 1
    done
    # The zone: the file TZ (or /etc/localtime) names still resolves to the one the view was
    # rendered with (a relinked /etc/localtime), or there is still none; an edit in place is
    # newer than the view (above).
    if [[ -n ${__streakprompt_zone-} ]]; then
        if [[ $__streakprompt_zone_real == - ]]; then
            [[ ! -e $__streakprompt_zone ]] || \builtin return 1
        else
            [[ $__streakprompt_zone -ef $__streakprompt_zone_real ]] || \builtin return 1
        fi
    fi
    (( __streakprompt_lo = $1, __streakprompt_hi = $1 + 60,
       __streakprompt_hi = __streakprompt_until == 0 || __streakprompt_until > __streakprompt_hi ? __streakprompt_hi : __streakprompt_until ))
}

# Sets the segment from the piece kept by __streakprompt_read_view at the clock $1: the time
# left until its deadline goes where the text holds the {left} marker; $2 is 1 when PROMPT_BANG
# is on: zsh then shows a lone ! in PROMPT as the history number, so every ! is doubled (!!
# shows one !).
function __streakprompt_show() {
    \builtin local text=$__streakprompt_text left
    if (( __streakprompt_deadline > 0 )); then
        (( left = (__streakprompt_deadline - $1 + 59) / 60 ))
        if (( left >= 60 )); then left="$(( left / 60 ))h$(( left % 60 ))m"; else left="${left}m"; fi
        text=${text//$'\x1f'/$left}
    fi
    [[ ${2-} == 1 ]] && text=${text//'!'/'!!'}
    \builtin typeset -g STREAKPROMPT_SEGMENT=$text __streakprompt_ps1=${text:+"$text "}
}

# Refreshes STREAKPROMPT_SEGMENT: from the whole pre-rendered view when it is current (no
# fork), else from one short run of the binary, which writes the view for the next prompts. $1
# is 1 when the user's PROMPT_BANG is on; $2 is the shell's clock in the zero-fork mode (with
# __streakprompt_key set), empty in the binary mode (STREAKPROMPT_MODE=binary,
# STREAKPROMPT_NOW, no zsh/datetime).
function __streakprompt_refresh() {
    \builtin emulate -L zsh
    \builtin typeset -g STREAKPROMPT_SEGMENT='' __streakprompt_ps1='' __streakprompt_head='' __streakprompt_hi=0
    \builtin local zero=${2-}
    [[ -n $zero ]] && __streakprompt_read_view "$zero" "${1-0}" && \builtin return 0
    __streakprompt_find_bin || \builtin return 0
    \builtin local IFS=$' \t\n'
    \builtin local -a args
    args=(prompt --shell zsh)
    [[ -n $zero ]] && args+=(--view)
    [[ -n ${STREAKPROMPT_FORMAT-} ]] && args+=(--format "$STREAKPROMPT_FORMAT")
    [[ ${STREAKPROMPT_ONLY-} == pending || ${STREAKPROMPT_ONLY-} == all ]] && args+=(--only "$STREAKPROMPT_ONLY")
    # No `--` before the names: a valid name never starts with `-`, and the binary's fast path
    # for the prompt takes only these words.
    # shellcheck disable=SC2206 # zsh: ${=...} splits on purpose, and does not glob the words
    args+=(${=STREAKPROMPT_NAMES-})
    \builtin local tag tags=${STREAKPROMPT_TAGS-}
    tags=${tags//,/ }
    # shellcheck disable=SC2296 # zsh: ${=...} splits on purpose, and does not glob the words
    for tag in ${=tags}; do args+=(--tag "$tag"); done
    STREAKPROMPT_SEGMENT=$(\command "$__streakprompt_bin_path" "${args[@]}" 2>/dev/null </dev/null) || STREAKPROMPT_SEGMENT=
    if [[ -n $zero ]]; then
        # The view's path is the first line.
        \builtin typeset -g __streakprompt_view=${STREAKPROMPT_SEGMENT%%$'\n'*} __streakprompt_view_for=$__streakprompt_key
        if [[ $STREAKPROMPT_SEGMENT == *$'\n'* ]]; then
            STREAKPROMPT_SEGMENT=${STREAKPROMPT_SEGMENT#*$'\n'}
        else
            STREAKPROMPT_SEGMENT=
        fi
    fi
    [[ ${1-} == 1 ]] && STREAKPROMPT_SEGMENT=${STREAKPROMPT_SEGMENT//'!'/'!!'}
    [[ -n $STREAKPROMPT_SEGMENT ]] && __streakprompt_ps1="$STREAKPROMPT_SEGMENT "
    return 0
}

# Puts the segment at the start of PROMPT, checked before every prompt so that a theme that
# sets PROMPT again still gets it. $1 is 1 when the user's PROMPT_SUBST is on, $2 when
# PROMPT_BANG is, $3 when PROMPT_PERCENT is.
function __streakprompt_place() {
    \builtin emulate -L zsh
    [[ -z ${STREAKPROMPT_MANUAL-} ]] || \builtin return 0
    # shellcheck disable=SC2016 # the reference is expanded by zsh when it draws the prompt
    \builtin local reference='${__streakprompt_ps1-}' text=${PROMPT-}
    # Take out what an earlier prompt pasted, if the prompt still starts with it.
    if [[ -n ${__streakprompt_pasted-} && $text == "$__streakprompt_pasted"* ]]; then
        text=${text#"$__streakprompt_pasted"}
    fi
    \builtin typeset -g __streakprompt_pasted=
    if [[ ${3-1} != 1 ]]; then
        # Without PROMPT_PERCENT the colours' %{ %}, a %40v and the segment's doubled % would
        # all show as they are: no segment, and the prompt as it would be without the plugin.
        text=${text//"$reference"/}
        __streakprompt_psvar
    elif [[ $1 == 1 ]]; then
        [[ $text == *"$reference"* ]] || text=$reference$text
        __streakprompt_psvar
    else
        # Without PROMPT_SUBST a reference would show as text. The segment's text never goes
        # into PROMPT itself: a theme's precmd that turns PROMPT_SUBST on after this hook would
        # run a $(...) in it. Only its colours do (%{ ESC [ digits m %}, checked when read),
        # and each run of text as %Nv, which zsh shows as it is whatever the options.
        text=${text//"$reference"/}
        __streakprompt_psvar "${2-0}"
        text=$__streakprompt_pasted$text
    fi
    [[ ${PROMPT-} == "$text" ]] || PROMPT=$text
}

# Puts each run of text of the segment (__streakprompt_ps1, as PROMPT would take it: % and,
# when $1 is 1, ! doubled) into psvar from __streakprompt_psvar_base on, undoubled, and sets
# __streakprompt_pasted to its colours and %Nv references in order. Without $1 it only takes
# its elements back out of psvar.
function __streakprompt_psvar() {
    \builtin local -i base=__streakprompt_psvar_base n=__streakprompt_psvar_base
    # The same segment as last time, still in psvar: nothing to do (most prompts).
    if [[ -n ${1-} && "$1|$__streakprompt_ps1" == "${__streakprompt_psvar_of-}" && -n ${__streakprompt_pasted_last-} &&
          ${#psvar} -ge base ]]; then
        \builtin typeset -g __streakprompt_pasted=$__streakprompt_pasted_last
        \builtin return 0
    fi
    \builtin typeset -g __streakprompt_psvar_of='' __streakprompt_pasted_last=''
    (( ${#psvar} < base )) || psvar[base,-1]=()
    [[ -n ${1-} ]] || \builtin return 0
    \builtin local rest=$__streakprompt_ps1 run style out=''
    while [[ -n $rest ]]; do
        if [[ $rest == '%{'$'\e'* ]]; then
            style=${rest%%'%}'*}'%}'
            rest=${rest#"$style"}
            out+=$style
        else
            run=${rest%%'%{'$'\e'*}
            rest=${rest#"$run"}
            run=${run//'%%'/%}
            [[ $1 == 1 ]] && run=${run//'!!'/!}
            psvar[n]=$run
            out+="%${n}v"
            (( n++ ))
        fi
    done
    \builtin typeset -g __streakprompt_pasted=$out __streakprompt_pasted_last=$out __streakprompt_psvar_of="$1|$__streakprompt_ps1"
}
# Starts the tick in the background, so the command it counts is not slowed; the next prompt
# waits for it (at most two seconds) so that prompt already shows the new count.
function __streakprompt_tick() {
    \builtin emulate -L zsh
    __streakprompt_wait_tick
    __streakprompt_find_bin || \builtin return 0
    \builtin local name=${STREAKPROMPT_TICK_NAME-}
    if [[ -z $name ]]; then
        \builtin local IFS=$' \t\n'
        \builtin local -a names
        # shellcheck disable=SC2206 # zsh: ${=...} splits on purpose, and does not glob the words
        names=(${=STREAKPROMPT_NAMES-})
        name=${names[1]-default}
    fi
    # The tick prints nothing (--quiet); the pipe closes when it exits, which is what the
    # prompt waits for. A process substitution leaves no job-control notice behind.
    \builtin typeset -g __streakprompt_tick_fd
    # shellcheck disable=SC2016 # expanded by the eval
    \builtin eval '\builtin exec {__streakprompt_tick_fd}< <(\command "$__streakprompt_bin_path" tick --quiet -- "$name" 2>/dev/null </dev/null)'
}

function __streakprompt_wait_tick() {
    \builtin emulate -L zsh
    [[ -n ${__streakprompt_tick_fd-} ]] || \builtin return 0
    \builtin local ignored
    # shellcheck disable=SC2034 # read only to wait for the end of the pipe
    \builtin read -r -t 2 -u "$__streakprompt_tick_fd" ignored 2>/dev/null
    \builtin eval '\builtin exec {__streakprompt_tick_fd}<&-'
    \builtin typeset -g __streakprompt_tick_fd=
}

# preexec hook: ticks when the command line about to run matches STREAKPROMPT_TICK_ON.
function __streakprompt_preexec() {
    \builtin emulate -L zsh
    [[ -n ${STREAKPROMPT_TICK_ON-} ]] || \builtin return 0
    # $1 is the line as typed (empty when history is off; $3 is the expanded text then).
    \builtin local line=${1-}
    [[ -n $line ]] || line=${3-}
    # shellcheck disable=SC2034 # what =~ sets in zsh, kept local so the user's are untouched
    \builtin local MATCH MBEGIN MEND
    # shellcheck disable=SC2034
    \builtin local -a match mbegin mend
    [[ $line =~ $STREAKPROMPT_TICK_ON ]] 2>/dev/null || \builtin return 0
    __streakprompt_tick
}

# precmd hook. zsh gives $? back to the prompt itself after precmd hooks. The user's prompt
# options are read before `emulate` resets them for this function. Most prompts take the short
# way: the settings are those of the last whole read of the view, the clock is still inside the
# piece it kept, and the view's first line (its stamp) is unchanged: one builtin read of the
# file's first bytes. Anything else reads the whole view, or runs the binary.
function __streakprompt_precmd() {
    \builtin local subst=0 bang=0 percent=0 now='' head=''
    [[ -o prompt_subst ]] && subst=1
    [[ -o prompt_bang ]] && bang=1
    [[ -o prompt_percent ]] && percent=1
    \builtin emulate -L zsh
    [[ -z ${__streakprompt_tick_fd-} ]] || __streakprompt_wait_tick
    if [[ ${STREAKPROMPT_MODE-} != binary && -z ${STREAKPROMPT_NOW-} && -n $EPOCHSECONDS ]]; then
        # Everything the segment's text depends on besides the data: when it changes, the
        # binary is asked for the view again. (A global: no `local` here declared it.)
        __streakprompt_key="$bang|$STREAKPROMPT_NAMES|$STREAKPROMPT_TAGS|$STREAKPROMPT_FORMAT|$TZ|$STREAKPROMPT_DAY_START|$STREAKPROMPT_WEEK_START|$STREAKPROMPT_WARN_AT|$STREAKPROMPT_HOME|$XDG_DATA_HOME|$XDG_CONFIG_HOME|$HOME|$NO_COLOR|$TERM|$LC_ALL|$LC_CTYPE|$LANG|$STREAKPROMPT_STYLE_DONE|$STREAKPROMPT_STYLE_PENDING|$STREAKPROMPT_STYLE_WARN|$STREAKPROMPT_STYLE_BROKEN|$STREAKPROMPT_ICON_DONE|$STREAKPROMPT_ICON_PENDING|$STREAKPROMPT_ICON_WARN|$STREAKPROMPT_ICON_BROKEN|$STREAKPROMPT_HIDE_BROKEN|$STREAKPROMPT_HIDE_ZERO|$STREAKPROMPT_ONLY"
        now=$EPOCHSECONDS
    fi
    # The first line: one read(2) of exactly its 37 bytes with zsh/system's sysread (without
    # it, the whole view is read each prompt: `read` would take a byte at a time).
    if [[ -n $now && $__streakprompt_key == "${__streakprompt_view_for-}" ]] &&
        { (( now >= __streakprompt_lo && now < __streakprompt_hi )) || __streakprompt_fresh "$now"; } &&
        [[ -n ${__streakprompt_sysread-} && -f $__streakprompt_view && -r $__streakprompt_view ]] &&
        \builtin sysread -s 37 head 2>/dev/null <"$__streakprompt_view" && [[ $head == "$__streakprompt_head" ]]
    then
        # The segment is the one this piece gave the last prompt, unless it counts down.
        (( __streakprompt_deadline == 0 )) || __streakprompt_show "$now" "$bang"
    else
        __streakprompt_refresh "$bang" "$now"
    fi
    # The reference goes at the start of PROMPT: seen there, nothing to do (a look at the first
    # 22 characters: a theme's PROMPT can be kilobytes, and a search of it would cost more than
    # the rest of the hook); elsewhere or not at all, __streakprompt_place sees.
    # shellcheck disable=SC2016 # the reference, as text
    [[ -n ${STREAKPROMPT_MANUAL-} || ( $subst == 1 && $percent == 1 && -z ${__streakprompt_pasted-} &&
        ${PROMPT[1,22]} == '${__streakprompt_ps1-}' ) ]] || __streakprompt_place "$subst" "$bang" "$percent"
    # With --manual: STREAKPROMPT_TEXT, the segment without its colours and prompt escapes,
    # exported for a prompt another program draws (starship's env_var module, oh-my-posh).
    if [[ -n ${STREAKPROMPT_MANUAL-} ]]; then
        # shellcheck disable=SC2296 # zsh's (S) flag: each shortest %{...%}
        \builtin local text=${(S)STREAKPROMPT_SEGMENT//\%\{*\%\}/}
        [[ $bang != 1 ]] || text=${text//'!!'/'!'}
        # shellcheck disable=SC2034 # exported for other programs
        \builtin typeset -gx STREAKPROMPT_TEXT=${text//'%%'/'%'}
    fi
}

# Takes everything back out: the hooks, and the segment in PROMPT.
function __streakprompt_unload() {
    \builtin emulate -L zsh
    \add-zsh-hook -d precmd __streakprompt_precmd
    \add-zsh-hook -d preexec __streakprompt_preexec
    __streakprompt_wait_tick
    \builtin local text=${PROMPT-}
    if [[ -n ${__streakprompt_pasted-} && $text == "$__streakprompt_pasted"* ]]; then
        text=${text#"$__streakprompt_pasted"}
    fi
    # shellcheck disable=SC2016 # the reference the plugin put there, as text
    PROMPT=${text//'${__streakprompt_ps1-}'/}
    __streakprompt_psvar
    \builtin unset STREAKPROMPT_SEGMENT STREAKPROMPT_TEXT __streakprompt_ps1 __streakprompt_pasted __streakprompt_tick_fd __streakprompt_bin_path \
        __streakprompt_key __streakprompt_view __streakprompt_view_for __streakprompt_head \
        __streakprompt_from __streakprompt_until __streakprompt_deadline __streakprompt_text \
        __streakprompt_watch __streakprompt_sysread __streakprompt_lo __streakprompt_hi \
        __streakprompt_zone __streakprompt_zone_real __streakprompt_psvar_base __streakprompt_psvar_of \
        __streakprompt_pasted_last
    \builtin unfunction __streakprompt_psvar __streakprompt_find_bin __streakprompt_refresh __streakprompt_place __streakprompt_tick \
        __streakprompt_read_view __streakprompt_fresh __streakprompt_show \
        __streakprompt_wait_tick __streakprompt_preexec __streakprompt_precmd __streakprompt_install \
        __streakprompt_unload
}

# Adds the hooks, each once: a second load moves them to the end instead of adding them twice.
function __streakprompt_install() {
    \builtin emulate -L zsh
    # The shell's own clock for the pre-rendered view; without it the binary runs each prompt.
    \builtin zmodload -F zsh/datetime p:EPOCHSECONDS 2>/dev/null
    # One read(2) for the view's first line (without it, `read` takes a byte at a time).
    \builtin zmodload -F zsh/system b:sysread 2>/dev/null && \builtin typeset -g __streakprompt_sysread=1
    \builtin autoload -Uz add-zsh-hook
    \add-zsh-hook -d precmd __streakprompt_precmd
    \add-zsh-hook precmd __streakprompt_precmd
    \add-zsh-hook -d preexec __streakprompt_preexec
    \add-zsh-hook preexec __streakprompt_preexec
}

# Where the segment's text goes in psvar when PROMPT_SUBST is off (%40v and on): past the
# first elements, which prompts and themes use.
__streakprompt_psvar_base=40

# Only interactive shells get a prompt.
if [[ -o interactive ]]; then
    __streakprompt_install
fi
