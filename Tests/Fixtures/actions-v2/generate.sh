#!/bin/sh
# Writes this fixture with a streakprompt built from the last commit before actions had ids
# (e718ca2): generate.sh BINARY. Run once; the files it wrote are what users have on disk.
set -eu
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$here/data" "$here/expected" "$here/export.json" "$here/export.csv"
export STREAKPROMPT_HOME="$here/data" TZ=Europe/Berlin NO_COLOR=1 COLUMNS=80
sp() { STREAKPROMPT_MACHINE=${machine:-laptop} STREAKPROMPT_NOW=2026-11-25T12:00 "$bin" "$@" >/dev/null; }

machine=laptop
sp add run --goal 3 --icon 🏃
sp add gym --target 3/week --icon 🏋
sp add read --earn-freeze 3 --max-freezes 2
sp add quiz --schedule mon,wed,fri
for d in 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18; do
    sp tick read --now 2026-11-${d}T21:30
done
sp tick read --now 2026-11-20T07:05 --note 'chapter 3 · 20%'
for d in 16 17 18 20 21 23; do sp tick gym --now 2026-11-${d}T18:00; done
sp tick run --count 2 --now 2026-11-20T07:00 --note '5 km'
sp tick run --now 2026-11-20T19:00
sp tick run --count 3 --now 2026-11-21T08:00
# Two ticks in the same second: the release before ids kept one (the first in its order).
sp tick run --count 3 --now 2026-11-22T08:00:00
sp tick run --now 2026-11-22T08:00:00
sp tick run --now 2026-11-23T08:00
sp untick run --now 2026-11-23T08:30
sp tick run --count 3 --now 2026-11-23T09:00
sp pause gym --from 2026-11-24 --to 2026-11-26
sp tick quiz --now 2026-11-16T12:00
sp tick quiz --now 2026-11-18T12:00
sp add quiz --from 2026-11-20 --goal 2
sp tick quiz --now 2026-11-20T12:00 --count 2
machine=desk
sp tick run --now 2026-11-22T08:00:00 --note desk
sp tick quiz --now 2026-11-23T12:00:00
sp tick read --now 2026-11-19T23:30
sp tick read --now 2026-11-21T06:00
sp add old
sp tick old --now 2026-11-01T10:00
sp archive old

mkdir -p "$here/expected"
for now in 2026-11-23T12:00 2026-11-25T20:00; do
    for args in "list" "list --json" "status run --json" "status gym" "status read --json" "status quiz" \
        "calendar run --json --weeks 4" "history run" "history read --json" "prompt" "prompt quiz" \
        "status old --json" "list --all"; do
        file="$here/expected/$(echo "$args" | tr ' ' '_')@$(echo "$now" | tr -d ':').txt"
        # shellcheck disable=SC2086 # one word per argument
        STREAKPROMPT_MACHINE=laptop "$bin" $args --now "$now" > "$file"
    done
done
# log has no --now: its files are named @none.
for args in "log" "log --json" "log run"; do
    # shellcheck disable=SC2086 # one word per argument
    STREAKPROMPT_MACHINE=laptop "$bin" $args > "$here/expected/$(echo "$args" | tr ' ' '_')@none.txt"
done
STREAKPROMPT_MACHINE=laptop "$bin" export > "$here/export.json"
STREAKPROMPT_MACHINE=laptop "$bin" export --format csv > "$here/export.csv"
