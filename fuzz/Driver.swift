#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's entry points: `FUZZ_TARGET` names the target (see `Targets.swift`).
nonisolated(unsafe) private var selected: (([UInt8]) -> Void)?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    let name = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = fuzzTargets.first(where: { $0.name == name }) else {
        let names = fuzzTargets.map(\.name).joined(separator: " ")
        fputs("set FUZZ_TARGET to one of: \(names)\n", stderr)
        exit(2)
    }
    selected = target.check
    // The zone furthest ahead of UTC, with the date line's history: where dates are hardest.
    setenv("TZ", "Pacific/Kiritimati", 1)
    tzset()
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selected?(bytes)
    return 0
}
