import FoundationEssentials
import LoowiSupport

public struct PreviewCard: Sendable, Hashable, Codable, FastDecodable {
    /// The linked page's address, as text (`FieldReader.address`).
    public var url: String?
    public var title: String
    public var description: String

    enum CodingKeys: String, CodingKey { case url, title, description }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        url = c.address(.url)
        title = c.text(.title)
        description = c.text(.description)
    }
}
