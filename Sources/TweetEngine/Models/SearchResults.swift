import FoundationEssentials
import LoowiSupport

public struct SearchResults: Sendable, Hashable, Codable, FastDecodable {
    public var accounts: [Account]
    public var statuses: [Status]
    public var hashtags: [Tag]

    enum CodingKeys: String, CodingKey { case accounts, statuses, hashtags }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        accounts = c.list(.accounts)
        statuses = c.list(.statuses)
        hashtags = c.list(.hashtags)
    }
}
