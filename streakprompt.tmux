#!/usr/bin/env sh
# TPM runs the *.tmux files at the top of a plugin's folder: this one runs the tmux plugin,
# which lives with the other shell plugins in shell/.
exec "$(dirname "$0")/shell/streakprompt.tmux" "$@"
