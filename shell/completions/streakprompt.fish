# fish completion for streakprompt: generated from its command table by
# `streakprompt completions fish` (shell/generate writes this file); do not edit.
# fisher installs it with the plugin; else copy it to ~/.config/fish/completions/.

# Whether the command line being completed is the command $argv[1] ("-" before any
# command word), followed by exactly $argv[2] more words when that is given.
function __streakprompt_complete_is
    set -l words (commandline -opc)
    set -e words[1]
    set -l command -
    set -l taken 0
    if set -q words[1]
        if contains -- $words[1] 'prompt' 'tick' 'untick' 'status' 'list' 'log' 'add' 'pause' 'unpause' 'archive' 'unarchive' 'rename' 'remove' 'history' 'calendar' 'card' 'remind' 'export' 'import' 'init' 'git' 'completions' 'doctor' 'sync' 'config' 'help' 'version' 'man' 'undo' 'ls'
            set command $words[1]
            set taken 1
            if set -q words[2]; and contains -- "$command $words[2]" 'import git' 'git install' 'git uninstall' 'git status' 'git hook' 'config set' 'config unset'
                set command "$command $words[2]"
                set taken 2
            end
        else
            set command prompt
        end
    end
    test "$command" = "$argv[1]"; or return 1
    set -q argv[2]; or return 0
    test (math (count $words) - $taken) -eq $argv[2]
end

# The words in $argv[1] (separated by spaces), and the items after it as a
# comma-separated list: those not in the list yet, after the token's last comma.
function __streakprompt_complete_list
    set -l token (commandline -ct)
    string match -q -- '*,*' $token; or string split ' ' -- $argv[1]
    set -l head (string replace -r -- '[^,]*$' '' $token)
    set -l taken (string split , -- $head)
    for item in $argv[2..-1]
        contains -- $item $taken; or printf '%s%s\n' $head $item
    end
end

function __streakprompt_complete_streaks
    set -l bin streakprompt
    set -q STREAKPROMPT_BIN[1]; and test -n "$STREAKPROMPT_BIN"; and set bin $STREAKPROMPT_BIN
    command $bin completions --streaks $argv 2>/dev/null
end

