import FoundationEssentials
import LoowiSupport

/// A saved reading position.
public struct Marker: Sendable, Hashable, Codable, FastDecodable {
    public var lastReadID: String
    public var version: Int
    public var updatedAt: Date?

    enum CodingKeys: String, CodingKey {
        case version
        case lastReadID = "last_read_id"
        case updatedAt = "updated_at"
    }

    public init(lastReadID: String, version: Int, updatedAt: Date? = nil) {
        self.lastReadID = lastReadID
        self.version = version
        self.updatedAt = updatedAt
    }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        lastReadID = try c.id(.lastReadID)
        version = c.count(.version)
        updatedAt = c.date(.updatedAt)
    }
}

/// The reading positions of the home timeline and the notifications.
public struct Markers: Sendable, Hashable, Codable, FastDecodable {
    public var home: Marker?
    public var notifications: Marker?

    enum CodingKeys: String, CodingKey { case home, notifications }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        home = c.object(.home)
        notifications = c.object(.notifications)
    }
}
