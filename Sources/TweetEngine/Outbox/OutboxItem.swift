import FoundationEssentials
import LoowiSupport

/// A post on its way to the server: written to the outbox (with its idempotency key) before
/// the first request, and removed only when the server has answered 2xx or the post was
/// found already published. Shared by the app and every command that posts.
public struct OutboxItem: Codable, Sendable, Equatable, Identifiable {
    /// Who a direct message is for (iLoowi's rule is checked again before each send).
    public struct Recipient: Codable, Sendable, Equatable {
        public var id: String
        public var acct: String

        public init(id: String, acct: String) {
            self.id = id
            self.acct = acct
        }
    }

    public var draft: Draft
    public var recipient: Recipient?
    public var queuedAt: Date
    /// When the first attempt whose answer never came was made: the post may be out, so
    /// the account's own posts are looked at before sending it again.
    public var unansweredSince: Date?
    /// The server refused it (its reason, sanitised): it is not retried in the background.
    public var refusal: String?
    public var attempts: Int
    /// Whether the app may send it on its own when the server answers again: posts written
    /// in the app, until the user stops one (Escape). Commands' posts are sent by command.
    public var sendsByItself: Bool?
    /// The visibility of the post this replies to, when it was read: a reply is never wider.
    public var parentVisibility: Visibility?

    public var id: String { draft.idempotencyKey }

    public init(draft: Draft, recipient: Recipient? = nil, queuedAt: Date) {
        self.draft = draft
        self.recipient = recipient
        self.queuedAt = queuedAt
        self.attempts = 0
    }

    /// The same post: a command run again with the same words finds the waiting item (and
    /// so its key and its reconciliation) instead of making a second one. A visibility left
    /// to the server's default matches any: the preferences may be readable one time and
    /// not the next.
    public func holds(_ other: Draft, for recipient: Recipient?) -> Bool {
        let sameVisibility = draft.visibility == nil || other.visibility == nil || draft.visibility == other.visibility
        return draft.text == other.text && draft.inReplyToID == other.inReplyToID && sameVisibility
            && (draft.contentWarning ?? "") == (other.contentWarning ?? "") && self.recipient?.acct == recipient?.acct
    }

    /// Waiting for the server to come back (not refused, not stopped by the user, written in
    /// the app): the app retries these by itself.
    public var retriesByItself: Bool { refusal == nil && sendsByItself == true }
}
