import FoundationEssentials
import LoowiSupport

public struct PreviewCard: Sendable, Hashable, Codable, FastDecodable {
    public var url: URL?
    public var title: String
    public var description: String

    enum CodingKeys: String, CodingKey { case url, title, description }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        url = c.url(.url)
        title = c.text(.title)
        description = c.text(.description)
    }
}
