# streakprompt for elvish: the segment at the start of the prompt. In ~/.config/elvish/rc.elv:
#   eval (streakprompt init elvish | slurp)
#
# Settings (set before this runs, or by `streakprompt init elvish --name NAME ...`):
#   E:STREAKPROMPT_BIN       the binary (default: streakprompt on PATH)
#   E:STREAKPROMPT_NAMES     streaks the segment shows, separated by spaces (default: every one)
#   E:STREAKPROMPT_TAGS      or the streaks with these tags, separated by spaces
#   E:STREAKPROMPT_FORMAT    the segment format, e.g. '{icon}{count}'
#   E:STREAKPROMPT_TICK_ON   tick when a command line matching this regular expression runs
#   E:STREAKPROMPT_TICK_NAME the streak it ticks (default: "default"; `init --name` sets it)
#   E:STREAKPROMPT_MANUAL    1: leave the prompt alone; place $E:STREAKPROMPT_SEGMENT yourself,
#                            kept up to date before every prompt, e.g. in rc.elv after this:
#                            set edit:prompt = { put $E:STREAKPROMPT_SEGMENT; put '> ' }
#                            (eval runs this file in a namespace of its own: a function it
#                            defines does not reach rc.elv)
#
# The prompt function runs the binary (elvish has no other way to learn anything) and shows
# its text as text: elvish prints no escape sequence a prompt function returns, so the segment
# has no colours of the binary's; nothing from the data can run as code.

use re
use str

# The binary to run, or nothing when there is none: STREAKPROMPT_BIN (a path, or a name on
# PATH), else streakprompt on PATH (a binary moved or removed since `init` falls back to it).
fn -streakprompt-bin {
  if (and (!=s $E:STREAKPROMPT_BIN '') (has-external $E:STREAKPROMPT_BIN)) {
    put $E:STREAKPROMPT_BIN
  } elif (has-external streakprompt) {
    put streakprompt
  }
}

fn streakprompt-segment {
  var bin = [(-streakprompt-bin)]
  if (== (count $bin) 0) { return }
  # The binary reads STREAKPROMPT_NAMES, STREAKPROMPT_TAGS and STREAKPROMPT_FORMAT itself.
  var out = ''
  try {
    tmp E:NO_COLOR = 1
    set out = ((external $bin[0]) prompt --shell plain 2>/dev/null </dev/null | slurp)
  } catch {
    set out = ''
  }
  if (!=s $out '') { put $out' ' }
}

# After each command: ticks when the line matches STREAKPROMPT_TICK_ON. Added to every shell
# that loads the plugin, with or without a pattern: it is also how a second load knows the
# first one happened in this shell.
fn -streakprompt-after-command {|m|
  if (and (!=s $E:STREAKPROMPT_TICK_ON '') (re:match $E:STREAKPROMPT_TICK_ON $m[src][code])) {
    var name = default
    if (!=s $E:STREAKPROMPT_TICK_NAME '') { set name = $E:STREAKPROMPT_TICK_NAME }
    for bin [(-streakprompt-bin)] {
      try { (external $bin) tick $name --quiet </dev/null >/dev/null 2>/dev/null } catch { }
    }
  }
}

# Loaded once per shell: a second load finds the first one's hook in this shell's
# edit:after-command. (Not a mark in the environment: `exec elvish` keeps the environment and
# the pid, yet the shell it starts is a new one, with no segment until this loads.)
var loaded = $false
for hook $edit:after-command {
  try {
    if (str:contains $hook[def] '-streakprompt-after-command') { set loaded = $true }
  } catch {
    # A builtin has no source text: not ours.
  }
}
if (not $loaded) {
  if (!=s $E:STREAKPROMPT_MANUAL 1) {
    # Two palette icons elvish's own table measures one column narrower than terminals draw
    # them: the line editor would write over the prompt's end.
    for icon [⭐ 🧠] {
      try { -override-wcwidth $icon 2 } catch { }
    }
    var base = $edit:prompt
    set edit:prompt = { streakprompt-segment; $base }
  } else {
    # Before every prompt: the segment, for the user's own prompt to show.
    set edit:before-readline = [$@edit:before-readline { set E:STREAKPROMPT_SEGMENT = (streakprompt-segment | str:join '') }]
  }
  set edit:after-command = [$@edit:after-command {|m| -streakprompt-after-command $m }]
}
