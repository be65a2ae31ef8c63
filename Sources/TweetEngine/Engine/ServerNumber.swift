import FoundationEssentials
import LoowiSupport

/// Numbers from a server, made safe before any arithmetic. A server (or anything between it
/// and loowi) can send 1e300, 2e20, 9223372036854775807, -1, inf or nan, and Swift traps on
/// an `Int`, `Duration` or `Int128` conversion that overflows: one hostile header would kill
/// every command and the app. Every such number passes through here, so the ranges are
/// written once (DECISIONS.md says why each is what it is).
public enum ServerNumber {
    /// The shortest wait after a 429: a reset already past cannot cause a tight loop.
    public static let shortestWait: TimeInterval = 1
    /// The longest wait a server can ask for. Mastodon's windows are 5 minutes to a day.
    public static let longestWait: TimeInterval = 86_400
    /// Counts (followers, posts, votes, request budgets): a trillion is more than any server has.
    public static let counts = 0...1_000_000_000_000
    /// `max_characters`: Mastodon has 500, some servers 5,000 or 100,000; a million is ample.
    public static let postLengths = 1...1_000_000
    /// `characters_reserved_per_url`: Mastodon has 23. With at most 10,000 per URL and a URL
    /// taking at least 8 characters of text, a post's count cannot overflow.
    public static let urlWeights = 0...10_000
    /// A media size limit (`image_size_limit`, `video_size_limit`): 1 byte to 1 TiB.
    public static let mediaBytes = 1...(1 << 40)
    /// Dates sent as numbers of seconds: about 3,000 years either side of 2001.
    public static let dateSeconds: ClosedRange<Double> = -1e11...1e11

    /// `value` within `range`.
    public static func clamped(_ value: Int, to range: ClosedRange<Int>) -> Int {
        min(max(value, range.lowerBound), range.upperBound)
    }

    /// `value` within `range` (infinities saturate); nil for nan.
    public static func clamped(_ value: Double, to range: ClosedRange<Double>) -> Double? {
        guard !value.isNaN else { return nil }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    /// A count: below zero is 0, above a trillion is a trillion.
    public static func count(_ value: Int) -> Int { clamped(value, to: counts) }

    /// A count from a header: "42", "4.2e1", "9223372036854775807" or "1e300" (saturated);
    /// nil for nan, empty or garbage.
    public static func count(text: String) -> Int? {
        let trimmed = text.trimmingSpaces()
        if let value = Int(trimmed) { return count(value) }
        guard let value = Double(trimmed).flatMap({ clamped($0, to: Double(counts.lowerBound)...Double(counts.upperBound)) })
        else { return nil }
        return Int(value)
    }

    /// Seconds from a header, as a number (an infinity is kept, to be saturated by the
    /// caller's range); nil for nan, empty or garbage.
    public static func seconds(text: String) -> Double? {
        guard let value = Double(text.trimmingSpaces()), !value.isNaN else { return nil }
        return value
    }

    /// The end of a wait the server asked for, kept between 1 second and 24 hours from now.
    public static func waitEnd(_ date: Date, now: Date) -> Date {
        let seconds = clamped(date.timeIntervalSince(now), to: shortestWait...longestWait) ?? shortestWait
        return now.addingTimeInterval(seconds)
    }

    /// A `Date` from seconds since a reference (what a number in a date field means), nil
    /// for nan; far past and far future saturate, so later arithmetic cannot overflow.
    public static func date(secondsSinceReferenceDate value: Double) -> Date? {
        clamped(value, to: dateSeconds).map { Date(timeIntervalSinceReferenceDate: $0) }
    }

    /// `Int(value)` that saturates at `Int.min`/`Int.max` instead of trapping; nil for nan.
    public static func int(_ value: Double) -> Int? {
        guard !value.isNaN else { return nil }
        if value >= 9.2e18 { return Int.max }
        if value <= -9.2e18 { return Int.min }
        return Int(value)
    }

    /// A duration of `seconds` within 0 ... `longestWait` (nan is zero): never an overflow.
    public static func duration(seconds: Double) -> Duration {
        .seconds(clamped(seconds, to: 0...longestWait) ?? 0)
    }
}
