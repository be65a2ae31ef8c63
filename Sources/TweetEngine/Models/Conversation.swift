import FoundationEssentials
import LoowiSupport

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

    /// Unread as the listener means it: the server's flag, but never for a conversation whose
    /// last message is their own (some servers mark it unread for its sender too). Mastodon
    /// lists only the other people, so a last message by none of them is yours.
    public var unreadByYou: Bool {
        guard unread, let last = lastStatus else { return unread }
        return accounts.contains { $0.id == last.account.id }
    }
}
