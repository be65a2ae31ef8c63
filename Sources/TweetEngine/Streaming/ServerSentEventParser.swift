import FoundationEssentials
import LoowiSupport

/// One server-sent event: its name (`event:`) and its data lines joined by "\n".
public struct ServerSentEvent: Sendable, Equatable {
    public var name: String
    public var data: String
}

/// Turns the bytes of a `text/event-stream` into events, however the bytes are split.
/// Follows the WHATWG rules that matter here: LF, CRLF or CR end a line; a line starting
/// with ":" is a comment (Mastodon's `:thump` heartbeat); a blank line ends an event.
struct ServerSentEventParser {
    /// An event (or a line) bigger than this is dropped rather than buffered without end.
    static let maximumEventBytes = 4 * 1024 * 1024

    private var line: [UInt8] = []
    private var name = ""
    private var data: [String] = []
    private var eventBytes = 0
    private var skipNextLineFeed = false
    private var overflowed = false

    mutating func feed(_ bytes: Data) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if skipNextLineFeed {
                skipNextLineFeed = false
                if byte == 0x0A { continue }
            }
            if byte == 0x0A || byte == 0x0D {
                skipNextLineFeed = byte == 0x0D
                if let event = endLine() { events.append(event) }
                continue
            }
            if line.count < Self.maximumEventBytes {
                line.append(byte)
            } else {
                overflowed = true
            }
        }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            defer {
                name = ""
                data = []
                eventBytes = 0
                overflowed = false
            }
            guard !overflowed, !data.isEmpty || !name.isEmpty else { return nil }
            return ServerSentEvent(name: name.isEmpty ? "message" : name, data: data.joined(separator: "\n"))
        }
        if line.first == UInt8(ascii: ":") { return nil }
        let text = String(decoding: line, as: UTF8.self)
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = Substring(text)
            value = ""
        }
        switch field {
        case "event": name = Sanitizer.clean(String(value), for: .line)
        case "data":
            eventBytes += value.utf8.count
            if eventBytes > Self.maximumEventBytes { overflowed = true } else { data.append(String(value)) }
        default: break  // id, retry and unknown fields are not used
        }
        return nil
    }
}
