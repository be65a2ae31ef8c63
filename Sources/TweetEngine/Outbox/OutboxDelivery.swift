import FoundationEssentials
import LoowiSupport

/// Sending one outbox item, as a pure state machine: events in, the next step out, no I/O
/// (tested without a server). `TweetEngine.deliver` performs the steps.
///
///     start ──(an attempt unanswered)──► reconcile ──found──► finished(alreadyPublished)
///       │                                    │not found
///       └──────────────────────────────► send ──2xx──► finished(published)
///                                             └─failure─► kept(item, mayBeOut)
///
/// Before each send the item is saved as unanswered (`willSend`), so even a loowi killed
/// mid-request reconciles next time; a failure that surely published nothing undoes that.
public struct OutboxDelivery: Sendable, Equatable {
    public enum Step: Sendable, Equatable {
        /// Look at the account's own posts made since this time for this post.
        case reconcile(since: Date)
        /// Send the post (with the item's idempotency key).
        case send
        /// Done: remove the item from the outbox.
        case finished(Status, alreadyPublished: Bool)
        /// Not published: save `item` back to the outbox and report the failure.
        case kept(OutboxItem, mayBeOut: Bool)
    }

    /// How a send ended, as far as the outbox cares.
    public enum SendResult: Sendable, Equatable {
        case published(Status)
        /// The request may have reached the server but no answer came (timeout, dropped
        /// connection, a gateway error): the post may be out.
        case noAnswer
        /// Surely not sent (no connection, rate limit, cancelled before sending).
        case notSent
        /// The server answered with a refusal (4xx): sending again would fail again.
        case refused(reason: String)
    }

    public private(set) var item: OutboxItem
    /// `unansweredSince` before the attempt under way, restored when it surely failed.
    private var unansweredBefore: Date?

    public init(_ item: OutboxItem) {
        self.item = item
        unansweredBefore = item.unansweredSince
    }

    public mutating func start() -> Step {
        if let since = item.unansweredSince { return .reconcile(since: since) }
        return .send
    }

    public mutating func reconciled(found: Status?) -> Step {
        if let found { return .finished(found, alreadyPublished: true) }
        return .send
    }

    /// The item to save before the request leaves: from now on, the post may be out.
    /// `at` is the earliest moment the server can have made it.
    public mutating func willSend(at: Date) -> OutboxItem {
        unansweredBefore = item.unansweredSince
        item.unansweredSince = item.unansweredSince ?? at
        item.attempts += 1
        return item
    }

    public mutating func sent(_ result: SendResult) -> Step {
        switch result {
        case .published(let status):
            return .finished(status, alreadyPublished: false)
        case .noAnswer:
            item.refusal = nil
            return .kept(item, mayBeOut: true)
        case .notSent:
            item.unansweredSince = unansweredBefore
            return .kept(item, mayBeOut: unansweredBefore != nil)
        case .refused(let reason):
            item.unansweredSince = unansweredBefore
            item.refusal = reason
            return .kept(item, mayBeOut: unansweredBefore != nil)
        }
    }
}

extension OutboxDelivery.SendResult {
    /// Sorts an engine failure: did the request perhaps reach the server?
    public init(_ error: EngineError) {
        switch error {
        case .transport(let transport):
            switch transport {
            case .couldNotConnect, .couldNotResolveHost, .invalidURL, .insecureURL, .unsupportedScheme,
                .certificateNotTrusted, .secureConnectionFailed, .redirectToOtherHost, .serverDidNotSpeakHTTPS,
                .serverSpeaksHTTPS, .securitySetupFailed:
                self = .notSent
            default:
                // Timed out, connection lost, cancelled mid-way, a garbled or oversized
                // answer: perhaps sent, surely unanswered.
                self = .noAnswer
            }
        case .http(let status, let message):
            if status == 408 || status >= 500 {
                // A gateway or an overloaded server may have published it before failing.
                self = .noAnswer
            } else {
                self = .refused(reason: message ?? "HTTP \(status)")
            }
        case .decoding:
            // A 2xx whose body could not be read: the post is out, but which one is unknown.
            self = .noAnswer
        case .postTooLong, .directMessageNotAllowed, .mediaTooLarge:
            self = .refused(reason: error.spoken(in: .english).description)
        case .cancelled:
            // Escape may come after the request left: the post may be out.
            self = .noAnswer
        case .rateLimited, .notLoggedIn, .tokenFileInsecure, .tokenStorage, .streamingUnavailable, .loginRefused,
            .tokenUnusable, .tokenFileDamaged:
            self = .notSent
        }
    }
}
