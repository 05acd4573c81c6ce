# shellcheck shell=bash
# streakprompt for bash (>= 4.2): your daily streak in the prompt, and an optional hook that
# counts a streak when a command you name runs.
#
# Load it from ~/.bashrc, after anything else that sets PS1 (one of):
#   eval "$(streakprompt init bash)"        # flags: --name, --format, --tick-on, --manual
#   source /path/to/streakprompt/shell/streakprompt.bash
#
# Variables it reads before every prompt (set them before loading, or any time after):
#   STREAKPROMPT_BIN       the streakprompt binary (default: streakprompt on PATH)
#   STREAKPROMPT_NAMES     streaks the segment shows, separated by spaces (default: every one)
#   STREAKPROMPT_TAGS      or the streaks with these tags ('add NAME --tag T'), separated by spaces
#   STREAKPROMPT_FORMAT    the segment format, e.g. '{icon}{count}' (default: the binary's)
#   STREAKPROMPT_ONLY      pending: only the streaks still to do today
#   STREAKPROMPT_TICK_ON   extended regular expression: a command line that matches it,
#                          when you run it, counts today for STREAKPROMPT_TICK_NAME (set it
#                          before loading: the hook is set up then, unless bash-preexec is
#                          loaded, whose preexec_functions it joins at any time)
#   STREAKPROMPT_TICK_NAME the streak that hook counts (default: the first of
#                          STREAKPROMPT_NAMES, else "default")
#   STREAKPROMPT_MODE      binary: run the binary before every prompt instead of reading the
#                          pre-rendered view (the default, zero-fork: see docs/speed.md)
#   STREAKPROMPT_MANUAL    non-empty: leave PS1 alone and put ${STREAKPROMPT_SEGMENT} in it
#                          yourself, e.g. PS1='${STREAKPROMPT_SEGMENT:+$STREAKPROMPT_SEGMENT }\w\$ '
#                          (it also exports STREAKPROMPT_TEXT, the segment without colours,
#                          for starship's env_var module or oh-my-posh)
# and the binary's own: STREAKPROMPT_HOME, STREAKPROMPT_DAY_START, STREAKPROMPT_WARN_AT, the
# styles and icons (streakprompt config), NO_COLOR, TZ.
#
# It sets STREAKPROMPT_SEGMENT (the segment, escaped for PS1) before every prompt. By default it
# adds the segment at the start of PS1 as a reference to a variable, never as pasted text, so
# nothing in a streak's name, icon or format can run as code. Undo it with __streakprompt_unload.

