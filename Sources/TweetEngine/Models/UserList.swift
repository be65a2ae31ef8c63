import FoundationEssentials
import LoowiSupport

/// One of the user's lists of people (`/api/v1/lists`): its posts are a timeline.
public struct UserList: Sendable, Hashable, Codable, Identifiable, FastDecodable {
    public var id: String
    public var title: String

    enum CodingKeys: String, CodingKey { case id, title }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        id = try c.id(.id)
        title = c.text(.title)
    }
}
