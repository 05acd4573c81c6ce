# streakprompt for zsh (>= 5.1): your daily streak in the prompt, and an optional hook that
# counts a streak when a command you name runs.
#
# Load it from ~/.zshrc, after your theme (one of):
#   eval "$(streakprompt init zsh)"         # flags: --name, --format, --tick-on, --manual
#   source /path/to/streakprompt/shell/streakprompt.plugin.zsh
#   oh-my-zsh, zinit, antidote: a plugin whose folder is shell/ (see the README)
#
# Variables it reads before every prompt (set them before loading, or any time after):
#   STREAKPROMPT_BIN       the streakprompt binary (default: streakprompt on PATH)
#   STREAKPROMPT_NAMES     streaks the segment shows, separated by spaces (default: every one)
#   STREAKPROMPT_FORMAT    the segment format, e.g. '{icon}{count}' (default: the binary's)
#   STREAKPROMPT_TICK_ON   extended regular expression: a command line that matches it,
#                          when you run it, counts today for STREAKPROMPT_TICK_NAME
#   STREAKPROMPT_TICK_NAME the streak that hook counts (default: the first of
#                          STREAKPROMPT_NAMES, else "default")
#   STREAKPROMPT_MODE      binary: run the binary before every prompt instead of reading the
#                          pre-rendered view (the default, zero-fork: see the README's Speed)
#   STREAKPROMPT_MANUAL    non-empty: leave PROMPT alone and put the segment in it yourself:
#                          setopt prompt_subst; PROMPT='${STREAKPROMPT_SEGMENT} %~ %# '
# and the binary's own: STREAKPROMPT_HOME, STREAKPROMPT_DAY_START, STREAKPROMPT_WARN_AT, the
# styles and icons (streakprompt config), NO_COLOR, TZ.
#
# It sets STREAKPROMPT_SEGMENT (the segment, escaped for PROMPT) before every prompt. By default
# it adds the segment at the start of PROMPT: with PROMPT_SUBST as a reference to a variable,
# without it as text whose every % is doubled; nothing in a streak's name, icon or format can
# run as code either way. Undo it with __streakprompt_unload.

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

# Everything the segment's text depends on besides the data: when it changes, the binary is
# asked for the view again.
function __streakprompt_view_key() {
    \builtin typeset -g __streakprompt_key="${STREAKPROMPT_NAMES-}|${STREAKPROMPT_FORMAT-}|${TZ-}|${STREAKPROMPT_DAY_START-}|${STREAKPROMPT_WEEK_START-}|${STREAKPROMPT_WARN_AT-}|${STREAKPROMPT_HOME-}|${XDG_DATA_HOME-}|${XDG_CONFIG_HOME-}|${HOME-}|${NO_COLOR-}|${TERM-}|${LC_ALL-}|${LC_CTYPE-}|${LANG-}|${STREAKPROMPT_STYLE_DONE-}|${STREAKPROMPT_STYLE_PENDING-}|${STREAKPROMPT_STYLE_WARN-}|${STREAKPROMPT_STYLE_BROKEN-}|${STREAKPROMPT_ICON_DONE-}|${STREAKPROMPT_ICON_PENDING-}|${STREAKPROMPT_ICON_WARN-}|${STREAKPROMPT_ICON_BROKEN-}|${STREAKPROMPT_HIDE_BROKEN-}|${STREAKPROMPT_HIDE_ZERO-}"
}

