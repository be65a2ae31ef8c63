#if canImport(Glibc)
    import Glibc
#endif

/// The process's environment as a dictionary, read afresh from `environ` on each call (the
/// bench's audio sets PULSE_* variables while it runs). FoundationEssentials'
/// `ProcessInfo.processInfo.environment` finds each "=" by comparing Characters, grapheme by
/// grapheme: about 250,000 instructions for forty variables, paid by every default argument
/// that read it, five times before a printed timeline's first request. Here the split is on
/// bytes, so a call costs what building the dictionary costs.
public enum ProcessEnvironment {
    public static var current: [String: String] {
        var result: [String: String] = [:]
        // clearenv(3) leaves `environ` null, which Swift's non-optional import cannot say.
        guard UInt(bitPattern: environ) != 0 else { return result }
        var entry = environ
        while let pointer = entry.pointee {
            let length = strlen(pointer)
            pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
                let buffer = UnsafeBufferPointer(start: bytes, count: length)
                // An entry without "=" is skipped; when a name repeats, the first value wins,
                // as getenv(3) answers.
                guard let equals = buffer.firstIndex(of: UInt8(ascii: "=")) else { return }
                let name = String(decoding: buffer[..<equals], as: UTF8.self)
                if result[name] == nil {
                    result[name] = String(decoding: buffer[(equals + 1)...], as: UTF8.self)
                }
            }
            entry += 1
        }
        return result
    }
}