complete -c streakprompt -f
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'prompt' -d 'print the prompt segment (the default command)'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'tick' -d 'count an action today (creating the streak if needed)'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'untick' -d 'take back the latest action of today (or --now\'s date)'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'status' -d 'current, best, total, state, time left today'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'list' -d 'every streak, one line each'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'log' -d 'actions with time, machine, count, note'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'add' -d 'create a streak, or change its rules from a date on'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'pause' -d 'pause a streak over some dates (alone: today)'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'unpause' -d 'take paused dates back (alone: today)'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'archive' -d 'hide a streak from the prompt, list and completions'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'unarchive' -d 'show an archived streak again'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'rename' -d 'rename a streak, keeping all its history'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'remove' -d 'remove a streak (asks no question; keeps a backup)'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'history' -d 'past runs: start, end, length'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'calendar' -d 'GitHub-style heat map in the terminal (or as SVG or HTML to share)'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'card' -d 'a small SVG card (current, best, total, the last weeks) to share'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'remind' -d 'list the streaks still pending today; exit 1 if any (for cron and timers)'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'export' -d 'everything, to stdout'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'import' -d 'merge an export (json or csv); idempotent'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'init' -d 'print the shell plugin to eval'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'git' -d 'count your commits with a git hook (see the git commands below)'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'completions' -d 'print shell completions'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'doctor' -d 'checks data, cache, hooks; rebuilds what is derived'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'sync' -d 'commit, merge and push the data folder\'s git repository'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'config' -d 'the effective settings and where each came from (config set/unset change them)'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'help' -d 'show the commands, or one command\'s flags'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'version' -d 'print the version (also --version)'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -a 'man' -d 'print the manual page, streakprompt(1), in roff'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -l 'shell' -x -a 'bash zsh fish tmux plain' -d 'escape for bash, zsh, fish, tmux or plain (default plain)'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -l 'format' -x -d 'segment format, e.g. \'{icon}{count}\''
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -l 'view' -d 'also write this segment\'s pre-rendered view for the plugins (its path first, tmux: pushed)'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'-\'' -l 'version' -s 'V' -d 'print the version'
complete -c streakprompt -n '__streakprompt_complete_is \'prompt\'' -l 'shell' -x -a 'bash zsh fish tmux plain' -d 'escape for bash, zsh, fish, tmux or plain (default plain)'
complete -c streakprompt -n '__streakprompt_complete_is \'prompt\'' -l 'format' -x -d 'segment format, e.g. \'{icon}{count}\''
complete -c streakprompt -n '__streakprompt_complete_is \'prompt\'' -l 'view' -d 'also write this segment\'s pre-rendered view for the plugins (its path first, tmux: pushed)'
complete -c streakprompt -n '__streakprompt_complete_is \'prompt\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'prompt\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'prompt\'' -a '(__streakprompt_complete_streaks)'
complete -c streakprompt -n '__streakprompt_complete_is \'tick\'' -l 'count' -x -d 'what the action counts for toward the daily goal (default 1)'
complete -c streakprompt -n '__streakprompt_complete_is \'tick\'' -l 'note' -x -d 'a note kept with the action (up to 500 bytes)'
complete -c streakprompt -n '__streakprompt_complete_is \'tick\'' -l 'quiet' -s 'q' -d 'print nothing on success'
complete -c streakprompt -n '__streakprompt_complete_is \'tick\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'tick\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'tick\'' -a '(__streakprompt_complete_streaks)'
complete -c streakprompt -n '__streakprompt_complete_is \'untick\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'untick\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'untick\'' -a '(__streakprompt_complete_streaks)'
complete -c streakprompt -n '__streakprompt_complete_is \'status\'' -l 'json' -d 'print JSON'
complete -c streakprompt -n '__streakprompt_complete_is \'status\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'status\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'status\'' -a '(__streakprompt_complete_streaks)'
complete -c streakprompt -n '__streakprompt_complete_is \'list\'' -l 'all' -s 'a' -d 'archived streaks too (marked archived)'
complete -c streakprompt -n '__streakprompt_complete_is \'list\'' -l 'json' -d 'print JSON'
complete -c streakprompt -n '__streakprompt_complete_is \'list\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'list\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'log\'' -l 'since' -x -d 'only actions dated DATE or later'
complete -c streakprompt -n '__streakprompt_complete_is \'log\'' -l 'json' -d 'print JSON'
complete -c streakprompt -n '__streakprompt_complete_is \'log\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'log\'' -a '(__streakprompt_complete_streaks)'
complete -c streakprompt -n '__streakprompt_complete_is \'add\'' -l 'icon' -x -d 'what the segment shows before the count (default: one no other streak has)'
complete -c streakprompt -n '__streakprompt_complete_is \'add\'' -l 'schedule' -x -a '(__streakprompt_complete_list \'daily weekdays weekends\' mon tue wed thu fri sat sun)' -d 'daily, weekdays, weekends or mon,wed,fri'
complete -c streakprompt -n '__streakprompt_complete_is \'add\'' -l 'target' -x -a '1/week 2/week 3/week 4/week 5/week 6/week 7/week' -d 'count weeks instead: N met dates a week (1/week to 7/week)'
complete -c streakprompt -n '__streakprompt_complete_is \'add\'' -l 'goal' -x -d 'counts a date needs to be met (default 1)'
complete -c streakprompt -n '__streakprompt_complete_is \'add\'' -l 'freezes' -x -d 'freezes banked (each covers one missed date or week)'
complete -c streakprompt -n '__streakprompt_complete_is \'add\'' -l 'earn-freeze' -x -d 'earn a freeze every N met dates (or weeks) of a run (0: never, the default)'
complete -c streakprompt -n '__streakprompt_complete_is \'add\'' -l 'max-freezes' -x -d 'earn none while M are held (default 2)'
complete -c streakprompt -n '__streakprompt_complete_is \'add\'' -l 'from' -x -d 'change an existing streak\'s rules from DATE on (default today)'
complete -c streakprompt -n '__streakprompt_complete_is \'add\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'add\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'pause\'' -l 'from' -x -d 'the first paused date (default today)'
complete -c streakprompt -n '__streakprompt_complete_is \'pause\'' -l 'to' -x -d 'the last paused date (default: the --from date)'
complete -c streakprompt -n '__streakprompt_complete_is \'pause\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'pause\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'pause\'' -a '(__streakprompt_complete_streaks)'
complete -c streakprompt -n '__streakprompt_complete_is \'unpause\'' -l 'from' -x -d 'the first paused date (default today)'
complete -c streakprompt -n '__streakprompt_complete_is \'unpause\'' -l 'to' -x -d 'the last paused date (default: the --from date)'
complete -c streakprompt -n '__streakprompt_complete_is \'unpause\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'unpause\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'unpause\'' -a '(__streakprompt_complete_streaks)'
complete -c streakprompt -n '__streakprompt_complete_is \'archive\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'archive\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'archive\'' -a '(__streakprompt_complete_streaks)'
complete -c streakprompt -n '__streakprompt_complete_is \'unarchive\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'unarchive\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'unarchive\'' -a '(__streakprompt_complete_streaks --archived)'
complete -c streakprompt -n '__streakprompt_complete_is \'rename\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'rename\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'rename\'' -a '(__streakprompt_complete_streaks)'
complete -c streakprompt -n '__streakprompt_complete_is \'remove\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'remove\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'remove\'' -a '(__streakprompt_complete_streaks)'
complete -c streakprompt -n '__streakprompt_complete_is \'history\'' -l 'limit' -x -d 'only the N latest runs'
complete -c streakprompt -n '__streakprompt_complete_is \'history\'' -l 'reverse' -s 'r' -d 'newest first'
complete -c streakprompt -n '__streakprompt_complete_is \'history\'' -l 'json' -d 'print JSON'
complete -c streakprompt -n '__streakprompt_complete_is \'history\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'history\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'history\'' -a '(__streakprompt_complete_streaks)'
complete -c streakprompt -n '__streakprompt_complete_is \'calendar\'' -l 'weeks' -x -d 'how many weeks to show (default: as many as fit, up to 53)'
complete -c streakprompt -n '__streakprompt_complete_is \'calendar\'' -l 'json' -d 'print JSON'
complete -c streakprompt -n '__streakprompt_complete_is \'calendar\'' -l 'format' -x -a 'text svg html' -d 'text for the terminal (default), or an svg or html image to share'
complete -c streakprompt -n '__streakprompt_complete_is \'calendar\'' -l 'theme' -x -a 'light dark' -d 'colours of an SVG or HTML image: light (default) or dark'
complete -c streakprompt -n '__streakprompt_complete_is \'calendar\'' -l 'output' -s 'o' -x -a '(__fish_complete_path (commandline -ct))' -d 'write the image to FILE instead of standard output'
complete -c streakprompt -n '__streakprompt_complete_is \'calendar\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'calendar\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'calendar\'' -a '(__streakprompt_complete_streaks)'
complete -c streakprompt -n '__streakprompt_complete_is \'card\'' -l 'format' -x -a 'svg' -d 'svg (the only one, and the default)'
complete -c streakprompt -n '__streakprompt_complete_is \'card\'' -l 'theme' -x -a 'light dark' -d 'colours of an SVG or HTML image: light (default) or dark'
complete -c streakprompt -n '__streakprompt_complete_is \'card\'' -l 'output' -s 'o' -x -a '(__fish_complete_path (commandline -ct))' -d 'write the image to FILE instead of standard output'
complete -c streakprompt -n '__streakprompt_complete_is \'card\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'card\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'card\'' -a '(__streakprompt_complete_streaks)'
complete -c streakprompt -n '__streakprompt_complete_is \'remind\'' -l 'notify' -d 'send a desktop notification (notify-send; osascript on macOS)'
complete -c streakprompt -n '__streakprompt_complete_is \'remind\'' -l 'tmux' -d 'show the reminder on every reachable tmux client'
complete -c streakprompt -n '__streakprompt_complete_is \'remind\'' -l 'include-broken' -d 'list broken streaks too (to start again)'
complete -c streakprompt -n '__streakprompt_complete_is \'remind\'' -l 'install-timer' -d 'remind at set times: a systemd user timer (or the crontab lines)'
complete -c streakprompt -n '__streakprompt_complete_is \'remind\'' -l 'at' -x -d 'the times for --install-timer, local time (default 20:00)'
complete -c streakprompt -n '__streakprompt_complete_is \'remind\'' -l 'uninstall-timer' -d 'remove the timer --install-timer wrote'
complete -c streakprompt -n '__streakprompt_complete_is \'remind\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'remind\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'export\'' -l 'format' -x -a 'json csv' -d 'json (the default) or csv'
complete -c streakprompt -n '__streakprompt_complete_is \'export\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'export\'' -a '(__streakprompt_complete_streaks)'
complete -c streakprompt -n '__streakprompt_complete_is \'import\'' -l 'quiet' -s 'q' -d 'print nothing on success'
complete -c streakprompt -n '__streakprompt_complete_is \'import\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'import\' 0' -a 'git' -d 'backfill a streak from git history'
complete -c streakprompt -n '__streakprompt_complete_is \'import\'' -a '(__fish_complete_path (commandline -ct))'
complete -c streakprompt -n '__streakprompt_complete_is \'init\'' -l 'name' -x -a '(__streakprompt_complete_streaks)' -d 'a streak to show (repeat for more; default: every streak); the first is the one --tick-on ticks'
complete -c streakprompt -n '__streakprompt_complete_is \'init\'' -l 'format' -x -d 'segment format, e.g. \'{icon}{count}\' (default: STREAKPROMPT_FORMAT, else {icon}{count})'
complete -c streakprompt -n '__streakprompt_complete_is \'init\'' -l 'tick-on' -x -d 'tick when a command line matching this extended regular expression runs'
complete -c streakprompt -n '__streakprompt_complete_is \'init\'' -l 'manual' -d 'leave the prompt alone: only keep $STREAKPROMPT_SEGMENT up to date, for you to place'
complete -c streakprompt -n '__streakprompt_complete_is \'init\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'init\'' -a 'bash zsh fish'
complete -c streakprompt -n '__streakprompt_complete_is \'git\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'git\' 0' -a 'install' -d 'add the post-commit hook to this repository (or to all with --global)'
complete -c streakprompt -n '__streakprompt_complete_is \'git\' 0' -a 'uninstall' -d 'remove the hook, restoring what was there'
complete -c streakprompt -n '__streakprompt_complete_is \'git\' 0' -a 'status' -d 'show where the hook is installed and whether commits here count'
complete -c streakprompt -n '__streakprompt_complete_is \'git\' 0' -a 'hook' -d 'count the commit just made, if it is new work of yours (what the hook runs)'
complete -c streakprompt -n '__streakprompt_complete_is \'completions\'' -l 'streaks' -d 'list the streak names, one a line (what the scripts complete with)'
complete -c streakprompt -n '__streakprompt_complete_is \'completions\'' -l 'archived' -d 'with --streaks: the archived streaks instead (what unarchive completes)'
complete -c streakprompt -n '__streakprompt_complete_is \'completions\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'completions\'' -a 'bash zsh fish'
complete -c streakprompt -n '__streakprompt_complete_is \'doctor\'' -l 'repair' -d 'set unreadable files aside (keeping every readable line) and rebuild the cache'
complete -c streakprompt -n '__streakprompt_complete_is \'doctor\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'sync\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'config\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'config\' 0' -a 'set' -d 'set a setting in the config file (day-start, format, styles, …)'
complete -c streakprompt -n '__streakprompt_complete_is \'config\' 0' -a 'unset' -d 'remove a setting from the config file'
complete -c streakprompt -n '__streakprompt_complete_is \'help\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'help\'' -a 'prompt tick untick status list log add pause unpause archive unarchive rename remove history calendar card remind export import init git completions doctor sync config help version man'
complete -c streakprompt -n '__streakprompt_complete_is \'version\'' -l 'json' -d 'print JSON'
complete -c streakprompt -n '__streakprompt_complete_is \'version\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'man\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'import git\'' -l 'author' -x -d 'count commits by this address (repeatable; default: user.email and streakprompt.email)'
complete -c streakprompt -n '__streakprompt_complete_is \'import git\'' -l 'name' -x -a '(__streakprompt_complete_streaks)' -d 'the streak commits count for (default: default)'
complete -c streakprompt -n '__streakprompt_complete_is \'import git\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'import git\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'import git\'' -a '(__fish_complete_directories (commandline -ct))'
complete -c streakprompt -n '__streakprompt_complete_is \'git install\'' -l 'global' -d 'count commits in every repository (sets the global core.hooksPath)'
complete -c streakprompt -n '__streakprompt_complete_is \'git install\'' -l 'name' -x -a '(__streakprompt_complete_streaks)' -d 'the streak commits count for (default: default)'
complete -c streakprompt -n '__streakprompt_complete_is \'git install\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'git uninstall\'' -l 'global' -d 'remove the hooks installed for every repository'
complete -c streakprompt -n '__streakprompt_complete_is \'git uninstall\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'git status\'' -l 'json' -d 'print JSON'
complete -c streakprompt -n '__streakprompt_complete_is \'git status\'' -l 'global' -d 'show only the global install'
complete -c streakprompt -n '__streakprompt_complete_is \'git status\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'git hook\'' -l 'name' -x -a '(__streakprompt_complete_streaks)' -d 'the streak commits count for (default: default)'
complete -c streakprompt -n '__streakprompt_complete_is \'git hook\'' -l 'dry-run' -d 'count nothing; say whether the commit would count, and why'
complete -c streakprompt -n '__streakprompt_complete_is \'git hook\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'git hook\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'git hook\'' -a 'post-commit'
complete -c streakprompt -n '__streakprompt_complete_is \'config set\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'config unset\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'config unset\'' -a 'style-done style-pending style-warn style-broken tmux-style-done tmux-style-pending tmux-style-warn tmux-style-broken icon-done icon-pending icon-warn icon-broken hide-broken hide-zero warn-at day-start week-start format names'
complete -c streakprompt -n '__streakprompt_complete_is \'undo\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'undo\'' -l 'help' -s 'h' -d 'show this help'
complete -c streakprompt -n '__streakprompt_complete_is \'undo\'' -a '(__streakprompt_complete_streaks)'
complete -c streakprompt -n '__streakprompt_complete_is \'ls\'' -l 'all' -s 'a' -d 'archived streaks too (marked archived)'
complete -c streakprompt -n '__streakprompt_complete_is \'ls\'' -l 'json' -d 'print JSON'
complete -c streakprompt -n '__streakprompt_complete_is \'ls\'' -l 'now' -x -d 'act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, \'yesterday 21:30\', -2d, -3h)'
complete -c streakprompt -n '__streakprompt_complete_is \'ls\'' -l 'help' -s 'h' -d 'show this help'
