/// RFC 6455 frame opcodes. Any other value is a protocol error.
enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    var isControl: Bool { rawValue & 0x8 != 0 }
}

/// The close codes loowi sends or reads (RFC 6455 section 7.4.1).
struct WebSocketCloseCode: RawRepresentable, Sendable, Equatable, Hashable {
    var rawValue: UInt16

    static let normal = WebSocketCloseCode(rawValue: 1000)
    static let goingAway = WebSocketCloseCode(rawValue: 1001)
    static let protocolError = WebSocketCloseCode(rawValue: 1002)
    static let invalidPayload = WebSocketCloseCode(rawValue: 1007)
    static let messageTooBig = WebSocketCloseCode(rawValue: 1009)

    /// Codes a peer may put on the wire: 1004-1006 and 1015 are reserved for reporting only,
    /// 1016-2999 are unassigned, 3000-4999 are for libraries and applications.
    var isValidOnTheWire: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }
}

/// Client frames: always masked (RFC 6455 5.3), the mask a fresh random key per frame so a
/// proxy in the path cannot be fed chosen bytes.
enum WebSocketFrameEncoder {
    static func frame(_ opcode: WebSocketOpcode, payload: [UInt8], maskKey: [UInt8], final: Bool = true) -> [UInt8] {
        precondition(maskKey.count == 4, "a WebSocket mask key is four bytes")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count + 14)
        bytes.append((final ? 0x80 : 0) | opcode.rawValue)
        let count = payload.count
        switch count {
        case 0...125:
            bytes.append(0x80 | UInt8(count))
        case 126...0xFFFF:
            bytes.append(0x80 | 126)
            bytes.append(UInt8(count >> 8))
            bytes.append(UInt8(count & 0xFF))
        default:
            bytes.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: UInt64(count) >> UInt64(shift))) }
        }
        bytes.append(contentsOf: maskKey)
        for (index, byte) in payload.enumerated() { bytes.append(byte ^ maskKey[index & 3]) }
        return bytes
    }

    /// A close frame's payload: the code, then a short reason (cut to fit the 125-byte limit
    /// of a control frame, at a character boundary).
    static func closePayload(_ code: WebSocketCloseCode, reason: String = "") -> [UInt8] {
        var reasonBytes: [UInt8] = []
        for character in reason {
            let utf8 = Array(String(character).utf8)
            if reasonBytes.count + utf8.count > 123 { break }
            reasonBytes += utf8
        }
        return [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)] + reasonBytes
    }

    /// Four random bytes for a mask key (or sixteen for a handshake key).
    static func randomBytes<R: RandomNumberGenerator>(_ count: Int, using random: inout R) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }
}
