import StreakCore
import StreakSystem

/// Every parser the fuzzer runs, by name. A new parser is one line here, a check in
/// `Checks.swift`, and a folder of a few valid inputs, `fuzz/corpus/NAME`, to start from.
let fuzzTargets: [(name: String, check: ([UInt8]) -> Void)] = [
    ("log", Checks.actionLog),          // MACHINE.log lines
    ("settings", Checks.settings),      // streak.conf
    ("cache", Checks.promptCache),      // prompt.cache, as the prompt reads and renders it
    ("now", Checks.timeInput),          // --now, STREAKPROMPT_NOW, STREAKPROMPT_DAY_START
    ("format", Checks.segmentFormat),   // --format, STREAKPROMPT_FORMAT, in every host
    ("json", Checks.jsonImport),        // import FILE (JSON)
    ("csv", Checks.csvImport),          // import FILE (CSV)
    ("journal", Checks.journal),        // the import journal in .lock
    ("events", Checks.eventLog),        // MACHINE.events: rule changes, pauses, unticks, archive
    ("view", Checks.view),              // views/ID: the piece shown now, the spec a tick renders again
    ("columns", Checks.viewColumns),    // views/columns: the columns a change keeps for the next
    ("zip", Checks.zipArchive),         // import --from loop FILE.zip: the archive, each file checked
    ("inflate", Checks.inflate),        // a zip entry's DEFLATE data
    ("loop", Checks.loopImport),        // Loop's Habits.csv and a habit's Checkmarks.csv (NUL between)
    ("harsh", Checks.harshImport),      // harsh's habits and log files (NUL between)
    ("numbers", Checks.foreignNumbers), // the numbers of Loop's and harsh's files (a line each)
]
