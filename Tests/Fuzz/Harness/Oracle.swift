import Foundation

/// What every harness checks besides "no crash". A failure aborts, which libFuzzer reports
/// as a crash and saves the input.
enum Oracle {
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("loowi-fuzz oracle: \(message)\n".utf8))
        abort()
    }

    /// A character that must never reach a terminal or the synthesiser from remote or file
    /// text: C0 controls (a line feed only where the API keeps lines), DEL, C1 controls
    /// (U+009B is an 8-bit CSI), bidi embeddings/overrides/isolates/marks, and the invisible
    /// characters the sanitiser promises to remove, for every output.
    static func isForbidden(_ scalar: Unicode.Scalar, newlines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: return !newlines
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x200B, 0x2060...0x2064, 0xFEFF, 0x00AD: return true
        default: return false
        }
    }

    static func requireClean(
        _ text: String, newlines: Bool, _ what: @autoclosure () -> String
    ) {
        if let bad = text.unicodeScalars.first(where: { isForbidden($0, newlines: newlines) }) {
            fail("\(what()) contains U+\(String(bad.value, radix: 16, uppercase: true)): \(text.debugDescription)")
        }
    }

    /// Every string inside a decoded model, found by reflection, so a field added later is
    /// checked without touching the harness.
    static func requireCleanStrings(in value: Any, path: String = "", depth: Int = 0) {
        guard depth < 64 else { return }
        switch value {
        case let text as String: requireClean(text, newlines: true, "model field \(path)")
        case let character as Character: requireClean(String(character), newlines: true, "model field \(path)")
        case is URL, is Date, is Data: return  // URLs are percent-encoded; the others hold no text
        default:
            for (index, child) in Mirror(reflecting: value).children.enumerated() {
                requireCleanStrings(in: child.value, path: path + "." + (child.label ?? String(index)), depth: depth + 1)
            }
        }
    }
}

/// Valid JSON as RFC 8259 defines it, the precondition of the differential oracles:
/// UTF-8, no raw control byte, accepted by JSONSerialization, and no trailing comma.
/// Foundation's parser on Linux accepts `[1,]`, stops at a NUL (`1\0\0` is accepted) and
/// decodes around invalid UTF-8 inside a document; loowi's parser rejects the first two and
/// replaces the last with U+FFFD, on purpose (FastJSONTests), so those inputs are outside
/// the comparison.
func isStrictJSON(_ bytes: [UInt8]) -> Bool {
    guard String(validating: bytes, as: UTF8.self) != nil,
        !bytes.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }),
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
    else { return false }
    var inString = false, escaped = false, pendingComma = false
    for byte in bytes {
        if inString {
            if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
            continue
        }
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D: continue
        case 0x5D, 0x7D: if pendingComma { return false }
        case 0x22: inString = true
        default: break
        }
        pendingComma = byte == 0x2C
    }
    return true
}

/// One fuzz target: a name (the corpus folder under Tests/Fuzz/Corpus) and the code run on
/// each input.
struct Harness: Sendable {
    let name: String
    let run: @Sendable ([UInt8]) -> Void

    static let all: [Harness] = [
        Harness(name: "json", run: JSONHarness.run),
        Harness(name: "models", run: ModelsHarness.run),
        Harness(name: "html", run: HTMLHarness.run),
        Harness(name: "sanitizer", run: SanitizerHarness.run),
        Harness(name: "speech", run: SpeechTextHarness.run),
        Harness(name: "keys", run: KeysHarness.run),
        Harness(name: "toml", run: TOMLHarness.run),
        Harness(name: "sse", run: SSEHarness.run),
        Harness(name: "websocket", run: WebSocketHarness.run),
        Harness(name: "link", run: LinkHarness.run),
        Harness(name: "iso8601", run: ISO8601Harness.run),
    ]
}

/// Chunk sizes taken from the input itself, for parsers that must not care where reads split.
func chunks(of bytes: [UInt8], seed: UInt8) -> [ArraySlice<UInt8>] {
    var result: [ArraySlice<UInt8>] = []
    var start = 0
    var step = Int(seed % 7) + 1
    while start < bytes.count {
        let end = min(bytes.count, start + step)
        result.append(bytes[start..<end])
        start = end
        step = step % 7 + 1
    }
    return result
}
