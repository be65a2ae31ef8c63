/// A token or client secret. Prints, dumps and interpolates as `<redacted>`; only the
/// engine reads the value, to put it in a header or a revoke request.
public struct Secret: Sendable, Hashable, Codable {
    let value: String

    init(_ value: String) { self.value = value }

    public init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension Secret {
    /// "Bearer TOKEN", or `tokenUnusable` when the token holds a control character: a CR or
    /// LF would end the Authorization header and start lines of loowi's own request that the
    /// token's source wrote (LOOWI_TOKEN, a hand-edited file, a server's token answer).
    func bearer() throws(EngineError) -> String {
        try check()
        return "Bearer \(value)"
    }

    /// Throws `tokenUnusable` when the secret holds a control character (C0, DEL or C1).
    public func check() throws(EngineError) {
        guard !value.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            throw .tokenUnusable
        }
    }
}

extension Secret: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
