import StreakCore
import StreakSystem

/// What `calendar --format svg|html` and `card` share: the theme, where the image goes.
enum ShareOutput {
    static let theme = FlagSpec("--theme", .choice("THEME", noun: "theme", words: ShareTheme.names),
                                help: "colours of an SVG or HTML image: light (default) or dark")
    static let output = FlagSpec("--output", short: "-o", .file, help: "write the image to FILE instead of standard output")

    /// The theme `--theme` names, light by default.
    static func theme(_ invocation: Invocation) -> ShareTheme {
        invocation.text(theme).flatMap(ShareTheme.named) ?? .light
    }

    /// Prints the document, or writes it whole to `--output` (replacing the file atomically).
    static func emit(_ document: String, _ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        guard let path = invocation.text(output) else {
            // A document is data: its bytes as they are, whatever the locale.
            context.out.ascii = false
            context.out.write(document)
            return 0
        }
        do {
            try Files.writeAtomically(path, Array(document.utf8))
        } catch {
            throw .failure(error.message + "; choose a writable place with --output")
        }
        return 0
    }
}
