/// The icons new streaks are given, so two streaks never print as `🔥1 🔥1` unless someone
/// chose that.
///
/// Each is an emoji drawn two columns wide by itself (Emoji_Presentation, no variation
/// selector needed), so terminals agree on its width, and each has a distinct ASCII stand-in
/// for a terminal whose locale is not UTF-8 (`ASCIIFallback`).
extension Icon {
    public struct Choice: Sendable {
        public var icon: String
        public var ascii: String
    }

    /// In the order new streaks get them: the first one no other streak has.
    public static let palette: [Choice] = [
        Choice(icon: "🔥", ascii: "*"), Choice(icon: "⭐", ascii: "+"), Choice(icon: "🎯", ascii: "@"),
        Choice(icon: "📚", ascii: "="), Choice(icon: "💧", ascii: "~"), Choice(icon: "🌱", ascii: "^"),
        Choice(icon: "🚀", ascii: ">"), Choice(icon: "🧠", ascii: "&"),
    ]

    /// A habit to quit's own icon (`add NAME --quit`), while no other streak has it.
    public static let quit = Choice(icon: "🚭", ascii: "!")

    /// Every icon with an ASCII stand-in of its own.
    public static let standIns = palette + [quit]

    /// The icon for a new streak `name`, given the icons the other streaks have: the first
    /// palette icon none of them has; once all are taken, the name itself (`reading:`), which
    /// no other streak can have.
    public static func forNewStreak(_ name: StreakName, taken: some Sequence<String>) -> String {
        let taken = Set(taken)
        if let free = palette.first(where: { !taken.contains($0.icon) }) { return free.icon }
        return label(for: name)
    }

    /// The icon that is the streak's name (`reading:`): it follows a rename.
    public static func label(for name: StreakName) -> String {
        var label = name.text
        while label.utf8.count + 1 > maxBytes { label.removeLast() }
        return label + ":"
    }
}
