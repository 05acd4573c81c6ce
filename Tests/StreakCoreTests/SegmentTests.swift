import StreakTestSupport
import Testing
@testable import StreakCore

@Suite("prompt segment")
struct SegmentTests {
    let reading = Reading(state: .done, current: 12, best: 30, total: 150, freezesLeft: 1, last: .d("2026-11-22"),
                          today: .d("2026-11-22"))

    func segment(icon: String = "🔥", state: Reading.State = .done) -> Segment {
        var reading = reading
        reading.state = state
        return Segment(name: "quiz", icon: icon, reading: reading)
    }

    @Test func placeholders() {
        let format = SegmentFormat("{icon}{count} {best} {name} {state} {total} {freezes} {{literal}} {unknown}")
        #expect(segment().text(format) == "🔥12 30 quiz done 150 1 {literal} {unknown}")
        #expect(segment().text(SegmentFormat(SegmentFormat.defaultText)) == "🔥12")
        #expect(segment().text(SegmentFormat("{count")) == "{count")
        #expect(segment().text(SegmentFormat("}")) == "}")
    }

    @Test func stylesPerHost() {
        let format = SegmentFormat("{icon}{count}")
        #expect(segment().rendered(format, host: .plain, color: true) == "\u{1B}[32m🔥12\u{1B}[0m")
        #expect(segment(state: .pending).rendered(format, host: .plain, color: true) == "\u{1B}[33m🔥12\u{1B}[0m")
        #expect(segment(state: .broken).rendered(format, host: .plain, color: true) == "\u{1B}[2m🔥12\u{1B}[0m")
        #expect(segment().rendered(format, host: .bash, color: true) == "\u{01}\u{1B}[32m\u{02}🔥12\u{01}\u{1B}[0m\u{02}")
        #expect(segment().rendered(format, host: .zsh, color: true) == "%{\u{1B}[32m%}🔥12%{\u{1B}[0m%}")
        // tmux's default status bar is green: done is black and bold on it, broken dark grey.
        #expect(segment().rendered(format, host: .tmux, color: true) == "#[fg=black,bold]🔥12#[default]")
        #expect(segment(state: .pending).rendered(format, host: .tmux, color: true) == "#[fg=black,bg=yellow]🔥12#[default]")
        #expect(segment(state: .broken).rendered(format, host: .tmux, color: true) == "#[fg=colour238]🔥12#[default]")
        for host in Host.allCases { #expect(segment().rendered(format, host: host, color: false) == "🔥12") }
    }

    @Test func hostileTextStaysText() {
        let format = SegmentFormat("%n %s 100% #(touch x) #[fg=red] $(touch y) `z` \u{1B}]0;title\u{07}{icon}")
        let hostile = segment(icon: "#(rm)%F{red}\u{1B}[2J")
        let zsh = hostile.rendered(format, host: .zsh, color: false)
        #expect(zsh == "%%n %%s 100%% #(touch x) #[fg=red] $(touch y) `z` ]0;title#(rm)%%F{red}[2J")
        let tmux = hostile.rendered(format, host: .tmux, color: false)
        #expect(tmux == "%n %s 100% ##(touch x) ##[fg=red] $(touch y) `z` ]0;title##(rm)%F{red}[2J")
        for host in Host.allCases {
            let text = hostile.rendered(format, host: host, color: host == .bash)
            let controls = text.unicodeScalars.filter { Text.isControl($0) }
            // Only our own colour sequences may carry control bytes.
            #expect(controls.allSatisfy { $0 == "\u{1B}" || $0 == "\u{01}" || $0 == "\u{02}" })
            #expect(!text.contains("\u{1B}[2J"))
            #expect(!text.contains("\u{07}"))
        }
    }

    /// Views render each streak several times with a format parsed once: the same text as
    /// the format walked each time, for every host, state and warning.
    @Test func aParsedFormatRendersAsTheFormatWalked() {
        let formats = ["", SegmentFormat.defaultText, "{icon}{count}{unit} {progress}{left}", "{{x}} }}{{ {count",
                       "{name}:{count} {best}/{total} {freezes} {state} {bar} {done}/{due}", "a\u{1B}[2J{icon}\u{07}b {nope}",
                       "%n 100% #(x) {icon}", "{", "}"]
        for text in formats {
            let walked = SegmentFormat(text)
            let parsed = SegmentFormat(parsed: text)
            #expect(parsed == walked && parsed.pieces == walked.pieces && parsed.summarises == walked.summarises)
            for host in Host.allCases {
                for state in [Reading.State.done, .pending, .broken] {
                    for warning in [false, true] {
                        var segment = segment(state: state)
                        segment.warning = warning
                        segment.secondsLeft = warning ? Segment.leftMarker : 0
                        #expect(segment.rendered(parsed, host: host, color: true) == segment.rendered(walked, host: host, color: true),
                                "\(text) \(host) \(state)")
                    }
                }
            }
        }
    }

