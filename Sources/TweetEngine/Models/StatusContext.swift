import FoundationEssentials
import LoowiSupport

/// A thread around one status.
public struct StatusContext: Sendable, Hashable, Codable, FastDecodable {
    public var ancestors: [Status]
    public var descendants: [Status]

    enum CodingKeys: String, CodingKey { case ancestors, descendants }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        ancestors = c.list(.ancestors)
        descendants = c.list(.descendants)
    }
}
