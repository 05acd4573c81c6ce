# streakprompt for xonsh: the segment at the start of the prompt. In ~/.xonshrc:
#   execx($(streakprompt init xonsh))
#
# Settings (set before this runs, or by `streakprompt init xonsh --name NAME ...`):
#   $STREAKPROMPT_BIN       the binary (default: streakprompt on PATH)
#   $STREAKPROMPT_NAMES     streaks the segment shows, separated by spaces (default: every one)
#   $STREAKPROMPT_TAGS      or the streaks with these tags, separated by spaces
#   $STREAKPROMPT_FORMAT    the segment format, e.g. '{icon}{count}'
#   $STREAKPROMPT_TICK_ON   tick when a command line matching this regular expression runs
#   $STREAKPROMPT_TICK_NAME the streak it ticks (default: the first of $STREAKPROMPT_NAMES,
#                           else "default")
#   $STREAKPROMPT_MANUAL    1: leave $PROMPT alone; put {streakprompt} in it yourself
#
# A prompt field, {streakprompt}, runs the binary (at most 2 seconds) and shows its text as
# text: no colours of the binary's (prompt_toolkit would print escape sequences as ^[), and
# braces doubled, so nothing from the data is read as a prompt field or runs as code.

def __streakprompt_setup():
    import re
    import shutil
    import subprocess

    def binary():
        """The binary to run, or None: STREAKPROMPT_BIN (a path, or a name on PATH), else
        streakprompt on PATH (a binary moved or removed since `init` falls back to it)."""
        path = ${...}.detype().get('PATH')
        for name in (${...}.get('STREAKPROMPT_BIN') or '', 'streakprompt'):
            found = name and shutil.which(name, path=path)
            if found:
                return found
        return None

    def segment():
        program = binary()
        if not program:
            return ''
        env = ${...}.detype()
        env['NO_COLOR'] = '1'
        try:
            done = subprocess.run([program, 'prompt', '--shell', 'plain'], env=env, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=2)
        except (OSError, subprocess.SubprocessError):
            return ''
        text = done.stdout.decode('utf-8', 'replace').strip()
        if not text:
            return ''
        return text.replace('{', '{{').replace('}', '}}') + ' '

    def tick(cmd, **_):
        pattern = ${...}.get('STREAKPROMPT_TICK_ON') or ''
        if not pattern:
            return
        try:
            if not re.search(pattern, cmd.rstrip('\n')):
                return
        except re.error:
            return
        name = ${...}.get('STREAKPROMPT_TICK_NAME') or ''
        if not name:
            names = str(${...}.get('STREAKPROMPT_NAMES') or '').split()
            name = names[0] if names else 'default'
        program = binary()
        if not program:
            return
        try:
            subprocess.Popen([program, 'tick', name, '--quiet'], stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        except OSError:
            pass

    # Loaded once per shell.
    if 'streakprompt' in $PROMPT_FIELDS:
        return
    $PROMPT_FIELDS['streakprompt'] = segment
    events.on_precommand(tick)
    if str(${...}.get('STREAKPROMPT_MANUAL') or '') != '1' and isinstance($PROMPT, str) and '{streakprompt}' not in $PROMPT:
        $PROMPT = '{streakprompt}' + $PROMPT

__streakprompt_setup()
del __streakprompt_setup
