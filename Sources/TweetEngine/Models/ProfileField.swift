import FoundationEssentials
import LoowiSupport

/// A name/value pair on a profile ("Pronouns: she/her"); the value is sanitised HTML.
public struct ProfileField: Sendable, Hashable, Codable, FastDecodable {
    public var name: String
    public var value: String
    public var verifiedAt: Date?

    enum CodingKeys: String, CodingKey {
        case name, value
        case verifiedAt = "verified_at"
    }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        name = c.text(.name)
        value = c.text(.value)
        verifiedAt = c.date(.verifiedAt)
    }
}
