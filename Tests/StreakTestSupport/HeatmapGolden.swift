/// The fixed history behind the heat map's golden grids, and the grid it draws at 40 columns:
/// checked against the core's rendering and against the binary's `calendar`, from this one copy.
///
/// A weekdays streak with one freeze: several ticks on some dates, a Saturday action, a frozen
/// Tuesday (02-17), today (03-04) pending, and an action dated tomorrow (made where it already
/// was).
public enum HeatmapGolden {
    public static let name = "quiz"
    public static let today = "2026-03-04"
    public static let frozen = "2026-02-17"

    /// Every tick, as `--now` takes it: a date alone is noon; a date ticked more than once has
    /// its times.
    public static let ticks = [
        "2026-02-02", "2026-02-03", "2026-02-04", "2026-02-05", "2026-02-06", "2026-02-09T08:00", "2026-02-09T18:00",
        "2026-02-10", "2026-02-11T07:00", "2026-02-11T12:00", "2026-02-11T20:00", "2026-02-12", "2026-02-13",
        "2026-02-16", "2026-02-18", "2026-02-21", "2026-03-02", "2026-03-03T09:00", "2026-03-03T21:00", "2026-03-05",
    ]

    /// The date of each tick, in order.
    public static var tickDates: [String] { ticks.map { String($0.prefix(10)) } }

    /// The grid at 40 columns, without colour.
    public static let grid40 = """
        quiz: 20 actions on 16 dates since 2025-11-03
            Nov     Dec       Jan     Feb    Mar
        Mon . . . . . . . . . . . . . + x + . +
            . . . . . . . . . . . . . + + * . x
        Wed . . . . . . . . . . . . . + # + .[.]
            . . . . . . . . . . . . . + + . . +
        Fri . . . . . . . . . . . . . + + . .
            _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ + _
        Sun _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _

        Less . - + x # More   * frozen
        _ not scheduled   [ ] today
        busiest date: 3 actions

        """
}