# Sets __streakprompt_bin_path to the binary to run, or fails when there is none. The answer
# is kept until STREAKPROMPT_BIN or PATH changes, so a prompt costs one fork: the binary's.
__streakprompt_find_bin() {
    \builtin local key="${STREAKPROMPT_BIN-}:${PATH-}"
    if [[ $key == "${__streakprompt_bin_key-}" && -n ${__streakprompt_bin_path-} && -x $__streakprompt_bin_path ]]; then
        \builtin return 0
    fi
    __streakprompt_bin_key=$key
    __streakprompt_bin_path=
    \builtin local bin="${STREAKPROMPT_BIN-}"
    if [[ $bin == */* ]]; then
        [[ -x $bin ]] && __streakprompt_bin_path=$bin
    elif [[ -n $bin ]]; then
        __streakprompt_bin_path=$(\builtin type -P -- "$bin" 2>/dev/null) || __streakprompt_bin_path=
    fi
    # A binary that moved or disappeared since `init` falls back to the one on PATH.
    if [[ -z $__streakprompt_bin_path ]]; then
        __streakprompt_bin_path=$(\builtin type -P streakprompt 2>/dev/null) || __streakprompt_bin_path=
    fi
    [[ -n $__streakprompt_bin_path ]]
}

# Appends `--tag T` to args for each tag of STREAKPROMPT_TAGS (spaces or commas between),
# without globbing or forking.
__streakprompt_tag_args() {
    \builtin local rest="${STREAKPROMPT_TAGS-}" word
    rest=${rest//,/ }
    while :; do
        rest=${rest#"${rest%%[![:space:]]*}"}
        [[ -n $rest ]] || \builtin break
        word=${rest%%[[:space:]]*}
        args+=(--tag "$word")
        rest=${rest#"$word"}
    done
}

# Splits STREAKPROMPT_NAMES into __streakprompt_names without globbing or forking.
__streakprompt_split_names() {
    \builtin local rest="${STREAKPROMPT_NAMES-}" word
    __streakprompt_names=()
    while :; do
        rest=${rest#"${rest%%[![:space:]]*}"}
        [[ -n $rest ]] || \builtin break
        word=${rest%%[[:space:]]*}
        __streakprompt_names+=("$word")
        rest=${rest#"$word"}
    done
}

# Reads the whole pre-rendered view with builtins only (no fork) and keeps what the next
# prompts need: the piece valid at the shell's clock ($1) and the instants it is valid between,
# the view's first line (its stamp changes with every byte of the file), the streaks it
# watches, its zone file. Fails when the binary must run instead: no view yet, settings changed,
# a file that is not a view of this version or does not read, larger than a view can be, older
# than the data it shows (a folder changed behind it: a sync), with no piece for now, or whose
# piece holds anything but text and the styles the binary writes.
__streakprompt_read_view() {
    __streakprompt_head=
    [[ -n ${__streakprompt_view-} && ${__streakprompt_view_for-} == "$__streakprompt_key" ]] || \builtin return 1
    \builtin local file="$__streakprompt_view" now="$1" line until deadline text name names from=0 i=2 content zone=
    \builtin local -a lines watch
    [[ -f $file && -r $file ]] || \builtin return 1
    # One builtin read of at most 16 KB (a view is a few hundred bytes; a file swapped for a
    # huge one costs no more than that), quiet if the file went since the look; then split into
    # lines in one pass, and expansions on one short line at a time: in a UTF-8 locale each
    # expansion costs in the length of its string.
    IFS= \builtin read -r -N 16385 content 2>/dev/null <"$file"
    (( ${#content} <= 16384 )) || \builtin return 1
    # Split on newlines only (an IFS of this function's own), without globbing (then put
    # back as the user had it). A view has no empty line.
    \builtin local IFS=$'\n' glob=
    [[ $- == *f* ]] || { \builtin set -f; glob=1; }
    # shellcheck disable=SC2206 # split on purpose, globbing off
    lines=(${content})
    [[ -z $glob ]] || \builtin set +f
    IFS=$' \t\n'
    [[ ${lines[0]-} == 'streakprompt-view 2 '* && ${#lines[0]} -eq 36 && ${lines[1]-} == $'watch\t'* ]] || \builtin return 1
    # The streaks it shows, split by hand: no globbing, whatever IFS holds; checked as names
    # before they go into any path.
    names=${lines[1]#*$'\t'}
    while [[ -n $names ]]; do
        name=${names%% *}
        names=${names#"$name"}
        names=${names# }
        [[ -n $name && $name != -* && $name != *[!A-Za-z0-9_-]* && ${#name} -le 32 ]] || \builtin return 1
        watch+=("${file%/views/*}/streaks/$name")
    done
    while :; do
        line=${lines[i]-}
        i=$(( i + 1 ))
        until=${line%%$'\t'*}
        line=${line#*$'\t'}
        deadline=${line%%$'\t'*}
        text=${line#*$'\t'}
        # Digits only before any arithmetic: a value could otherwise run code in $(( )). The
        # `end` line (or running out of lines) fails here: no piece for now.
        [[ -n $until && $until != *[!0-9]* && ${#until} -le 12 && -n $deadline && $deadline != *[!0-9]* &&
            ${#deadline} -le 12 && ${#text} -le 4096 ]] || \builtin return 1
        (( until == 0 || now < until )) && \builtin break
        from=$until
    done
    # Only what the binary writes reaches the terminal: text without control characters (the
    # {left} marker aside) and colours as readline's \001 ESC [ digits m \002. Anything else (a
    # clipboard or title sequence, a clear screen) means the file is not the binary's: it runs.
    [[ $text =~ $__streakprompt_allowed ]] || \builtin return 1
    # The zone file it was rendered with (the line after `end`): its path and the file it
    # resolved to, compared at the once-a-minute check.
    for line in "${lines[@]:i}"; do
        [[ $line == $'zone\t'* ]] || \builtin continue
        line=${line#zone$'\t'}
        zone=${line%%$'\t'*}
        line=${line#*$'\t'}
        __streakprompt_zone_real=${line%%$'\t'*}
        \builtin break
    done
    __streakprompt_zone=$zone
    # And the config file (the rule of the binary: XDG_CONFIG_HOME when absolute, else
    # ~/.config): an edit shows at the next check, as a sync does; and the zone file.
    name=${XDG_CONFIG_HOME-}
    [[ $name == /* ]] || name=${HOME-}/.config
    __streakprompt_watch=("${file%/views/*}/streaks" ${watch[@]+"${watch[@]}"} "$name/streakprompt/config" ${zone:+"$zone"})
    __streakprompt_from=$from
    __streakprompt_until=$until
    __streakprompt_deadline=$deadline
    __streakprompt_text=$text
    __streakprompt_head=${lines[0]}
    __streakprompt_fresh "$now" || { __streakprompt_head=; \builtin return 1; }
    __streakprompt_show "$now"
}

# Whether the piece kept by the last whole read still holds at the clock $1 and no folder
# changed behind the view (a sync brought another machine's actions, which no command here
# wrote into it) and the config file was not edited since: the streaks folder, each streak
# folder the view watches and the config file (__streakprompt_watch) are older than the view. Then the prompts up to a minute on (and
# within the piece) take the short way: __streakprompt_lo and __streakprompt_hi are the
# instants it holds between. Asked once a minute at most, since each folder is a pair of stats.
__streakprompt_fresh() {
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
# left until its deadline goes where the text holds the {left} marker.
__streakprompt_show() {
    \builtin local text="$__streakprompt_text" left
    if (( __streakprompt_deadline > 0 )); then
        (( left = (__streakprompt_deadline - $1 + 59) / 60 ))
        if (( left >= 60 )); then left="$(( left / 60 ))h$(( left % 60 ))m"; else left="${left}m"; fi
        text=${text//$'\x1f'/$left}
    fi
    STREAKPROMPT_SEGMENT=$text
    __streakprompt_ps1=${text:+"$text "}
}

# Refreshes STREAKPROMPT_SEGMENT: from the whole pre-rendered view when it is current (no
# fork), else from one short run of the binary, which writes the view for the next prompts.
__streakprompt_refresh() {
    STREAKPROMPT_SEGMENT=
    __streakprompt_ps1=
    __streakprompt_head=
    __streakprompt_hi=0
    # $1: the shell's clock in the zero-fork mode (with __streakprompt_key set); empty: the
    # binary mode (STREAKPROMPT_MODE=binary, STREAKPROMPT_NOW).
    \builtin local zero="${1-}"
    if [[ -n $zero ]]; then
        __streakprompt_read_view "$zero" && \builtin return 0
    fi
    __streakprompt_find_bin || \builtin return 0
    \builtin local -a args; args=(prompt --shell bash)
    [[ -n $zero ]] && args+=(--view)
    [[ -n ${STREAKPROMPT_FORMAT-} ]] && args+=(--format "$STREAKPROMPT_FORMAT")
    [[ ${STREAKPROMPT_ONLY-} == pending || ${STREAKPROMPT_ONLY-} == all ]] && args+=(--only "$STREAKPROMPT_ONLY")
    # No `--` before the names: a valid name never starts with `-`, and the binary's fast path
    # for the prompt takes only these words.
    __streakprompt_split_names
    args+=(${__streakprompt_names[@]+"${__streakprompt_names[@]}"})
    [[ -z ${STREAKPROMPT_TAGS-} ]] || __streakprompt_tag_args
    # `exec`: with redirections bash would otherwise fork twice, once for $(...), once for
    # the binary; this is the one fork a prompt costs.
    STREAKPROMPT_SEGMENT=$(\builtin exec "$__streakprompt_bin_path" "${args[@]}" 2>/dev/null </dev/null) || STREAKPROMPT_SEGMENT=
    if [[ -n $zero ]]; then
        # The view's path is the first line.
        __streakprompt_view=${STREAKPROMPT_SEGMENT%%$'\n'*}
        __streakprompt_view_for=$__streakprompt_key
        if [[ $STREAKPROMPT_SEGMENT == *$'\n'* ]]; then
            STREAKPROMPT_SEGMENT=${STREAKPROMPT_SEGMENT#*$'\n'}
        else
            STREAKPROMPT_SEGMENT=
        fi
    fi
    [[ -n $STREAKPROMPT_SEGMENT ]] && __streakprompt_ps1="$STREAKPROMPT_SEGMENT "
    \builtin return 0
}

# Puts the reference to the segment at the start of PS1 unless it is there already. Checked
# before every prompt, so a PS1 set after loading (a theme, a virtualenv) still gets it.
__streakprompt_place() {
    [[ -z ${STREAKPROMPT_MANUAL-} ]] || \builtin return 0
    # Without promptvars the reference would show as text: show nothing rather than paste
    # data, and take out the one put in while it was on.
    # shellcheck disable=SC2016 # the reference is expanded by bash when it draws the prompt
    if ! \builtin shopt -q promptvars; then
        [[ ${PS1-} != *'${__streakprompt_ps1-}'* ]] || PS1=${PS1//'${__streakprompt_ps1-}'/}
        \builtin return 0
    fi
    # shellcheck disable=SC2016
    case ${PS1-} in
        *'${__streakprompt_ps1-}'*) ;;
        *) PS1='${__streakprompt_ps1-}'${PS1-} ;;
    esac
}

# Starts the tick in the background, so the command it counts is not slowed; the next prompt
# waits for it (at most two seconds) so that prompt already shows the new count.
__streakprompt_tick() {
    __streakprompt_wait_tick
    __streakprompt_find_bin || \builtin return 0
    \builtin local name="${STREAKPROMPT_TICK_NAME-}"
    if [[ -z $name ]]; then
        __streakprompt_split_names
        name=${__streakprompt_names[0]-default}
    fi
    # The tick prints nothing (--quiet); the pipe closes when it exits, which is what the
    # prompt waits for. A process substitution leaves no job-control notice behind.
    \builtin exec {__streakprompt_tick_fd}< <(\builtin exec "$__streakprompt_bin_path" tick --quiet -- "$name" 2>/dev/null </dev/null)
}

__streakprompt_wait_tick() {
    [[ -n ${__streakprompt_tick_fd-} ]] || \builtin return 0
    \builtin local ignored
    # shellcheck disable=SC2034 # read only to wait for the end of the pipe
    \builtin read -r -t 2 -u "$__streakprompt_tick_fd" ignored 2>/dev/null || \builtin true
    \builtin exec {__streakprompt_tick_fd}<&-
    __streakprompt_tick_fd=
}

# Ticks when the command line about to run matches STREAKPROMPT_TICK_ON.
__streakprompt_preexec() {
    [[ -n ${STREAKPROMPT_TICK_ON-} ]] || \builtin return 0
    [[ ${1-} =~ $STREAKPROMPT_TICK_ON ]] || \builtin return 0
    __streakprompt_tick
}

# The command line about to run: the history entry when this line was saved in history,
# else the simple command bash is about to run (a line left out by HISTCONTROL).
__streakprompt_command_line() {
    if [[ -n ${HISTCMD-} && ${HISTCMD-} == "${__streakprompt_histcmd-}" ]]; then
        \builtin local line
        line=$(HISTTIMEFORMAT='' \builtin history 1 2>/dev/null) || line=
        line=${line#"${line%%[![:space:]]*}"}
        line=${line#"${line%%[!0-9]*}"}
        line=${line#\*}
        line=${line#"${line%%[![:space:]]*}"}
        [[ -n $line ]] && { __streakprompt_line=$line; \builtin return 0; }
    fi
    __streakprompt_line=${BASH_COMMAND-}
}

__streakprompt_set_status() {
    \builtin return "${1-0}"
}

# Whether bash can mark the lines typed at the prompt through PS0 (bash >= 4.4).
__streakprompt_has_ps0() {
    (( BASH_VERSINFO[0] * 100 + BASH_VERSINFO[1] >= 404 ))
}

# The DEBUG trap, when bash-preexec is not there to call __streakprompt_preexec. It runs before
# every top-level command, but only the first command of a line typed at the prompt can tick:
# PS0, which bash expands once after reading such a line, sets __streakprompt_typed (on bash
# older than 4.4 the prompt sets it instead). $1 is $_. A DEBUG trap that was set before is
# still run, last, with its $? and $_, and its status is the trap's status (extdebug).
__streakprompt_debug() {
    \builtin local status="$?" last="${1-}"
    if [[ -n ${__streakprompt_typed-} && -z ${COMP_LINE-} ]]; then
        __streakprompt_typed=
        if [[ -z ${__bp_imported-} && -z ${bash_preexec_imported-} ]]; then
            __streakprompt_command_line
            __streakprompt_preexec "$__streakprompt_line"
        fi
    fi
    if [[ -n ${__streakprompt_previous_debug-} ]]; then
        __streakprompt_set_status "$status" "$last"
        \builtin eval -- "$__streakprompt_previous_debug"
        \builtin return
    fi
    \builtin return 0
}

# Sets __streakprompt_previous_debug to the text of the DEBUG trap that was set when the plugin
# loaded (read then, outside any function: inside one, bash hides the DEBUG trap).
__streakprompt_read_debug_trap() {
    \builtin local printed="${__streakprompt_debug_at_load-}"
    __streakprompt_previous_debug=
    [[ -n $printed ]] || \builtin return 0
    # `trap -p` prints `trap -- 'TEXT' DEBUG`, quoted for eval: let eval unquote it into an
    # array instead of running it. In POSIX mode it prints `trap -- - DEBUG` when no trap is
    # set; `-` is no trap's text (`trap - DEBUG` resets it), so that is none.
    \builtin local -a words; words=()
    \builtin eval "words=(${printed#trap })" 2>/dev/null || \builtin return 0
    [[ ${#words[@]} -eq 3 && ${words[0]} == -- && ${words[1]} != - ]] && __streakprompt_previous_debug=${words[1]}
    \builtin return 0
}

# Hooks __streakprompt_preexec to commands typed at the prompt: through bash-preexec when it
# is loaded (before or after this plugin; checked before every prompt), else, with $1 = load,
# through a DEBUG trap that still runs the one that was set. STREAKPROMPT_TICK_ON must be set
# when the plugin loads for that trap (init --tick-on does it).
__streakprompt_install_preexec() {
    [[ -n ${STREAKPROMPT_TICK_ON-} ]] || \builtin return 0
    if [[ -n ${__bp_imported-} || -n ${bash_preexec_imported-} ]]; then
        \builtin local f
        for f in ${preexec_functions[@]+"${preexec_functions[@]}"}; do
            [[ $f == __streakprompt_preexec ]] && \builtin return 0
        done
        preexec_functions+=(__streakprompt_preexec)
        \builtin return 0
    fi
    [[ ${1-} == load && -z ${__streakprompt_debug_installed-} ]] || \builtin return 0
    if __streakprompt_has_ps0; then
        # shellcheck disable=SC2016 # expanded by bash after a line is read: sets the mark
        case ${PS0-} in
            *'${__streakprompt_ps0[__streakprompt_typed=1]-}'*) ;;
            *) PS0=${PS0-}'${__streakprompt_ps0[__streakprompt_typed=1]-}' ;;
        esac
    fi
    __streakprompt_read_debug_trap
    case $__streakprompt_previous_debug in
        *__streakprompt_debug*) __streakprompt_previous_debug= ;;
    esac
    \builtin trap '__streakprompt_debug "$_"' DEBUG
    __streakprompt_debug_installed=1
}

# Runs before every prompt, from PROMPT_COMMAND. Keeps $? for whatever runs after it. Most
# prompts take the short way: the settings are those of the last whole read of the view, the
# clock is still inside the piece it kept, and the view's first line (its stamp) is unchanged:
# one builtin read of one line. Anything else reads the whole view, or runs the binary.
__streakprompt_precmd() {
    \builtin local status="$?" now='' head='' nounset=''
    __streakprompt_typed=
    [[ -z ${__streakprompt_tick_fd-} ]] || __streakprompt_wait_tick
    if [[ ${STREAKPROMPT_MODE-} != binary && -z ${STREAKPROMPT_NOW-} ]]; then
        # Everything the segment's text depends on besides the data: when it changes, the
        # binary is asked for the view again. Plain $NAME costs half of ${NAME-} here, so
        # `set -u` is lifted around it.
        [[ $- != *u* ]] || { nounset=1; \builtin set +u; }
        __streakprompt_key="$STREAKPROMPT_NAMES|$STREAKPROMPT_TAGS|$STREAKPROMPT_FORMAT|$TZ|$STREAKPROMPT_DAY_START|$STREAKPROMPT_WEEK_START|$STREAKPROMPT_WARN_AT|$STREAKPROMPT_HOME|$XDG_DATA_HOME|$XDG_CONFIG_HOME|$HOME|$NO_COLOR|$TERM|$LC_ALL|$LC_CTYPE|$LANG|$STREAKPROMPT_STYLE_DONE|$STREAKPROMPT_STYLE_PENDING|$STREAKPROMPT_STYLE_WARN|$STREAKPROMPT_STYLE_BROKEN|$STREAKPROMPT_ICON_DONE|$STREAKPROMPT_ICON_PENDING|$STREAKPROMPT_ICON_WARN|$STREAKPROMPT_ICON_BROKEN|$STREAKPROMPT_HIDE_BROKEN|$STREAKPROMPT_HIDE_ZERO|$STREAKPROMPT_ONLY"
        [[ -z $nounset ]] || \builtin set -u
        now=${EPOCHSECONDS-}
        [[ -n $now ]] || \builtin printf -v now '%(%s)T' -1
    fi
    if [[ -n $now && $__streakprompt_key == "${__streakprompt_view_for-}" ]] &&
        { (( now >= __streakprompt_lo && now < __streakprompt_hi )) || __streakprompt_fresh "$now"; } &&
        [[ -f $__streakprompt_view && -r $__streakprompt_view ]] &&
        \builtin read -r -n 36 head 2>/dev/null <"$__streakprompt_view" && [[ $head == "$__streakprompt_head" ]]
    then
        # The segment is the one this piece gave the last prompt, unless it counts down.
        (( __streakprompt_deadline == 0 )) || __streakprompt_show "$now"
    else
        __streakprompt_refresh "$now"
    fi
    # The reference goes at the start of PS1: seen there (and promptvars still on), nothing to
    # do (a look at the first 22 characters, whatever the length of PS1); elsewhere or not at
    # all, __streakprompt_place sees.
    # shellcheck disable=SC2016,SC2015 # the reference, as text; placed again when either fails
    [[ -n ${STREAKPROMPT_MANUAL-} || -n ${PS1+set} && ${PS1:0:22} == '${__streakprompt_ps1-}' ]] && \builtin shopt -q promptvars \
        || __streakprompt_place
    [[ -z ${STREAKPROMPT_MANUAL-} ]] || __streakprompt_export_text
    [[ -z ${STREAKPROMPT_TICK_ON-} ]] || __streakprompt_install_preexec
    # The history number the next line gets if it is saved: the hook reads that entry.
    __streakprompt_histcmd=${HISTCMD-}
    # Without PS0, the next command is taken to be typed (load this plugin last on bash < 4.4).
    [[ -n ${__streakprompt_ps0_ok-} ]] || __streakprompt_typed=1
    \builtin return "$status"
}

# With --manual: exports STREAKPROMPT_TEXT, the segment without its colour codes, for a prompt
# another program draws (starship's env_var module, oh-my-posh's templates).
__streakprompt_export_text() {
    \builtin local text="${STREAKPROMPT_SEGMENT-}"
    while [[ $text == *$'\001'*$'\002'* ]]; do text=${text%%$'\001'*}${text#*$'\002'}; done
    # shellcheck disable=SC2034 # exported for other programs
    \builtin export STREAKPROMPT_TEXT="$text"
}

# Adds __streakprompt_precmd to PROMPT_COMMAND, a string or (bash >= 5.1) an array, once.
__streakprompt_add_prompt_command() {
    \builtin local entry
    for entry in ${PROMPT_COMMAND[@]+"${PROMPT_COMMAND[@]}"}; do
        [[ $entry == *__streakprompt_precmd* ]] && \builtin return 0
    done
    if (( BASH_VERSINFO[0] > 5 || (BASH_VERSINFO[0] == 5 && BASH_VERSINFO[1] >= 1) )) &&
        [[ $(\builtin declare -p PROMPT_COMMAND 2>/dev/null) == 'declare -a'* ]]; then
        PROMPT_COMMAND+=(__streakprompt_precmd)
    elif [[ -n ${PROMPT_COMMAND-} ]]; then
        # A newline ends whatever is there, even a trailing `;` or `&`.
        PROMPT_COMMAND=${PROMPT_COMMAND}$'\n'__streakprompt_precmd
    else
        PROMPT_COMMAND=__streakprompt_precmd
    fi
}

# Takes everything back out: PROMPT_COMMAND, PS1, the DEBUG trap, preexec_functions.
__streakprompt_unload() {
    \builtin local -a kept; kept=()
    \builtin local entry i
    if (( BASH_VERSINFO[0] > 5 || (BASH_VERSINFO[0] == 5 && BASH_VERSINFO[1] >= 1) )) &&
        [[ $(\builtin declare -p PROMPT_COMMAND 2>/dev/null) == 'declare -a'* ]]; then
        for entry in ${PROMPT_COMMAND[@]+"${PROMPT_COMMAND[@]}"}; do
            [[ $entry == __streakprompt_precmd ]] || kept+=("$entry")
        done
        PROMPT_COMMAND=(${kept[@]+"${kept[@]}"})
    else
        # shellcheck disable=SC2128,SC2178 # a string here
        PROMPT_COMMAND=${PROMPT_COMMAND-}
        # shellcheck disable=SC2128,SC2178
        PROMPT_COMMAND=${PROMPT_COMMAND//$'\n'__streakprompt_precmd/}
        # shellcheck disable=SC2128,SC2178
        [[ $PROMPT_COMMAND == __streakprompt_precmd ]] && PROMPT_COMMAND=
    fi
    # shellcheck disable=SC2016
    PS1=${PS1-}
    # shellcheck disable=SC2016
    PS1=${PS1//'${__streakprompt_ps1-}'/}
    if [[ -n ${PS0-} ]]; then
        # shellcheck disable=SC2016
        PS0=${PS0//'${__streakprompt_ps0[__streakprompt_typed=1]-}'/}
    fi
    if [[ -n ${__streakprompt_debug_installed-} ]]; then
        # Inside a function bash undoes `trap - DEBUG` on return, but keeps a trap that is set:
        # the one that was there, or an empty one, which does nothing.
        \builtin trap -- "${__streakprompt_previous_debug-}" DEBUG
    fi
    if \builtin declare -p preexec_functions >/dev/null 2>&1; then
        for i in "${!preexec_functions[@]}"; do
            [[ ${preexec_functions[i]} == __streakprompt_preexec ]] && \builtin unset -v 'preexec_functions[i]'
        done
    fi
    __streakprompt_wait_tick
    \builtin unset -v STREAKPROMPT_SEGMENT STREAKPROMPT_TEXT __streakprompt_ps1 __streakprompt_typed __streakprompt_histcmd \
        __streakprompt_line __streakprompt_tick_fd __streakprompt_previous_debug __streakprompt_debug_installed \
        __streakprompt_debug_at_load \
        __streakprompt_bin_path __streakprompt_bin_key __streakprompt_names \
        __streakprompt_key __streakprompt_view __streakprompt_view_for \
        __streakprompt_head __streakprompt_from __streakprompt_until __streakprompt_deadline __streakprompt_text \
        __streakprompt_watch __streakprompt_lo __streakprompt_hi __streakprompt_ps0_ok \
        __streakprompt_zone __streakprompt_zone_real __streakprompt_allowed
    \builtin unset -f __streakprompt_find_bin __streakprompt_split_names __streakprompt_tag_args __streakprompt_refresh __streakprompt_place \
        __streakprompt_read_view __streakprompt_fresh __streakprompt_show __streakprompt_export_text \
        __streakprompt_tick __streakprompt_wait_tick __streakprompt_preexec __streakprompt_command_line \
        __streakprompt_set_status __streakprompt_has_ps0 __streakprompt_debug __streakprompt_read_debug_trap __streakprompt_install_preexec \
        __streakprompt_precmd __streakprompt_add_prompt_command __streakprompt_unload
}

__streakprompt_ps0_ok=
__streakprompt_has_ps0 && __streakprompt_ps0_ok=1
# What a piece of a view may hold (a regular expression, [[ =~ ]]): characters that are not
# control characters, the {left} marker (US), and colours wrapped for readline.
__streakprompt_allowed=$'^(\001\033\\[[0-9;]*m\002|\037|[^[:cntrl:]])*$'
__streakprompt_zone=
__streakprompt_zone_real=-
# The short way's window (see __streakprompt_fresh), closed until a whole read opens it; set
# here so the hook's arithmetic reads them under `set -u`.
__streakprompt_lo=0
__streakprompt_hi=0

# Only interactive shells get a prompt; a script that sources ~/.bashrc gets nothing.
if [[ $- == *i* ]]; then
    __streakprompt_debug_at_load=$(\builtin trap -p DEBUG) || __streakprompt_debug_at_load=
    __streakprompt_add_prompt_command
    __streakprompt_install_preexec load
fi
