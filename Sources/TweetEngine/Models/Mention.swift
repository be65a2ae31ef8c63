import FoundationEssentials
import LoowiSupport

public struct Mention: Sendable, Hashable, Codable, FastDecodable {
    public var id: String
    public var username: String
    public var acct: String

    enum CodingKeys: String, CodingKey { case id, username, acct }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        id = try c.id(.id)
        username = c.text(.username)
        acct = c.text(.acct)
    }
}
