/// An enum value from a server that may be one loowi does not know yet.
///
/// Servers add values (new notification types, visibilities, media types); a strict enum
/// would make one new value fail a whole timeline. Unknown values are kept as text.
public enum OpenEnum<Known: RawRepresentable & Sendable & Hashable>: Sendable, Hashable
where Known.RawValue == String {
    case known(Known)
    case unknown(String)

    public init(rawValue: String) {
        if let known = Known(rawValue: rawValue) { self = .known(known) } else { self = .unknown(rawValue) }
    }

    public init(_ known: Known) { self = .known(known) }

    public var known: Known? {
        if case .known(let value) = self { return value }
        return nil
    }

    public var rawValue: String {
        switch self {
        case .known(let value): value.rawValue
        case .unknown(let text): text
        }
    }
}

extension OpenEnum: Codable {
    public init(from decoder: any Decoder) throws {
        let text = (try? decoder.singleValueContainer().decode(String.self)) ?? ""
        self.init(rawValue: Sanitizer.clean(text, for: .line))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
