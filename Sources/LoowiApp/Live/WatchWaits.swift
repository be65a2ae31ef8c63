import FoundationEssentials
import TweetEngine

/// What `loowi watch` says of the server's rate limit: one line when a wait starts, in the
/// configured language, printed and spoken with the other lines, and not again while the
/// same stretch of waiting goes on. A server that answers 429 again just after the wait (or
/// each of the requests that were held by it) would otherwise give a line per request:
/// three identical lines for one wait against mastodon-mock. A wait is new when it starts
/// `grace` after the end of the one said, or ends `longer` after it (the server asked
/// for much longer: worth knowing).
public struct WatchWaits {
    static let grace: TimeInterval = 10
    static let longer: TimeInterval = 60

    let language: Language
    let timeZone: TimeZone
    private var said: Date?

    public init(language: Language, timeZone: TimeZone = .current) {
        self.language = language
        self.timeZone = timeZone
    }

    /// The line for `event`, or nil when it belongs to the wait said already (or is not a wait).
    public mutating func line(for event: EngineEvent, now: Date) -> String? {
        guard case .waitingForRateLimit(let until) = event else { return nil }
        if let said, now <= said.addingTimeInterval(Self.grace), until < said.addingTimeInterval(Self.longer) {
            // The stretch goes on to the later end.
            self.said = max(said, until)
            return nil
        }
        said = until
        return event.spoken(in: language, now: now, timeZone: timeZone)
    }
}