    /// Pango markup escapes `<`, `>` and `&` even when a combining mark makes one character
    /// of them with what follows.
    @Test func pangoEscapesByScalar() {
        #expect(Segment.pango("a<\u{0301}b>&\u{0301}") == "a&lt;\u{0301}b&gt;&amp;\u{0301}")
        #expect(Segment.pango("plain 🔥") == "plain 🔥")
    }

    @Test func emptyTextHasNoColourCodes() {
        #expect(segment(icon: "").rendered(SegmentFormat("{icon}"), host: .bash, color: true) == "")
    }

    @Test func namesAreValidated() throws {
        for good in ["default", "a", "quiz-2", "make_test", "A1", String(repeating: "x", count: 32), "_x"] {
            #expect(StreakName.problem(with: good) == nil, "\(good)")
        }
        for bad in ["", "-x", "a b", "a/b", "..", ".", "é", "a.b", String(repeating: "x", count: 33), "a\n", "$(x)", "a%b", "a#b"] {
            #expect(StreakName.problem(with: bad) != nil, "\(bad)")
        }
    }

    @Test func icons() {
        #expect(Icon.problem(with: "🔥") == nil)
        #expect(Icon.problem(with: "") == nil)
        #expect(Icon.problem(with: "🏋️‍♀️") == nil)
        #expect(Icon.problem(with: "a\tb") != nil)
        #expect(Icon.problem(with: "\u{1B}[31m") != nil)
        #expect(Icon.problem(with: String(repeating: "🔥", count: 9)) != nil)
    }

    @Test func aFormatSummarisesOnlyWithItsPlaceholders() {
        #expect(SegmentFormat("{icon} {done}/{due}").summarises)
        #expect(SegmentFormat("{due}").summarises)
        #expect(!SegmentFormat("{icon}{count}").summarises)
        #expect(!SegmentFormat("{{done}}").summarises, "braces, not a placeholder")
        #expect(!SegmentFormat("{dummy} {d}").summarises)
        var summary = Segment.Summary()
        let day = StreakDay.d("2026-11-24")
        func reading(_ state: Reading.State, met: Bool, paused: Bool = false, best: Int = 3) -> Reading {
            Reading(state: state, current: state == .broken ? 0 : 3, best: best, total: 3, freezesLeft: 0, last: nil, today: day,
                    unit: .day, progress: GoalProgress(done: met ? 1 : 0, needed: 1), paused: paused, goal: 1)
        }
        summary.add(reading(.done, met: true))
        summary.add(reading(.done, met: false))            // a rest day: neither
        summary.add(reading(.pending, met: false))
        summary.add(reading(.broken, met: false, paused: true))  // paused: neither
        summary.add(reading(.broken, met: false, best: 0))  // new: due, counted as pending
        #expect(summary.done == 1 && summary.due == 3 && summary.worst == .pending)
        summary.add(reading(.broken, met: false))
        #expect(summary.due == 4 && summary.worst == .broken)
    }

    /// polybar opens a tag at every `%{` and has no escape for it: whatever the text, what
    /// it becomes holds no `%{`, and reads the same once the zero-width spaces are taken out.
    @Test func polybarTextOpensNoTag() {
        var random = SeededRandom(seed: 0x9017_BA12)
        let pieces = ["%", "{", "}", "%{", "a", "A1:rm -rf ~:", "\u{202E}", "\u{1F}", "F#f00"]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let escaped = Segment.escape(text, for: .polybar)
            #expect(!escaped.contains("%{"), "\(text.debugDescription) → \(escaped.debugDescription)")
            var shown = String.UnicodeScalarView()
            shown.append(contentsOf: escaped.unicodeScalars.filter { $0 != "\u{200B}" })
            #expect(String(shown) == Text.withoutControls(text))
        }
    }

    /// tmux reads a message (`display-message`) as a format and through strftime: `#` and `%`
    /// both doubled there, so tmux shows the text as written. In the segment, which a status
    /// line refers to (and strftime never sees), `%` stays single.
    @Test func tmuxTextForATimeFormatDoublesPercentToo() {
        #expect(Segment.escape("%Y%% #(x) 50%\u{7}", for: .tmux, expandsTime: true) == "%%Y%%%% ##(x) 50%%")
        #expect(Segment.escape("%Y #(x)", for: .tmux) == "%Y ##(x)")
        #expect(Segment.escape("100%", for: .tmux, expandsTime: true) == "100%%")
        // Only tmux reads strftime: elsewhere the text is as the host wants it.
        #expect(Segment.escape("50%", for: .plain, expandsTime: true) == "50%")
        #expect(Segment.escape("50%", for: .zsh, expandsTime: true) == "50%%")
    }
}
