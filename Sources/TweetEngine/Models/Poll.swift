import FoundationEssentials
import LoowiSupport

public struct Poll: Sendable, Hashable, Codable, Identifiable, FastDecodable {
    public var id: String
    public var expiresAt: Date?
    public var expired: Bool
    public var multiple: Bool
    public var votesCount: Int
    public var votersCount: Int?
    public var options: [PollOption]
    public var voted: Bool
    public var ownVotes: [Int]

    enum CodingKeys: String, CodingKey {
        case id, expired, multiple, options, voted
        case expiresAt = "expires_at"
        case votesCount = "votes_count"
        case votersCount = "voters_count"
        case ownVotes = "own_votes"
    }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        id = try c.id(.id)
        expiresAt = c.date(.expiresAt)
        expired = c.bool(.expired)
        multiple = c.bool(.multiple)
        votesCount = c.count(.votesCount)
        votersCount = c.optionalCount(.votersCount)
        options = c.list(.options)
        voted = c.bool(.voted)
        ownVotes = c.intList(.ownVotes)
    }
}

public struct PollOption: Sendable, Hashable, Codable, FastDecodable {
    public var title: String
    /// Nil while the results are hidden.
    public var votesCount: Int?

    enum CodingKeys: String, CodingKey {
        case title
        case votesCount = "votes_count"
    }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        title = c.text(.title)
        votesCount = c.optionalCount(.votesCount)
    }
}
