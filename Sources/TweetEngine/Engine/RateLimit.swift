import Foundation

/// The server's request budget, from the `X-RateLimit-*` headers of the last response.
public struct RateLimitStatus: Sendable, Equatable {
    public var limit: Int?
    public var remaining: Int?
    public var resetsAt: Date?

    public init(limit: Int? = nil, remaining: Int? = nil, resetsAt: Date? = nil) {
        self.limit = limit
        self.remaining = remaining
        self.resetsAt = resetsAt
    }

    /// Nil when the response carries no rate-limit headers.
    public static func parse(_ response: HTTPResponse, now: Date) -> RateLimitStatus? {
        let limit = response.header("X-RateLimit-Limit").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let remaining = response.header("X-RateLimit-Remaining").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let reset = response.header("X-RateLimit-Reset").flatMap { parseReset($0, now: now) }
        guard limit != nil || remaining != nil || reset != nil else { return nil }
        return RateLimitStatus(limit: limit, remaining: remaining, resetsAt: reset)
    }

    /// Mastodon and GoToSocial send an ISO 8601 time with fractional seconds; others send
    /// epoch seconds. A small number (below 10⁹, i.e. before 2001) can only be "seconds
    /// from now", as in the IETF RateLimit draft, so it is read that way.
    public static func parseReset(_ value: String, now: Date) -> Date? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let date = ISO8601.parse(text) { return date }
        guard let number = Double(text), number.isFinite, number >= 0 else { return nil }
        return number >= 1e9 ? Date(timeIntervalSince1970: number) : now.addingTimeInterval(number)
    }

    /// `Retry-After` in seconds or as an HTTP date.
    static func parseRetryAfter(_ value: String, now: Date) -> Date? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(text), seconds.isFinite, seconds >= 0 { return now.addingTimeInterval(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