# Sets STREAKPROMPT_SEGMENT from the pre-rendered view with builtins only (no fork): the
# piece valid at the shell's clock (zsh/datetime), {left} filled in. Fails when the binary
# must run instead: no view yet, settings changed, a file that is not a view of this version
# or does not read, older than the data it shows (a sync), or with no piece for now.
function __streakprompt_read_view() {
    [[ -n ${__streakprompt_view-} && ${__streakprompt_view_for-} == "$__streakprompt_key" ]] || \builtin return 1
    (( ${+EPOCHSECONDS} )) || \builtin return 1
    \builtin local file=$__streakprompt_view now=$EPOCHSECONDS view line until deadline text name left
    # Whether a folder changed behind the view (a sync) is checked at most every 10 seconds:
    # each check is a pair of stats per streak shown, the costliest part of a prompt.
    [[ -f $file ]] || \builtin return 1
    \builtin local check=
    if (( now - ${__streakprompt_checked:-0} >= 10 || now < ${__streakprompt_checked:-0} )); then
        check=1
        [[ ! ${file%/views/*}/streaks -nt $file ]] || \builtin return 1
    fi
    # zsh reads $(<file) itself, without a fork (and in one go, where `read` takes a byte at a
    # time); split into lines once, then expansions on one short line at a time: in a UTF-8
    # locale each expansion costs in the length of its string. (Called from
    # __streakprompt_refresh, under its `emulate -L zsh`: arrays start at 1.)
    # shellcheck disable=SC2034 # read by the (@f) split below, which shellcheck cannot parse
    view=$(<"$file") 2>/dev/null || \builtin return 1
    \builtin local -a lines
    # shellcheck disable=SC2296 # zsh's (@f): split on newlines, empty lines kept
    lines=("${(@f)view}")
    [[ ${lines[1]-} == 'streakprompt-view 1' && ${lines[2]-} == $'watch\t'* ]] || \builtin return 1
    if [[ -n $check ]]; then
        line=${lines[2]#*$'\t'}
        while [[ -n $line ]]; do
            name=${line%% *}
            line=${line#"$name"}
            line=${line# }
            [[ -n $name && $name != -* && $name != *[^A-Za-z0-9_-]* && ${#name} -le 32 ]] || \builtin return 1
            [[ ! ${file%/views/*}/streaks/$name -nt $file ]] || \builtin return 1
        done
    fi
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
    done
    if (( deadline > 0 )); then
        (( left = (deadline - now + 59) / 60 ))
        if (( left >= 60 )); then left="$(( left / 60 ))h$(( left % 60 ))m"; else left="${left}m"; fi
        text=${text//$'\x1f'/$left}
    fi
    [[ -z $check ]] || \builtin typeset -g __streakprompt_checked=$now
    STREAKPROMPT_SEGMENT=$text
}

# Refreshes STREAKPROMPT_SEGMENT: from the pre-rendered view when it is current (no fork),
# else from one short run of the binary, which writes the view for the next prompts. $1 is 1
# when the user's PROMPT_BANG is on: zsh then shows a lone ! in PROMPT as the history number,
# so every ! is doubled (!! shows one !).
function __streakprompt_refresh() {
    \builtin emulate -L zsh
    \builtin typeset -g STREAKPROMPT_SEGMENT='' __streakprompt_ps1=''
    \builtin local zero=1
    [[ ${STREAKPROMPT_MODE-} == binary || -n ${STREAKPROMPT_NOW-} ]] && zero=
    if [[ -n $zero ]]; then
        __streakprompt_view_key
        if ! __streakprompt_read_view; then
            zero=fallback
        fi
    fi
    if [[ $zero != 1 ]]; then
        __streakprompt_find_bin || \builtin return 0
        \builtin local IFS=$' \t\n'
        \builtin local -a args
        args=(prompt --shell zsh)
        [[ -n $zero ]] && args+=(--view)
        [[ -n ${STREAKPROMPT_FORMAT-} ]] && args+=(--format "$STREAKPROMPT_FORMAT")
        # No `--` before the names: a valid name never starts with `-`, and the binary's fast path
        # for the prompt takes only these words.
        # shellcheck disable=SC2206 # zsh: ${=...} splits on purpose, and does not glob the words
        args+=(${=STREAKPROMPT_NAMES-})
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
    fi
    [[ ${1-} == 1 ]] && STREAKPROMPT_SEGMENT=${STREAKPROMPT_SEGMENT//'!'/'!!'}
    [[ -n $STREAKPROMPT_SEGMENT ]] && __streakprompt_ps1="$STREAKPROMPT_SEGMENT "
    return 0
}

# Puts the segment at the start of PROMPT, checked before every prompt so that a theme that
# sets PROMPT again still gets it. $1 is 1 when the user's PROMPT_SUBST is on.
function __streakprompt_place() {
    \builtin emulate -L zsh
    [[ -z ${STREAKPROMPT_MANUAL-} ]] || \builtin return 0
    # shellcheck disable=SC2016 # the reference is expanded by zsh when it draws the prompt
    \builtin local reference='${__streakprompt_ps1-}' text=${PROMPT-}
    # Take out the text an earlier prompt pasted, if the prompt still starts with it.
    if [[ -n ${__streakprompt_pasted-} && $text == "$__streakprompt_pasted"* ]]; then
        text=${text#"$__streakprompt_pasted"}
    fi
    \builtin typeset -g __streakprompt_pasted=
    if [[ $1 == 1 ]]; then
        [[ $text == *"$reference"* ]] || text=$reference$text
    else
        # Without PROMPT_SUBST a reference would show as text; paste the segment instead: its
        # % are doubled, and without PROMPT_SUBST nothing else in it is expanded.
        text=${text//"$reference"/}
        text=$__streakprompt_ps1$text
        __streakprompt_pasted=$__streakprompt_ps1
    fi
    [[ ${PROMPT-} == "$text" ]] || PROMPT=$text
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
    \builtin exec {__streakprompt_tick_fd}< <(\command "$__streakprompt_bin_path" tick --quiet -- "$name" 2>/dev/null </dev/null)
}

function __streakprompt_wait_tick() {
    \builtin emulate -L zsh
    [[ -n ${__streakprompt_tick_fd-} ]] || \builtin return 0
    \builtin local ignored
    # shellcheck disable=SC2034 # read only to wait for the end of the pipe
    \builtin read -r -t 2 -u "$__streakprompt_tick_fd" ignored 2>/dev/null
    \builtin exec {__streakprompt_tick_fd}<&-
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
# options are read before `emulate` resets them for this function.
function __streakprompt_precmd() {
    \builtin local subst=0 bang=0
    [[ -o prompt_subst ]] && subst=1
    [[ -o prompt_bang ]] && bang=1
    \builtin emulate -L zsh
    __streakprompt_wait_tick
    __streakprompt_refresh $bang
    __streakprompt_place $subst
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
    \builtin unset STREAKPROMPT_SEGMENT __streakprompt_ps1 __streakprompt_pasted __streakprompt_tick_fd __streakprompt_bin_path \
        __streakprompt_key __streakprompt_view __streakprompt_view_for __streakprompt_checked
    \builtin unfunction __streakprompt_find_bin __streakprompt_refresh __streakprompt_place __streakprompt_tick \
        __streakprompt_view_key __streakprompt_read_view \
        __streakprompt_wait_tick __streakprompt_preexec __streakprompt_precmd __streakprompt_install \
        __streakprompt_unload
}

# Adds the hooks, each once: a second load moves them to the end instead of adding them twice.
function __streakprompt_install() {
    \builtin emulate -L zsh
    # The shell's own clock for the pre-rendered view; without it the binary runs each prompt.
    \builtin zmodload -F zsh/datetime p:EPOCHSECONDS 2>/dev/null
    \builtin autoload -Uz add-zsh-hook
    \add-zsh-hook -d precmd __streakprompt_precmd
    \add-zsh-hook precmd __streakprompt_precmd
    \add-zsh-hook -d preexec __streakprompt_preexec
    \add-zsh-hook preexec __streakprompt_preexec
}

# Only interactive shells get a prompt.
if [[ -o interactive ]]; then
    __streakprompt_install
fi
