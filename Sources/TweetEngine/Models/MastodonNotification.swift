import FoundationEssentials
import LoowiSupport

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

    public init(id: String, type: OpenEnum<NotificationType>, createdAt: Date? = nil, account: Account? = nil, status: Status? = nil) {
        self.id = id
        self.type = type
        self.createdAt = createdAt
        self.account = account
        self.status = status
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
