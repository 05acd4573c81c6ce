# Prints the streakprompt binary to run, or fails when there is none.
function __streakprompt_find_bin
    set -l bin "$STREAKPROMPT_BIN"
    if string match -q -- '*/*' "$bin"
        if test -x "$bin"
            printf '%s\n' "$bin"
            return 0
        end
    else if test -n "$bin"
        command -s -- "$bin"; and return 0
    end
    # A binary that moved or disappeared since `init` falls back to the one on PATH.
    command -s streakprompt
end
