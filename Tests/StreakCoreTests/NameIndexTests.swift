import StreakCore
import StreakTestSupport
import Testing

@Suite("name index")
struct NameIndexTests {
    /// Any name listed is found where it is, any other is not, whatever was asked before;
    /// a name listed twice is found at each place in turn.
    @Test func findsWhatIsListedInAnyOrder() {
        var random = SeededRandom(seed: 0x1DE5)
        let pool = ["a", "b", "c", "d", "é", "a b", "", "streak-10"]
        for _ in 0..<300 {
            var index = NameIndex()
            for _ in 0..<Int(random.next() % 8) { index.append(pool[Int(random.next() % UInt64(pool.count))]) }
            let listed = index.names
            for _ in 0..<40 {
                let name = pool[Int(random.next() % UInt64(pool.count))]
                let found = index.index(of: name)
                if let found {
                    #expect(listed[found] == name)
                } else {
                    #expect(!listed.contains(name), "\(name) in \(listed) not found")
                }
            }
            // Each place of a name in turn, from the start.
            index.rewind()
            for name in Set(listed) {
                let places = listed.indices.filter { listed[$0] == name }
                var seen: [Int] = []
                for _ in places { seen.append(index.index(of: name)!) }
                #expect(Set(seen) == Set(places), "\(name) in \(listed): \(seen)")
            }
        }
        var empty = NameIndex()
        #expect(empty.index(of: "a") == nil)
    }
}
