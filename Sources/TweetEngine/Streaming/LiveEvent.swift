import FoundationEssentials
import LoowiSupport

/// What the app hears while it runs (`TweetEngine.liveUpdates(since:)`): the user stream's
/// events, and the connection's state said once each way. Behind it, one streaming connection
/// with reconnects, the gap filled on return, or polling where the server has no streaming.
public enum LiveEvent: Sendable, Equatable {
    /// A new post in the home timeline.
    case update(Status)
    /// A post was edited: it replaces the one shown, which says "edited".
    case statusUpdate(Status)
    /// A post was deleted: it leaves every buffer.
    case delete(statusID: String)
    case notification(MastodonNotification)
    case conversation(Conversation)
    /// The user's server-side filters changed: read them again.
    case filtersChanged
    /// Live updates started (the first connection only; a return is `restored`).
    case started
    /// The stream broke (said once per outage: "Live updates stopped; trying again.").
    case stopped(EngineError)
    /// The stream is back after an outage, with what arrived meanwhile (asked with
    /// `min_id` from the newest item known), newest first. Their items are not sent again
    /// as `update` or `notification`.
    case restored(missed: LiveMissed)
    /// Polls fail: the server does not answer ("loowi cannot reach your server; new posts wait
    /// until it answers."). Said once per outage, within one poll interval.
    case unreachable(EngineError)
    /// The server answers again after `unreachable`, with what arrived meanwhile, newest
    /// first (not sent again as `update` or `notification`).
    case reachable(missed: LiveMissed)
    /// The server has no streaming: home and notifications are asked every `every` instead,
    /// and what they bring comes as `update` and `notification`. Sent once.
    case polling(every: Duration)
    /// Live updates ended for good (the login was refused); nothing follows.
    case ended(EngineError)
}

/// What arrived while the stream was away.
public struct LiveMissed: Sendable, Equatable {
    public var statuses: [Status]
    public var notifications: [MastodonNotification]

    public init(statuses: [Status] = [], notifications: [MastodonNotification] = []) {
        self.statuses = statuses
        self.notifications = notifications
    }
}

/// Where live updates start: the newest home post and notification the app holds, so a
/// return (or polling) asks only for what is newer.
public struct LiveCursor: Sendable, Equatable {
    public var home: String?
    public var notifications: String?

    public init(home: String? = nil, notifications: String? = nil) {
        self.home = home
        self.notifications = notifications
    }
}
