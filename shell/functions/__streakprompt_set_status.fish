# Sets $status for the next command.
function __streakprompt_set_status
    return $argv[1]
end
