import StreakCore
import StreakTestSupport
import Testing

/// `RetractionSet` answers "is this action taken back?" by a search over sorted retractions:
/// it must say what asking every retraction says, with many at one moment, with and without
/// ids, and at moments that share a second but not a date (an offset moves the date).
@Suite("retractions looked up")
struct RetractionSetTests {
    @Test func theSearchAgreesWithAskingEveryRetraction() {
        var random = SeededRandom(seed: 0x5EED_2026)
        let ids = [nil, "a1", "b2", "c3"]
        for round in 0..<300 {
            func moment() -> (StreakDay, Instant) {
                let day = StreakDay(ordinal: 20_000 + Int.random(in: 0..<4, using: &random))
                let seconds = Int64(1_795_000_000 + Int.random(in: 0..<3, using: &random))
                return (day, Instant(seconds: seconds, offset: 3600 * Int.random(in: -1...1, using: &random)))
            }
            var retractions: [Retraction] = []
            for _ in 0..<Int.random(in: 0..<12, using: &random) {
                let (day, at) = moment()
                retractions.append(Retraction(day: day, at: at, made: at, id: ids.randomElement(using: &random)!))
            }
            let set = RetractionSet(retractions)
            #expect(set.isEmpty == retractions.isEmpty)
            for _ in 0..<40 {
                let (day, at) = moment()
                let action = Action(day: day, at: at, id: ids.randomElement(using: &random)!)
                let expected = retractions.contains { $0.covers(action) }
                #expect(set.covers(action) == expected, "round \(round): \(action) against \(retractions)")
            }
        }
    }
}
