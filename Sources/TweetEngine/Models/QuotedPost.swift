import FoundationEssentials
import LoowiSupport

/// A quote post's quoted post (`quote` in Mastodon 4.4): present only while the server shows
/// it (not pending, revoked or deleted).
public struct QuotedPost: Sendable, Hashable, Codable, FastDecodable {
    /// "accepted", "pending", "revoked", …, kept as text.
    public var state: String
    // An array gives the recursion (a post quoting a post) the indirection it needs.
    private var storage: [Status]

    public var status: Status? { storage.first }

    enum CodingKeys: String, CodingKey {
        case state
        case storage = "quoted_status"
    }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        state = c.text(.state)
        let quoted: Status? = c.object(.storage)
        storage = quoted.map { [$0] } ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(state, forKey: .state)
        try c.encodeIfPresent(status, forKey: .storage)
    }
}
