import FoundationEssentials
import LoowiSupport

public struct MediaAttachment: Sendable, Hashable, Codable, Identifiable, FastDecodable {
    public var id: String
    public var type: OpenEnum<MediaType>
    /// The file's address, as text (`FieldReader.address`); nil while the server processes it.
    public var url: String?
    /// The alt text, the part a listener needs; nil when the author wrote none.
    public var description: String?

    enum CodingKeys: String, CodingKey {
        case id, type, url, description
    }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        id = try c.id(.id)
        type = c.openEnum(.type)
        url = c.address(.url)
        let text = c.optionalText(.description, .line)?.trimmingSpaces()
        description = (text?.isEmpty ?? true) ? nil : text
    }
}

public enum MediaType: String, Sendable, Hashable, Codable, CaseIterable {
    case image, gifv, video, audio, unknown
}
