# shellcheck shell=sh disable=SC2154 # the streakprompt_* settings are assigned above it when rendered
# The git hook streakprompt writes as post-commit into a repository's hooks folder ('streakprompt
# git install', or a template folder and the repositories 'streakprompt git install --global'
# puts it into) where it has another hook to run after it (else that post-commit is a file
# that has git start the binary, which needs no shell); 'streakprompt git uninstall
# [--global]' takes it out again. Set above it:
#   streakprompt_hook    the hook git runs it as
#   streakprompt_bin     (post-commit) the binary; else streakprompt on PATH, else nothing
#   streakprompt_name    (post-commit) the streak it counts for
#
# post-commit counts the commit when it is new work of yours: not an amend, rebase,
# cherry-pick or revert, not someone else's, not backdated (the binary decides).
# STREAKPROMPT=0 turns counting off. Then it runs the post-commit that was there before
# (kept as post-commit.before-streakprompt), with the same arguments and stdin, as its last
# act, so that hook's output and exit status are what git sees. It prints nothing itself,
# and never fails or holds up git.

streakprompt_count=
if [ "$streakprompt_hook" = post-commit ]; then
    streakprompt_count=1
fi
case $0 in
    */*) streakprompt_own=${0%/*}/$streakprompt_hook.before-streakprompt ;;
    *) streakprompt_own=./$streakprompt_hook.before-streakprompt ;;
esac
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
