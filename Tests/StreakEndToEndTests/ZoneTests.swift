import Foundation
import Testing

/// The built binary under real `TZ` zones from the system's database, driven with `--now`.
@Suite("time zones, end to end")
struct ZoneTests {
    func tick(_ box: Sandbox, _ now: String, _ name: String = "default", env: [String: String] = [:]) throws {
        let result = try box.spArgs(["tick", name, "--quiet", "--now", now], env: env)
        #expect(result.status == 0, "tick at \(now): \(result)")
    }

    func expect(_ box: Sandbox, at now: String, state: String, current: Int, today: String? = nil,
                name: String = "default", env: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let status = try box.status(name, now: now, env: env)
        #expect(status["state"] as? String == state, "at \(now): \(status)", sourceLocation: sourceLocation)
        #expect(status["current"] as? Int == current, "at \(now): \(status)", sourceLocation: sourceLocation)
        if let today { #expect(status["today"] as? String == today, "at \(now)", sourceLocation: sourceLocation) }
        // The prompt, from the cache, must say the same as status, from the history.
        let prompt = try box.prompt([name, "--format", "{count} {state}"], now: now, env: env)
        #expect(prompt == "\(current) \(state)", "prompt at \(now)", sourceLocation: sourceLocation)
    }

    @Test func justBeforeAndJustAfterMidnightAreTwoDays() throws {
        let box = try Sandbox(tz: "Europe/Paris")
        try tick(box, "2026-11-22T23:59")
        try tick(box, "2026-11-23T00:01")
        try expect(box, at: "2026-11-23T00:02", state: "done", current: 2)
        try expect(box, at: "2026-11-24T23:59", state: "pending", current: 2, today: "2026-11-24")
        try expect(box, at: "2026-11-25T00:00", state: "broken", current: 0)
    }

    @Test func saoPauloDaylightSavingStartsAtMidnight() throws {
        // 2018-11-04 00:00 did not exist in Sao Paulo: clocks went from 23:59:59 to 01:00.
        let box = try Sandbox(tz: "America/Sao_Paulo")
        try tick(box, "2018-11-03T23:59")
        try tick(box, "2018-11-04T00:30")  // a wall time that never happened: read as 01:30
        try expect(box, at: "2018-11-04T01:05", state: "done", current: 2, today: "2018-11-04")
        try expect(box, at: "2018-11-05T12:00", state: "pending", current: 2)
        let log = try box.read("streaks/default/test.log")
        #expect(log.contains("2018-11-04 2018-11-04T01:30:00-02:00"))
        #expect(log.contains("2018-11-03 2018-11-03T23:59:00-03:00"))
    }

    @Test func saoPauloDaylightSavingEndsAtMidnight() throws {
        // 2019-02-17 00:00 (-02) became 2019-02-16 23:00 (-03): the hour before midnight repeats.
        let box = try Sandbox(tz: "America/Sao_Paulo")
        try tick(box, "2019-02-16T23:30:00-02:00")
        try tick(box, "2019-02-16T23:30:00-03:00")  // the second 23:30: still the 16th
        try expect(box, at: "2019-02-16T23:59:00-03:00", state: "done", current: 1, today: "2019-02-16")
        try tick(box, "2019-02-17T00:10")
        try expect(box, at: "2019-02-17T12:00", state: "done", current: 2)
    }

    @Test func europeSpringForward() throws {
        let box = try Sandbox(tz: "Europe/Berlin")
        try tick(box, "2026-03-28T23:59")
        try tick(box, "2026-03-29T02:30")  // skipped hour, still the 29th
        try expect(box, at: "2026-03-29T23:59", state: "done", current: 2, today: "2026-03-29")
        try expect(box, at: "2026-03-30T00:00", state: "pending", current: 2, today: "2026-03-30")
        // The 29th lasts 23 hours.
        #expect(try box.status(now: "2026-03-29T00:00")["seconds_left"] as? Int == 23 * 3600)
        #expect(try box.status(now: "2026-03-30T23:00")["seconds_left"] as? Int == 3600)
    }

    @Test func europeFallBack() throws {
        let box = try Sandbox(tz: "Europe/Berlin")
        try tick(box, "2026-10-24T12:00")
        try tick(box, "2026-10-25T02:30:00+02:00")
        try tick(box, "2026-10-25T02:30:00+01:00")  // same wall time an hour later, same date
        try expect(box, at: "2026-10-25T20:00", state: "done", current: 2, today: "2026-10-25")
        // The 25th lasts 25 hours.
        #expect(try box.status(now: "2026-10-25T00:00")["seconds_left"] as? Int == 25 * 3600)
        #expect(try box.status(now: "2026-10-26T00:00")["seconds_left"] as? Int == 24 * 3600)
    }

    @Test func furthestAheadAndBehindZones() throws {
        // One moment, two dates: 2026-11-22T11:00Z is the 23rd at UTC+14 and the 21st at UTC−12.
        let ahead = try Sandbox(tz: "Pacific/Kiritimati")
        try tick(ahead, "2026-11-22T11:00:00Z")
        #expect(try ahead.status(now: "2026-11-22T11:00:00Z")["last"] as? String == "2026-11-23")
        let behind = try Sandbox(tz: "Etc/GMT+12")
        try tick(behind, "2026-11-22T11:00:00Z")
        #expect(try behind.status(now: "2026-11-22T11:00:00Z")["last"] as? String == "2026-11-21")
        try tick(behind, "2026-11-22T12:00:00Z")  // midnight at UTC−12
        try expect(behind, at: "2026-11-22T12:30:00Z", state: "done", current: 2, today: "2026-11-22")
    }

    @Test func travelEastThenWestNeverReadsAsBroken() throws {
        let box = try Sandbox()
        // Friday evening in Los Angeles, then Tokyo, where it is already the 22nd.
        try tick(box, "2026-11-21T18:00", env: ["TZ": "America/Los_Angeles"])
        try tick(box, "2026-11-22T11:00", env: ["TZ": "Asia/Tokyo"])
        // Fly back: in Los Angeles it is still the 21st, but the last action is the 22nd.
        try expect(box, at: "2026-11-21T20:00", state: "done", current: 2, today: "2026-11-21",
                   env: ["TZ": "America/Los_Angeles"])
        // A tick in Los Angeles on its 22nd is the same date as Tokyo's: counted once.
        let again = try box.spArgs(["tick", "--now", "2026-11-22T09:00"], env: ["TZ": "America/Los_Angeles"])
        #expect(again.stdout.contains("already counted"))
        try expect(box, at: "2026-11-23T09:00", state: "pending", current: 2, env: ["TZ": "America/Los_Angeles"])
    }

    /// The SPEC: an action dated after today is read as of its date, never broken. With a goal
    /// not reached on that date (1 of 2 in Tokyo, already the 27th), the date before it in
    /// Los Angeles is still open: the streak reads as it stands there, alive, not broken
    /// because a date not over yet would count as missed on the later one.
    @Test func anActionAheadWithItsGoalOpenNeverBreaksALiveStreak() throws {
        let box = try Sandbox()
        let la = ["TZ": "America/Los_Angeles"]
        #expect(try box.spArgs(["add", "reading", "--goal", "2", "--now", "2026-11-22T09:00"], env: la).status == 0)
        for day in 23...25 {
            try tick(box, "2026-11-\(day)T09:00", "reading", env: la)
            try tick(box, "2026-11-\(day)T10:00", "reading", env: la)
        }
        // A view in Los Angeles, as the plugins register one, rendered again by the tick in Tokyo.
        let clock = "2026-11-26T15:00:00-08:00"
        let registered = try box.spArgs(["prompt", "--shell", "plain", "reading", "--format", "{count} {state}", "--view",
                                         "--now", clock], env: la.merging(["STREAKPROMPT_TEST_CLOCK": clock]) { $1 })
        #expect(registered.status == 0, "\(registered)")
        try tick(box, "2026-11-27T08:00", "reading", env: ["TZ": "Asia/Tokyo", "STREAKPROMPT_TEST_CLOCK": clock])
        try expect(box, at: "2026-11-26T16:00", state: "pending", current: 3, today: "2026-11-26", name: "reading", env: la)
        let views = try FileManager.default.contentsOfDirectory(atPath: box.home + "/views").filter { $0.hasPrefix("plain-") }
        let view = try box.read("views/" + #require(views.first)).split(separator: "\n").map(String.init)
        // Pending until midnight in Los Angeles (warned after 20:00), then broken (the 26th missed).
        let pieces = view.dropFirst(2).prefix { $0 != "end" }.map {
            $0.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        }
        #expect(pieces == ["1795752000\t0\t3 pending", "1795766400\t0\t3 pending", "0\t0\t0 broken"], "\(view)")
        // In Tokyo, and in Los Angeles once its 27th comes, the 26th was missed.
        try expect(box, at: "2026-11-27T09:00", state: "broken", current: 0, name: "reading", env: ["TZ": "Asia/Tokyo"])
        try expect(box, at: "2026-11-27T09:00", state: "broken", current: 0, name: "reading", env: la)
        // Done in Los Angeles on the 26th after all: the run goes on, the 27th still to finish.
        try tick(box, "2026-11-26T17:00", "reading", env: la)
        try tick(box, "2026-11-26T17:05", "reading", env: la)
        try expect(box, at: "2026-11-26T18:00", state: "pending", current: 4, today: "2026-11-26", name: "reading", env: la)
        try expect(box, at: "2026-11-27T09:00", state: "pending", current: 4, name: "reading", env: la)
        // Two dates ahead (UTC+14 is a date ahead of Tokyo, two of UTC−12), each 1 of 2: the
        // read at UTC−12 still shows the streak as it stands there.
        let west = ["TZ": "Etc/GMT+12"]
        #expect(try box.spArgs(["add", "far", "--goal", "2", "--now", "2026-11-20T09:00"], env: west).status == 0)
        for day in 20...24 {
            let result = try box.spArgs(["tick", "far", "--count", "2", "--quiet", "--now", "2026-11-\(day)T10:00"], env: west)
            #expect(result.status == 0, "\(result)")
        }
        try tick(box, "2026-11-26T10:55:00Z", "far", env: ["TZ": "Asia/Tokyo"])
        try tick(box, "2026-11-26T10:56:00Z", "far", env: ["TZ": "Pacific/Kiritimati"])
        try expect(box, at: "2026-11-26T11:00:00Z", state: "pending", current: 5, today: "2026-11-25", name: "far", env: west)
        let far = try box.status("far", now: "2026-11-26T11:00:00Z", env: west)
        #expect(far["progress"] as? [Int] == [0, 2] && far["total"] as? Int == 5, "\(far)")
        // A streak already broken today stays broken: the action ahead revives nothing.
        #expect(try box.spArgs(["add", "gym", "--goal", "2", "--now", "2026-11-20T09:00"], env: la).status == 0)
        try tick(box, "2026-11-20T10:00", "gym", env: la)
        try tick(box, "2026-11-20T11:00", "gym", env: la)
        try tick(box, "2026-11-27T08:00", "gym", env: ["TZ": "Asia/Tokyo"])
        try expect(box, at: "2026-11-26T16:00", state: "broken", current: 0, name: "gym", env: la)
    }

    @Test func samoaSkippedADate() throws {
        let box = try Sandbox(tz: "Pacific/Apia")
        try tick(box, "2011-12-28T20:00")
        try tick(box, "2011-12-29T20:00")
        // 2011-12-30 never happened in Samoa: the streak is pending, not broken, on the 31st.
        try expect(box, at: "2011-12-31T10:00", state: "pending", current: 2, today: "2011-12-31")
        try tick(box, "2011-12-31T10:00")
        try expect(box, at: "2011-12-31T11:00", state: "done", current: 3)
    }

    @Test func leapDayAndYearEnd() throws {
        let box = try Sandbox(tz: "Australia/Sydney")
        for day in ["2028-02-28", "2028-02-29", "2028-03-01"] { try tick(box, day) }
        try expect(box, at: "2028-03-01T23:00", state: "done", current: 3)
        for now in ["2026-12-31T23:59", "2027-01-01T00:01"] { try tick(box, now, "newyear") }
        try expect(box, at: "2027-01-02T08:00", state: "pending", current: 2, name: "newyear")
        try expect(box, at: "2027-01-03T08:00", state: "broken", current: 0, name: "newyear")
    }

    @Test func dayStartShiftsTheNight() throws {
        let box = try Sandbox(tz: "Europe/Berlin", extra: ["STREAKPROMPT_DAY_START": "04:00"])
        try tick(box, "2026-11-22T23:00")
        let late = try box.sp("tick", "--now", "2026-11-23T02:30")
        #expect(late.stdout.contains("already counted"), "02:30 belongs to the 22nd: \(late)")
        try expect(box, at: "2026-11-23T03:59", state: "done", current: 1, today: "2026-11-22")
        try expect(box, at: "2026-11-23T04:00", state: "pending", current: 1, today: "2026-11-23")
        #expect(try box.status(now: "2026-11-23T23:00")["seconds_left"] as? Int == 5 * 3600)
        try tick(box, "2026-11-24T03:00")  // counts for the 23rd
        try expect(box, at: "2026-11-24T03:30", state: "done", current: 2, today: "2026-11-23")
        let log = try box.read("streaks/default/test.log")
        #expect(log.contains("2026-11-23 2026-11-24T03:00:00+01:00"))
        // Across the spring change too: 02:30 does not exist, read as 03:30, still before 04:00.
        try tick(box, "2026-03-29T02:30", "spring")
        #expect(try box.status("spring", now: "2026-03-29T03:45")["last"] as? String == "2026-03-28")
    }

    @Test func timeLeftWhenTheClockSkipsOrRepeatsTheDayStart() throws {
        // The day starts at 02:30. On 2026-03-29 Berlin's clock jumps from 02:00 to 03:00, so
        // the 28th ends at 03:00 CEST: at 01:50 there are 10 minutes left, not 40. On
        // 2026-10-25 it reads 02:00–03:00 twice: at 02:15 on the second pass it is the 24th
        // again (a tick then counts for it) until 02:30 comes again, 15 minutes later.
        let box = try Sandbox(tz: "Europe/Berlin", extra: ["STREAKPROMPT_DAY_START": "02:30"])
        try tick(box, "2026-03-27T12:00", "spring")
        try tick(box, "2026-10-23T12:00", "autumn")
        for (name, now, seconds, text) in [("spring", "2026-03-29T01:50:00+01:00", 600, "10m"),
                                           ("autumn", "2026-10-25T02:15:00+01:00", 900, "15m")] {
            let status = try box.status(name, now: now)
            #expect(status["state"] as? String == "pending", "\(name): \(status)")
            #expect(status["seconds_left"] as? Int == seconds, "\(name): \(status)")
            let said = try box.sp("status", name, "--now", now)
            #expect(said.stdout.contains("pending: \(text) left today"), "\(name): \(said)")
            #expect(try box.prompt([name, "--format", "{left}"], now: now) == text, "\(name)")
        }
    }

    @Test func aBadDayStartIsReportedButNeverBreaksThePrompt() throws {
        let box = try Sandbox(extra: ["STREAKPROMPT_DAY_START": "25:00"])
        let tick = try box.sp("tick")
        #expect(tick.status == 2)
        #expect(tick.stderr.contains("STREAKPROMPT_DAY_START"))
        let prompt = try box.sp()
        #expect(prompt.status == 0)
        #expect(prompt.stderr.isEmpty)
    }

    @Test(arguments: ["Pacific/Kiritimati", "Etc/GMT+12", "Asia/Kathmandu", "America/St_Johns", "UTC", "Australia/Lord_Howe"])
    func aWeekOfDailyTicksInManyZones(zone: String) throws {
        let box = try Sandbox(tz: zone)
        for day in 1...7 { try tick(box, String(format: "2026-11-%02dT%02d:%02d", day, (day * 5) % 24, (day * 13) % 60)) }
        try expect(box, at: "2026-11-07T23:59", state: "done", current: 7)
        try expect(box, at: "2026-11-08T00:00", state: "pending", current: 7)
        try expect(box, at: "2026-11-09T00:00", state: "broken", current: 0)
    }
}
