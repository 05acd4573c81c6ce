# bash completion for streakprompt: generated from its command table by
# `streakprompt completions bash` (shell/generate writes this file); do not edit.
# Load it from ~/.bashrc with `source /path/to/streakprompt.bash`, or copy it to
# ~/.local/share/bash-completion/completions/streakprompt.

# Adds the words from $2 on that start with $1.
__streakprompt_complete_words() {
    \builtin local prefix=$1 word
    \builtin shift
    for word in "$@"; do
        [[ $word == "$prefix"* ]] && COMPREPLY+=("$word")
    done
    \builtin return 0
}

# Adds the streak names that start with $1 (with $2 --archived, the archived ones).
__streakprompt_complete_streaks() {
    \builtin local name
    while IFS= \builtin read -r name; do
        [[ $name == "$1"* ]] && COMPREPLY+=("$name")
    done < <(\command "${STREAKPROMPT_BIN:-streakprompt}" completions --streaks ${2+"$2"} 2>/dev/null)
    \builtin return 0
}

# Adds the words from $3 on that start with $1, and the items of a comma-separated
# list: those in $2 (separated by spaces) that start the list in $1 or follow its last
# comma, each once (`mon,w` → `mon,wed`).
__streakprompt_complete_list() {
    \builtin local cur=$1 head='' tail=$1 item
    \builtin local -a items
    IFS=' ' \builtin read -r -a items <<< "$2"
    \builtin shift 2
    if [[ $cur == *,* ]]; then
        head=${cur%,*},
        tail=${cur##*,}
    else
        __streakprompt_complete_words "$cur" "$@"
    fi
    for item in "${items[@]}"; do
        [[ ,$head == *,"$item",* ]] && continue
        if [[ $item == "$tail"* ]]; then
            COMPREPLY+=("$head$item")
            # More items may follow: no space after one.
            \builtin compopt -o nospace 2>/dev/null || \builtin true
        fi
    done
    \builtin return 0
}

# Adds files (or with $2 = -d, folders) that start with $1.
__streakprompt_complete_files() {
    \builtin compopt -o filenames 2>/dev/null
    \builtin local path
    while IFS= \builtin read -r path; do
        COMPREPLY+=("$path")
    done < <(\builtin compgen "${2:--f}" -- "$1")
    \builtin return 0
}

_streakprompt() {
    COMPREPLY=()
    \builtin local cur=${COMP_WORDS[COMP_CWORD]-} prev='' command=''
    \builtin local -i first=1
    (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]-}
    # `--flag=value` reaches us as three words: --flag, =, value.
    if [[ $cur == '=' ]]; then
        cur=''
    elif [[ $prev == '=' ]] && (( COMP_CWORD > 1 )); then
        prev=${COMP_WORDS[COMP_CWORD-2]-}
    fi
    if (( COMP_CWORD > 1 )); then
        case ${COMP_WORDS[1]} in
            'prompt'|'tick'|'untick'|'status'|'list'|'log'|'add'|'pause'|'unpause'|'order'|'archive'|'unarchive'|'rename'|'remove'|'history'|'calendar'|'card'|'remind'|'export'|'import'|'init'|'git'|'completions'|'doctor'|'sync'|'config'|'watch'|'help'|'version'|'man'|'undo'|'ls') command=${COMP_WORDS[1]} first=2 ;;
            *) command=prompt ;;
        esac
        if (( COMP_CWORD > 2 )); then
            case "$command ${COMP_WORDS[2]}" in
                'import git'|'git install'|'git uninstall'|'git status'|'git hook'|'config set'|'config unset') command="$command ${COMP_WORDS[2]}" first=3 ;;
            esac
        fi
    fi

    # The value of a flag.
    case "$command:$prev" in
        ':--shell') __streakprompt_complete_words "$cur" 'bash' 'zsh' 'fish' 'tmux' 'plain' 'waybar' 'polybar' 'i3blocks' 'tcsh'; return 0 ;;
        ':--format') :; return 0 ;;
        ':--tag') :; return 0 ;;
        ':--only') __streakprompt_complete_words "$cur" 'pending' 'all'; return 0 ;;
        ':--now') :; return 0 ;;
        'prompt:--shell') __streakprompt_complete_words "$cur" 'bash' 'zsh' 'fish' 'tmux' 'plain' 'waybar' 'polybar' 'i3blocks' 'tcsh'; return 0 ;;
        'prompt:--format') :; return 0 ;;
        'prompt:--tag') :; return 0 ;;
        'prompt:--only') __streakprompt_complete_words "$cur" 'pending' 'all'; return 0 ;;
        'prompt:--now') :; return 0 ;;
        'tick:--count') :; return 0 ;;
        'tick:--note') :; return 0 ;;
        'tick:--now') :; return 0 ;;
        'untick:--now') :; return 0 ;;
        'status:--tag') :; return 0 ;;
        'status:--now') :; return 0 ;;
        'list:--tag') :; return 0 ;;
        'list:--sort') __streakprompt_complete_words "$cur" 'order' 'name' 'current' 'best' 'rate' 'last'; return 0 ;;
        'list:--now') :; return 0 ;;
        'log:--since') :; return 0 ;;
        'log:--now') :; return 0 ;;
        'add:--icon') :; return 0 ;;
        'add:--schedule') __streakprompt_complete_list "$cur" 'mon tue wed thu fri sat sun' 'daily' 'weekdays' 'weekends'; return 0 ;;
        'add:--target') __streakprompt_complete_words "$cur" '1/week' '2/week' '3/week' '4/week' '5/week' '6/week' '7/week'; return 0 ;;
        'add:--goal') :; return 0 ;;
        'add:--freezes') :; return 0 ;;
        'add:--earn-freeze') :; return 0 ;;
        'add:--max-freezes') :; return 0 ;;
        'add:--from') :; return 0 ;;
        'add:--tag') :; return 0 ;;
        'add:--untag') :; return 0 ;;
        'add:--now') :; return 0 ;;
        'pause:--from') :; return 0 ;;
        'pause:--to') :; return 0 ;;
        'pause:--now') :; return 0 ;;
        'unpause:--from') :; return 0 ;;
        'unpause:--to') :; return 0 ;;
        'unpause:--now') :; return 0 ;;
        'archive:--now') :; return 0 ;;
        'unarchive:--now') :; return 0 ;;
        'rename:--now') :; return 0 ;;
        'remove:--now') :; return 0 ;;
        'history:--limit') :; return 0 ;;
        'history:--now') :; return 0 ;;
        'calendar:--weeks') :; return 0 ;;
        'calendar:--format') __streakprompt_complete_words "$cur" 'text' 'svg' 'html'; return 0 ;;
        'calendar:--theme') __streakprompt_complete_words "$cur" 'light' 'dark'; return 0 ;;
        'calendar:--output'|'calendar:-o') __streakprompt_complete_files "$cur"; return 0 ;;
        'calendar:--now') :; return 0 ;;
        'card:--format') __streakprompt_complete_words "$cur" 'svg'; return 0 ;;
        'card:--theme') __streakprompt_complete_words "$cur" 'light' 'dark'; return 0 ;;
        'card:--output'|'card:-o') __streakprompt_complete_files "$cur"; return 0 ;;
        'card:--now') :; return 0 ;;
        'remind:--at') :; return 0 ;;
        'remind:--now') :; return 0 ;;
        'export:--format') __streakprompt_complete_words "$cur" 'json' 'csv'; return 0 ;;
        'import:--from') __streakprompt_complete_words "$cur" 'loop' 'harsh'; return 0 ;;
        'import:--now') :; return 0 ;;
        'init:--name') __streakprompt_complete_streaks "$cur"; return 0 ;;
        'init:--format') :; return 0 ;;
        'init:--tick-on') :; return 0 ;;
        'watch:--shell') __streakprompt_complete_words "$cur" 'bash' 'zsh' 'fish' 'tmux' 'plain' 'waybar' 'polybar' 'i3blocks' 'tcsh'; return 0 ;;
        'watch:--format') :; return 0 ;;
        'watch:--tag') :; return 0 ;;
        'watch:--only') __streakprompt_complete_words "$cur" 'pending' 'all'; return 0 ;;
        'watch:--interval') :; return 0 ;;
        'watch:--now') :; return 0 ;;
        'import git:--author') :; return 0 ;;
        'import git:--name') __streakprompt_complete_streaks "$cur"; return 0 ;;
        'import git:--now') :; return 0 ;;
        'git install:--name') __streakprompt_complete_streaks "$cur"; return 0 ;;
        'git hook:--name') __streakprompt_complete_streaks "$cur"; return 0 ;;
        'git hook:--now') :; return 0 ;;
        'undo:--now') :; return 0 ;;
        'ls:--tag') :; return 0 ;;
        'ls:--sort') __streakprompt_complete_words "$cur" 'order' 'name' 'current' 'best' 'rate' 'last'; return 0 ;;
        'ls:--now') :; return 0 ;;
    esac

    if [[ $cur == -* ]]; then
        case $command in
            '') __streakprompt_complete_words "$cur" '--shell' '--format' '--tag' '--only' '--view' '--now' '--help' '--version' ;;
            'prompt') __streakprompt_complete_words "$cur" '--shell' '--format' '--tag' '--only' '--view' '--now' '--help' ;;
            'tick') __streakprompt_complete_words "$cur" '--count' '--note' '--quiet' '--now' '--help' ;;
            'untick') __streakprompt_complete_words "$cur" '--now' '--help' ;;
            'status') __streakprompt_complete_words "$cur" '--tag' '--json' '--now' '--help' ;;
            'list') __streakprompt_complete_words "$cur" '--all' '--tag' '--sort' '--json' '--now' '--help' ;;
            'log') __streakprompt_complete_words "$cur" '--since' '--json' '--now' '--help' ;;
            'add') __streakprompt_complete_words "$cur" '--icon' '--schedule' '--target' '--goal' '--freezes' '--earn-freeze' '--max-freezes' '--from' '--quit' '--tag' '--untag' '--now' '--help' ;;
            'pause') __streakprompt_complete_words "$cur" '--from' '--to' '--now' '--help' ;;
            'unpause') __streakprompt_complete_words "$cur" '--from' '--to' '--now' '--help' ;;
            'order') __streakprompt_complete_words "$cur" '--reset' '--help' ;;
            'archive') __streakprompt_complete_words "$cur" '--now' '--help' ;;
            'unarchive') __streakprompt_complete_words "$cur" '--now' '--help' ;;
            'rename') __streakprompt_complete_words "$cur" '--now' '--help' ;;
            'remove') __streakprompt_complete_words "$cur" '--now' '--help' ;;
            'history') __streakprompt_complete_words "$cur" '--limit' '--reverse' '--json' '--now' '--help' ;;
            'calendar') __streakprompt_complete_words "$cur" '--weeks' '--json' '--format' '--theme' '--output' '--now' '--help' ;;
            'card') __streakprompt_complete_words "$cur" '--format' '--theme' '--output' '--now' '--help' ;;
            'remind') __streakprompt_complete_words "$cur" '--notify' '--tmux' '--include-broken' '--install-timer' '--at' '--uninstall-timer' '--now' '--help' ;;
            'export') __streakprompt_complete_words "$cur" '--format' '--help' ;;
            'import') __streakprompt_complete_words "$cur" '--from' '--dry-run' '--quiet' '--now' '--help' ;;
            'init') __streakprompt_complete_words "$cur" '--name' '--format' '--tick-on' '--manual' '--help' ;;
            'git') __streakprompt_complete_words "$cur" '--help' ;;
            'completions') __streakprompt_complete_words "$cur" '--streaks' '--archived' '--help' ;;
            'doctor') __streakprompt_complete_words "$cur" '--repair' '--help' ;;
            'sync') __streakprompt_complete_words "$cur" '--help' ;;
            'config') __streakprompt_complete_words "$cur" '--help' ;;
            'watch') __streakprompt_complete_words "$cur" '--shell' '--format' '--tag' '--only' '--interval' '--now' '--help' ;;
            'help') __streakprompt_complete_words "$cur" '--help' ;;
            'version') __streakprompt_complete_words "$cur" '--json' '--help' ;;
            'man') __streakprompt_complete_words "$cur" '--help' ;;
            'import git') __streakprompt_complete_words "$cur" '--author' '--name' '--now' '--help' ;;
            'git install') __streakprompt_complete_words "$cur" '--global' '--name' '--help' ;;
            'git uninstall') __streakprompt_complete_words "$cur" '--global' '--help' ;;
            'git status') __streakprompt_complete_words "$cur" '--json' '--global' '--help' ;;
            'git hook') __streakprompt_complete_words "$cur" '--name' '--dry-run' '--now' '--record' '--help' ;;
            'config set') __streakprompt_complete_words "$cur" '--help' ;;
            'config unset') __streakprompt_complete_words "$cur" '--help' ;;
            'undo') __streakprompt_complete_words "$cur" '--now' '--help' ;;
            'ls') __streakprompt_complete_words "$cur" '--all' '--tag' '--sort' '--json' '--now' '--help' ;;
        esac
        return 0
    fi

    case $command in
        '') __streakprompt_complete_words "$cur" 'prompt' 'tick' 'untick' 'status' 'list' 'log' 'add' 'pause' 'unpause' 'order' 'archive' 'unarchive' 'rename' 'remove' 'history' 'calendar' 'card' 'remind' 'export' 'import' 'init' 'git' 'completions' 'doctor' 'sync' 'config' 'watch' 'help' 'version' 'man' ;;
        'prompt') __streakprompt_complete_streaks "$cur" ;;
        'tick') __streakprompt_complete_streaks "$cur" ;;
        'untick') __streakprompt_complete_streaks "$cur" ;;
        'status') __streakprompt_complete_streaks "$cur" ;;
        'log') __streakprompt_complete_streaks "$cur" ;;
        'pause') __streakprompt_complete_streaks "$cur" ;;
        'unpause') __streakprompt_complete_streaks "$cur" ;;
        'order') __streakprompt_complete_streaks "$cur" ;;
        'archive') __streakprompt_complete_streaks "$cur" ;;
        'unarchive') __streakprompt_complete_streaks "$cur" --archived ;;
        'rename') __streakprompt_complete_streaks "$cur" ;;
        'remove') __streakprompt_complete_streaks "$cur" ;;
        'history') __streakprompt_complete_streaks "$cur" ;;
        'calendar') __streakprompt_complete_streaks "$cur" ;;
        'card') __streakprompt_complete_streaks "$cur" ;;
        'export') __streakprompt_complete_streaks "$cur" ;;
        'import') (( COMP_CWORD == first )) && __streakprompt_complete_words "$cur" 'git'; __streakprompt_complete_files "$cur" ;;
        'init') __streakprompt_complete_words "$cur" 'bash' 'zsh' 'fish' 'elvish' 'xonsh' 'tcsh' 'sh' ;;
        'git') (( COMP_CWORD == first )) && __streakprompt_complete_words "$cur" 'install' 'uninstall' 'status' 'hook' ;;
        'completions') __streakprompt_complete_words "$cur" 'bash' 'zsh' 'fish' ;;
        'config') (( COMP_CWORD == first )) && __streakprompt_complete_words "$cur" 'set' 'unset' ;;
        'watch') __streakprompt_complete_streaks "$cur" ;;
        'help') __streakprompt_complete_words "$cur" 'prompt' 'tick' 'untick' 'status' 'list' 'log' 'add' 'pause' 'unpause' 'order' 'archive' 'unarchive' 'rename' 'remove' 'history' 'calendar' 'card' 'remind' 'export' 'import' 'init' 'git' 'completions' 'doctor' 'sync' 'config' 'watch' 'help' 'version' 'man' ;;
        'import git') __streakprompt_complete_files "$cur" -d ;;
        'git install') __streakprompt_complete_files "$cur" -d ;;
        'git hook') __streakprompt_complete_words "$cur" 'post-commit' ;;
        'config unset') __streakprompt_complete_words "$cur" 'style-done' 'style-pending' 'style-warn' 'style-broken' 'tmux-style-done' 'tmux-style-pending' 'tmux-style-warn' 'tmux-style-broken' 'icon-done' 'icon-pending' 'icon-warn' 'icon-broken' 'hide-broken' 'hide-zero' 'warn-at' 'only' 'day-start' 'week-start' 'format' 'names' ;;
        'undo') __streakprompt_complete_streaks "$cur" ;;
    esac
    return 0
}

\builtin complete -F _streakprompt streakprompt
