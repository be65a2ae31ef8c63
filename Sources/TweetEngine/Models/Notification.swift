import Foundation

/// Something that happened to the user: a mention, a boost, a new follower, …
public struct MastodonNotification: Sendable, Hashable, Codable, Identifiable, FastDecodable {
    public var id: String
    public var type: OpenEnum<NotificationType>
    public var createdAt: Date?
    public var account: Account?
    public var status: Status?

    enum CodingKeys: String, CodingKey {
        case id, type, account, status
        case createdAt = "created_at"
    }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        id = try c.id(.id)
        type = c.openEnum(.type)
        createdAt = c.date(.createdAt)
        account = c.object(.account)
        status = c.object(.status)
    }
}

public enum NotificationType: String, Sendable, Hashable, Codable, CaseIterable {
    case mention, status, reblog, follow, favourite, poll, update, quote
    case followRequest = "follow_request"
    case adminSignUp = "admin.sign_up"
    case adminReport = "admin.report"
    case severedRelationships = "severed_relationships"
    case moderationWarning = "moderation_warning"
}

/// A direct-message thread.
public struct Conversation: Sendable, Hashable, Codable, Identifiable, FastDecodable {
    public var id: String
    public var unread: Bool
    public var accounts: [Account]
    public var lastStatus: Status?

    enum CodingKeys: String, CodingKey {
        case id, unread, accounts
        case lastStatus = "last_status"
    }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        id = try c.id(.id)
        unread = c.bool(.unread)
        accounts = c.list(.accounts)
        lastStatus = c.object(.lastStatus)
    }
}

/// How the user and another account are connected.
public struct Relationship: Sendable, Hashable, Codable, Identifiable, FastDecodable {
    public var id: String
    public var following: Bool
    public var followedBy: Bool
    /// A follow request is waiting for a locked account's approval.
    public var requested: Bool
    public var blocking: Bool
    public var blockedBy: Bool
    public var muting: Bool
    public var showingReblogs: Bool
    public var notifying: Bool
    public var endorsed: Bool
    public var note: String

    enum CodingKeys: String, CodingKey {
        case id, following, requested, blocking, muting, notifying, endorsed, note
        case followedBy = "followed_by"
        case blockedBy = "blocked_by"
        case showingReblogs = "showing_reblogs"
    }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        id = try c.id(.id)
        following = c.bool(.following)
        followedBy = c.bool(.followedBy)
        requested = c.bool(.requested)
        blocking = c.bool(.blocking)
        blockedBy = c.bool(.blockedBy)
        muting = c.bool(.muting)
        showingReblogs = c.optionalBool(.showingReblogs) ?? true
        notifying = c.bool(.notifying)
        endorsed = c.bool(.endorsed)
        note = c.text(.note, .multiLine)
    }
}

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

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        lastReadID = try c.id(.lastReadID)
        version = c.int(.version)
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
