import FoundationEssentials
import LoowiSupport

/// A hashtag; trending tags carry their recent daily use in `history`.
public struct Tag: Sendable, Hashable, Codable, FastDecodable {
    public var name: String
    public var history: [TagHistory]
    /// Whether the user follows it (its posts come to the home timeline); nil when not said.
    public var following: Bool?

    enum CodingKeys: String, CodingKey { case name, history, following }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        name = c.text(.name)
        history = c.list(.history)
        following = c.optionalBool(.following)
    }

    /// Uses over the days in `history` (the API sends the counts as strings).
    public var recentUses: Int { history.reduce(0) { $0 + $1.uses } }
    public var recentAccounts: Int { history.reduce(0) { $0 + $1.accounts } }
}

public struct TagHistory: Sendable, Hashable, Codable, FastDecodable {
    public var day: String
    public var uses: Int
    public var accounts: Int

    enum CodingKeys: String, CodingKey { case day, uses, accounts }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        day = c.optionalID(.day) ?? ""
        uses = c.count(.uses)
        accounts = c.count(.accounts)
    }
}
