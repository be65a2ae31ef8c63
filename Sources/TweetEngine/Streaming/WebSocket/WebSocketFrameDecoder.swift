/// What the server sent, message by message.
enum WebSocketIncoming: Sendable, Equatable {
    /// A whole text message (its fragments joined), valid UTF-8.
    case text(String)
    /// A whole binary message: the streaming API sends none, so only its size is kept.
    case binary(byteCount: Int)
    case ping([UInt8])
    case pong([UInt8])
    /// The server closes: its code (nil when it gave none) and reason.
    case close(code: UInt16?, reason: String)
}

/// Why the server's bytes are refused, and the code the close frame then carries.
struct WebSocketProtocolError: Error, Sendable, Equatable {
    var code: WebSocketCloseCode
    var reason: String
}

/// Turns the server's bytes into messages, however they are split across reads (RFC 6455
/// section 5, client side). A pure value: no I/O, so every hostile input is tested without a
/// network. Memory is bounded by construction: a frame is refused from its header when its
/// payload would take the message over `maximumMessageBytes`, before a byte of it is kept,
/// so at most one message (4 MiB), the frame being read, and one slice of input are held.
struct WebSocketFrameDecoder {
    /// Mastodon's largest events (a post with its quote and cards) are tens of KiB; the bound
    /// matches the server-sent-events parser's.
    static let maximumMessageBytes = 4 * 1024 * 1024
    /// Input is taken this much at a time, so even one huge `feed` never buffers past the bound.
    static let sliceBytes = 64 * 1024

    let maximumMessageBytes: Int
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts (compacted when it passes half).
    private var readIndex = 0
    /// The data message being reassembled from fragments: its opcode and bytes so far.
    private var messageOpcode: WebSocketOpcode?
    private var message: [UInt8] = []
    private var failure: WebSocketProtocolError?
    /// A close frame arrived: nothing after it is read.
    private(set) var closed = false

    init(maximumMessageBytes: Int = Self.maximumMessageBytes) {
        self.maximumMessageBytes = maximumMessageBytes
    }

    /// Bytes held now (for tests of the bound).
    var bufferedBytes: Int { buffer.count - readIndex + message.count }

    mutating func feed(_ bytes: some Collection<UInt8>) throws(WebSocketProtocolError) -> [WebSocketIncoming] {
        if let failure { throw failure }
        var incoming: [WebSocketIncoming] = []
        var rest = bytes[...]
        repeat {
            let slice = rest.prefix(Self.sliceBytes)
            rest = rest.dropFirst(slice.count)
            if !closed { buffer.append(contentsOf: slice) }
            do {
                while !closed, let next = try nextMessage() { incoming.append(next) }
            } catch {
                failure = error
                buffer = []
                message = []
                throw error
            }
            if readIndex > 0, readIndex * 2 >= buffer.count {
                buffer.removeFirst(readIndex)
                readIndex = 0
            }
        } while !rest.isEmpty
        return incoming
    }

    /// The next whole message or control frame, nil when more bytes are needed.
    private mutating func nextMessage() throws(WebSocketProtocolError) -> WebSocketIncoming? {
        while true {
            let available = buffer.count - readIndex
            guard available >= 2 else { return nil }
            let first = buffer[readIndex], second = buffer[readIndex + 1]
            let final = first & 0x80 != 0
            guard first & 0x70 == 0 else { throw WebSocketProtocolError(code: .protocolError, reason: "reserved bits set") }
            guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
                throw WebSocketProtocolError(code: .protocolError, reason: "unknown opcode")
            }
            // A server never masks (RFC 6455 5.1): a masked frame is not from a server.
            guard second & 0x80 == 0 else { throw WebSocketProtocolError(code: .protocolError, reason: "masked frame from the server") }
            var headerBytes = 2
            var length = UInt64(second & 0x7F)
            if length == 126 {
                guard available >= 4 else { return nil }
                length = UInt64(buffer[readIndex + 2]) << 8 | UInt64(buffer[readIndex + 3])
                headerBytes = 4
            } else if length == 127 {
                guard available >= 10 else { return nil }
                length = (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(buffer[readIndex + 2 + $1]) }
                headerBytes = 10
                // The most significant bit must be 0 (RFC 6455 5.2).
                guard length >> 63 == 0 else { throw WebSocketProtocolError(code: .protocolError, reason: "length out of range") }
            }
            if opcode.isControl {
                guard final else { throw WebSocketProtocolError(code: .protocolError, reason: "fragmented control frame") }
                guard length <= 125 else { throw WebSocketProtocolError(code: .protocolError, reason: "control frame too long") }
            } else if opcode == .continuation {
                guard messageOpcode != nil else { throw WebSocketProtocolError(code: .protocolError, reason: "continuation without a message") }
            } else if messageOpcode != nil {
                throw WebSocketProtocolError(code: .protocolError, reason: "new message inside a fragmented one")
            }
            // Refused from the header, before any of the payload is kept.
            if !opcode.isControl, length > UInt64(maximumMessageBytes - message.count) {
                throw WebSocketProtocolError(code: .messageTooBig, reason: "message too big")
            }
            let payloadCount = Int(length)
            guard available >= headerBytes + payloadCount else { return nil }
            let start = readIndex + headerBytes
            let payload = buffer[start..<(start + payloadCount)]
            readIndex = start + payloadCount
            if opcode.isControl { return try control(opcode, Array(payload)) }
            if opcode != .continuation { messageOpcode = opcode }
            message.append(contentsOf: payload)
            guard final, let kind = messageOpcode else { continue }
            defer {
                messageOpcode = nil
                message.removeAll(keepingCapacity: false)
            }
            if kind == .binary { return .binary(byteCount: message.count) }
            guard let text = String(validating: message, as: UTF8.self) else {
                throw WebSocketProtocolError(code: .invalidPayload, reason: "text is not UTF-8")
            }
            return .text(text)
        }
    }

    private mutating func control(_ opcode: WebSocketOpcode, _ payload: [UInt8]) throws(WebSocketProtocolError) -> WebSocketIncoming {
        switch opcode {
        case .ping: return .ping(payload)
        case .pong: return .pong(payload)
        default:
            closed = true
            buffer = []
            readIndex = 0
            guard !payload.isEmpty else { return .close(code: nil, reason: "") }
            guard payload.count >= 2 else { throw WebSocketProtocolError(code: .protocolError, reason: "close frame of one byte") }
            let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
            guard WebSocketCloseCode(rawValue: code).isValidOnTheWire else {
                throw WebSocketProtocolError(code: .protocolError, reason: "invalid close code")
            }
            guard let reason = String(validating: payload[2...], as: UTF8.self) else {
                throw WebSocketProtocolError(code: .invalidPayload, reason: "close reason is not UTF-8")
            }
            return .close(code: code, reason: reason)
        }
    }
}
