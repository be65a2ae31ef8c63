import FoundationEssentials
import LoowiSupport

/// The server's request budget, from the `X-RateLimit-*` headers of the last response.
/// Every value is clamped (`ServerNumber`): counts to 0 ... a trillion, the reset to at most
/// 24 hours from now, so nothing computed from it can overflow.
public struct RateLimitStatus: Sendable, Equatable {
    public var limit: Int?
    public var remaining: Int?
    public var resetsAt: Date?

    public init(limit: Int? = nil, remaining: Int? = nil, resetsAt: Date? = nil) {
        self.limit = limit
        self.remaining = remaining
        self.resetsAt = resetsAt
    }

    /// Nil when the response carries no usable rate-limit headers.
    public static func parse(_ response: HTTPResponse, now: Date) -> RateLimitStatus? {
        let limit = response.header("X-RateLimit-Limit").flatMap(ServerNumber.count(text:))
        let remaining = response.header("X-RateLimit-Remaining").flatMap(ServerNumber.count(text:))
        let reset = response.header("X-RateLimit-Reset").flatMap { parseReset($0, now: now) }
        guard limit != nil || remaining != nil || reset != nil else { return nil }
        return RateLimitStatus(limit: limit, remaining: remaining, resetsAt: reset)
    }

    /// Mastodon and GoToSocial send an ISO 8601 time with fractional seconds; others send
    /// epoch seconds. A small number (below 10⁹, i.e. before 2001) can only be "seconds
    /// from now", as in the IETF RateLimit draft, so it is read that way. The result is
    /// never before `now` (a past reset means "already reset") nor more than 24 hours on.
    public static func parseReset(_ value: String, now: Date) -> Date? {
        let text = value.trimmingSpaces()
        let date: Date
        if let parsed = ISO8601.parse(text) {
            date = parsed
        } else if let number = ServerNumber.seconds(text: text), number >= 0 {
            date = number >= 1e9 ? Date(timeIntervalSince1970: min(number, 1e11)) : now.addingTimeInterval(number)
        } else {
            return nil
        }
        let seconds = ServerNumber.clamped(date.timeIntervalSince(now), to: 0...ServerNumber.longestWait) ?? 0
        return now.addingTimeInterval(seconds)
    }

    /// `Retry-After` in seconds or as an HTTP date, kept between 1 second and 24 hours on.
    static func parseRetryAfter(_ value: String, now: Date) -> Date? {
        let text = value.trimmingSpaces()
        if let seconds = ServerNumber.seconds(text: text) {
            let clamped = ServerNumber.clamped(seconds, to: ServerNumber.shortestWait...ServerNumber.longestWait) ?? 1
            return now.addingTimeInterval(clamped)
        }
        return httpDate(text).map { ServerNumber.waitEnd($0, now: now) }
    }

    /// RFC 9110's IMF-fixdate, `Wed, 21 Oct 2015 07:28:00 GMT` (the only form servers send
    /// today), read through the ISO 8601 parser rather than a `DateFormatter`.
    static func httpDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        guard parts.count == 6, parts[5].uppercased() == "GMT", parts[1].count == 2, parts[3].count == 4,
            let month = months.firstIndex(of: parts[2].lowercased())
        else { return nil }
        let monthText = month + 1 < 10 ? "0\(month + 1)" : "\(month + 1)"
        return ISO8601.parse("\(parts[3])-\(monthText)-\(parts[1])T\(parts[4])Z")
    }
}
