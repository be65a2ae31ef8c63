import FoundationEssentials
import LoowiSupport

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
        note = c.text(.note)
    }
}
