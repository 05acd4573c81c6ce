# shellcheck shell=sh disable=SC2154 # the streakprompt_* settings are assigned above it when rendered
# The git hook streakprompt writes: as post-commit into one repository ('streakprompt git
# install') where it has another hook to run after it (else that post-commit is a file that
# has git start the binary, which needs no shell), or as every hook git runs by name into a folder of its own
# that the global core.hooksPath names ('streakprompt git install --global'); 'streakprompt
# git uninstall [--global]' takes it out again. Set above it:
#   streakprompt_layout  repository or global
#   streakprompt_hook    the hook git runs it as
#   streakprompt_bin     (post-commit) the binary; else streakprompt on PATH, else nothing
#   streakprompt_name    (post-commit) the streak it counts for
#
# post-commit counts the commit when it is new work of yours: not an amend, rebase,
# cherry-pick or revert, not someone else's, not backdated (the binary decides).
# STREAKPROMPT=0 turns counting off. Then it runs the hook git would have run without it,
# with the same arguments and stdin, as its last act, so that hook's output and exit status
# are what git sees: in one repository, the post-commit that was there before (kept as
# post-commit.before-streakprompt); globally, the repository's own hook of this name. It
# prints nothing itself, and never fails or holds up git.

streakprompt_count=
if [ "$streakprompt_hook" = post-commit ]; then
    streakprompt_count=1
fi
if [ "$streakprompt_layout" = repository ]; then
    case $0 in
        */*) streakprompt_own=${0%/*}/$streakprompt_hook.before-streakprompt ;;
        *) streakprompt_own=./$streakprompt_hook.before-streakprompt ;;
    esac
else
    # Git runs this folder's hooks instead of the repository's own ones, which are in its
    # common git folder: found without running git in the common cases, as git exports
    # GIT_DIR to hooks when the folder is not ./.git (worktrees, submodules, bare
    # repositories) and a worktree's folder names the shared one in its commondir file.
    streakprompt_git=${GIT_COMMON_DIR:-${GIT_DIR:-.git}}
    if [ -z "${GIT_COMMON_DIR-}" ] && [ -f "$streakprompt_git/commondir" ]; then
        IFS= read -r streakprompt_common <"$streakprompt_git/commondir" || streakprompt_common=
        case $streakprompt_common in
            '') ;;
            /*) streakprompt_git=$streakprompt_common ;;
            *) streakprompt_git=$streakprompt_git/$streakprompt_common ;;
        esac
    fi
    if [ ! -d "$streakprompt_git" ]; then
        streakprompt_git=$(git rev-parse --git-common-dir 2>/dev/null) || streakprompt_git=
    fi
    streakprompt_own=
    if [ -n "$streakprompt_git" ]; then
        streakprompt_own=$streakprompt_git/hooks/$streakprompt_hook
    fi
    # The second line of the repository's own hook says whether it is one of ours (shell
    # builtins only; a file that starts the binary has it too); of its settings file, when it
    # is a link to the binary (what development builds wrote). One of this
    # folder's own files (a link back here) must not run, or the forwarding would run itself
    # for ever; a per-repository install of ours counts the commit itself, for its own streak.
    # A file of ours that starts the binary, whose binary is gone, would not run: this one
    # counts instead (with streakprompt on PATH), and does not run it.
    streakprompt_line=
    streakprompt_first=
    streakprompt_read=$streakprompt_own
    if [ -n "$streakprompt_own" ] && [ -L "$streakprompt_own" ] && [ -f "$streakprompt_own.streakprompt" ]; then
        streakprompt_read=$streakprompt_own.streakprompt
    fi
    if [ -n "$streakprompt_read" ] && [ -f "$streakprompt_read" ]; then
        { IFS= read -r streakprompt_first && IFS= read -r streakprompt_line; } <"$streakprompt_read" 2>/dev/null || :
    fi
    case $streakprompt_line in
        *"streakprompt-hook "*" global "*) streakprompt_own= ;;
        *streakprompt-hook*)
            case $streakprompt_first in
                '#!'*' --git-hook-file')
                    streakprompt_first=${streakprompt_first#??}
                    if [ -x "${streakprompt_first% --git-hook-file}" ]; then streakprompt_count=; else streakprompt_own=; fi
                    ;;
                *) streakprompt_count= ;;
            esac
            ;;
    esac
fi
if [ -n "$streakprompt_count" ] && [ "${STREAKPROMPT-}" != 0 ]; then
    if [ ! -x "$streakprompt_bin" ]; then
        streakprompt_bin=$(command -v streakprompt 2>/dev/null) || streakprompt_bin=
    fi
    if [ -n "$streakprompt_bin" ]; then
        # Nothing to run after it: the binary takes the shell's place (one process less for
        # every commit; git does not look at post-commit's exit status).
        if [ -z "$streakprompt_own" ] || [ ! -x "$streakprompt_own" ]; then
            # shellcheck disable=SC2154 # streakprompt_name is set above in a hook that counts
            exec "$streakprompt_bin" git hook post-commit --name "$streakprompt_name" </dev/null >/dev/null 2>&1
        fi
        "$streakprompt_bin" git hook post-commit --name "$streakprompt_name" </dev/null >/dev/null 2>&1 || :
    fi
fi
if [ -n "$streakprompt_own" ] && [ -x "$streakprompt_own" ]; then
    exec "$streakprompt_own" "$@"
fi
exit 0
