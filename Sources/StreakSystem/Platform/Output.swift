#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// Standard output, buffered and written with `write(2)`. A reader that goes away (`| head`)
/// is not an error: the rest of the output is dropped and the command still succeeds.
public final class Output {
    private let fd: Int32
    // Raw memory rather than [UInt8]: see `FileBytes` for why the prompt avoids arrays.
    private var memory: UnsafeMutablePointer<UInt8>
    private var capacity = 4096
    private var count = 0
    private(set) var closed = false
    /// Spell glyphs and emoji in ASCII (`ASCIIFallback`): the locale is not UTF-8.
    public var ascii = false

    public init(fd: Int32) {
        self.fd = fd
        memory = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    /// An output that keeps what is written (`captured`) instead of writing it anywhere.
    public static func capturing() -> Output { Output(fd: -1) }

    /// What a capturing output holds.
    public var captured: String { String(decoding: UnsafeBufferPointer(start: memory, count: count), as: UTF8.self) }

    /// Whether the reader went away (a write failed): nothing more is written.
    public var isClosed: Bool { closed }

    deinit {
        memory.deallocate()
    }

    public func write(_ text: String) {
        guard !closed else { return }
        if ascii { return writeASCII(text) }
        var text = text
        text.withUTF8 { bytes in
            if count + bytes.count > capacity, fd < 0 {
                // Capturing: keep everything.
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.max(capacity * 2, count + bytes.count))
                grown.update(from: memory, count: count)
                memory.deallocate()
                memory = grown
                capacity = Swift.max(capacity * 2, count + bytes.count)
            }
            if count + bytes.count > capacity {
                flush()
                if bytes.count > capacity {
                    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
                    memory.deallocate()
                    memory = grown
                    capacity = bytes.count
                }
            }
            guard let base = bytes.baseAddress else { return }
            (memory + count).update(from: base, count: bytes.count)
            count += bytes.count
        }
    }

    /// The text in ASCII, through the plain path. Kept out of `write`, which the prompt calls
    /// for every segment (it decides ASCII itself): inlined there it cost it a few hundred
    /// instructions a call.
    @inline(never)
    private func writeASCII(_ text: String) {
        ascii = false
        write(ASCIIFallback.text(text))
        ascii = true
    }

    public func line(_ text: String = "") {
        write(text)
        write("\n")
    }

    public func flush() {
        guard !closed, count > 0, fd >= 0 else { return }
        // EPIPE and friends: nobody is reading any more.
        if !systemWriteAll(fd, memory, count) { closed = true }
        count = 0
    }

    /// Whether the output goes to a terminal.
    public var isTerminal: Bool { Terminal.isTerminal(fd) }

    /// The width of the terminal the output goes to (see `Terminal.width`).
    public func terminalWidth(_ environment: Environment) -> Int {
        Terminal.width(of: fd, environment: environment)
    }

    /// Writes a message to standard error at once (unbuffered: it must survive an exit), in
    /// ASCII when the locale is not UTF-8.
    public static func error(_ text: String) {
        var text = Environment.process.isUTF8 ? text : ASCIIFallback.text(text)
        text.withUTF8 { bytes in
            if let base = bytes.baseAddress { _ = systemWriteAll(2, base, bytes.count) }
        }
    }
}

/// Facts about the terminal a descriptor is connected to.
public enum Terminal {
    /// Whether nobody reads `fd` any more (a pipe whose reader closed it), without writing.
    public static func readerGone(_ fd: Int32) -> Bool {
        var watched = pollfd(fd: fd, events: 0, revents: 0)
        return poll(&watched, 1, 0) > 0 && watched.revents & Int16(POLLERR | POLLHUP) != 0
    }

    public static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }

    /// The width in columns: the terminal's own when `fd` is one, else `COLUMNS`, else 80.
    public static func width(of fd: Int32, environment: Environment) -> Int {
        if isTerminal(fd) {
            var size = winsize()
            if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        }
        if let text = environment.nonEmpty("COLUMNS"), let columns = Decimal.parse(text.utf8), columns > 0 {
            return columns
        }
        return 80
    }
}

/// A one-line progress report on stderr, redrawn in place; only on a terminal, and only once
/// the work is big enough to be worth watching.
public final class ProgressLine {
    private let enabled: Bool
    private var shown = false
    private var lastDraw: Int64 = 0

    /// Below this many lines the work finishes before anyone would read a progress line.
    public static let threshold = 20_000

    /// A progress line that draws only when standard error is a terminal.
    public init() {
        enabled = Terminal.isTerminal(2)
    }

    /// Draws `text` (at most ten times a second) once `count` passes the threshold.
    public func show(_ text: @autoclosure () -> String, count: Int) {
        guard enabled, count >= ProgressLine.threshold else { return }
        let now = Clock.milliseconds()
        guard now - lastDraw >= 100 else { return }
        lastDraw = now
        shown = true
        Output.error("\r\u{1B}[K" + text())
    }

    public func clear() {
        guard enabled, shown else { return }
        Output.error("\r\u{1B}[K")
    }
}
