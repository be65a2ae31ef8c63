import Foundation
import Synchronization
import Testing
@testable import TweetEngine

/// Issue 9, defect 3: numbers from a server crashed loowi (SIGILL on an Int128/Duration
/// overflow). Every hostile value goes through the real engine over a stub transport; the
/// process surviving is half the test, the clamped value the other half.
@Suite(.timeLimit(.minutes(5))) struct HostileNumberTests {
    static let hostile = ["1e300", "2e20", "9223372036854775807", "-1", "inf", "-inf", "nan", "", "garbage", "1e-300"]
    static let day: TimeInterval = 86_400

    /// A server that answers the first request with a 429 carrying `headers`, then succeeds.
    static func limitedOnce(_ headers: [HTTPHeader]) -> StubTransport {
        let calls = Mutex(0)
        return StubTransport { request in
            let call = calls.withLock { $0 += 1; return $0 }
            if call == 1 {
                return .json(#"{"error":"Too many requests"}"#, status: 429, headers: headers, url: request.url)
            }
            return .json(#"{"id":"1","username":"ada","acct":"ada"}"#, url: request.url)
        }
    }

    enum Outcome: Equatable {
        /// Waited this many seconds, then the call succeeded.
        case waited(TimeInterval)
        /// Too long to wait: `rateLimited` at once, with the reset this far from now.
        case refused(TimeInterval)
    }

    static func outcome(of headers: [HTTPHeader]) async throws -> Outcome {
        let clock = ManualClock()
        let start = clock.now()
        let engine = StubServer.engine(transport: limitedOnce(headers), clock: clock)
        do {
            _ = try await engine.verifyCredentials()
            #expect(clock.sleeps.count == 1)
            return .waited(clock.sleeps.first?.timeInterval ?? -1)
        } catch EngineError.rateLimited(let until) {
            #expect(clock.sleeps.isEmpty)
            return .refused(until.timeIntervalSince(start))
        }
    }

    /// Retry-After: waits are 1 s ... 24 h; nan, empty and garbage fall back to a minute.
    static let retryAfter: [(String, Outcome)] = [
        ("1e300", .refused(day)), ("2e20", .refused(day)), ("9223372036854775807", .refused(day)),
        ("-1", .waited(1)), ("inf", .refused(day)), ("-inf", .waited(1)), ("nan", .waited(60)),
        ("", .waited(60)), ("garbage", .waited(60)), ("1e-300", .waited(1)),
    ]

    @Test(arguments: retryAfter)
    func retryAfterIsClamped(value: String, expected: Outcome) async throws {
        let outcome = try await Self.outcome(of: [HTTPHeader(name: "Retry-After", value: value)])
        #expect(outcome == expected, "Retry-After: \(value)")
    }

    /// X-RateLimit-Reset (with nothing remaining): at most 24 h on; an unreadable or past
    /// reset leaves the minute's fallback or the 1 s floor.
    static let reset: [(String, Outcome)] = [
        ("1e300", .refused(day)), ("2e20", .refused(day)), ("9223372036854775807", .refused(day)),
        ("-1", .waited(60)), ("inf", .refused(day)), ("-inf", .waited(60)), ("nan", .waited(60)),
        ("", .waited(60)), ("garbage", .waited(60)), ("1e-300", .waited(1)),
        ("1999-01-01T00:00:00Z", .waited(1)), ("9999-12-31T23:59:59Z", .refused(day)),
    ]

    @Test(arguments: reset)
    func rateLimitResetIsClamped(value: String, expected: Outcome) async throws {
        let outcome = try await Self.outcome(of: [
            HTTPHeader(name: "X-RateLimit-Remaining", value: "0"), HTTPHeader(name: "X-RateLimit-Reset", value: value),
        ])
        #expect(outcome == expected, "X-RateLimit-Reset: \(value)")
    }

    /// Limit and remaining are counts: 0 ... a trillion; unreadable is unknown (nil).
    static let counts: [(String, Int?)] = [
        ("1e300", 1_000_000_000_000), ("2e20", 1_000_000_000_000), ("9223372036854775807", 1_000_000_000_000),
        ("-1", 0), ("inf", 1_000_000_000_000), ("-inf", 0), ("nan", nil), ("", nil), ("garbage", nil), ("1e-300", 0),
        (" 300 ", 300),
    ]

    @Test(arguments: counts)
    func rateLimitCountsAreClamped(value: String, expected: Int?) async throws {
        let transport = StubTransport { request in
            .json(#"{"id":"1","username":"ada","acct":"ada"}"#, headers: [
                HTTPHeader(name: "X-RateLimit-Limit", value: value), HTTPHeader(name: "X-RateLimit-Remaining", value: value),
            ], url: request.url)
        }
        let engine = StubServer.engine(transport: transport)
        _ = try await engine.verifyCredentials()
        #expect(engine.rateLimit?.limit == expected)
        #expect(engine.rateLimit?.remaining == expected)
        // With no reset time, not even "0 remaining" may block the next call.
        _ = try await engine.verifyCredentials()
        #expect(transport.requestCount == 2)
    }

    @Test func anHTTPDateInRetryAfterIsReadWithoutADateFormatter() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)  // Fri, 15 Jan 2027 08:00:00 GMT
        #expect(RateLimitStatus.parseRetryAfter("Fri, 15 Jan 2027 08:02:00 GMT", now: now) == now.addingTimeInterval(120))
        // In the past: the 1 s floor; years away: the 24 h ceiling.
        #expect(RateLimitStatus.parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", now: now) == now.addingTimeInterval(1))
        #expect(RateLimitStatus.parseRetryAfter("Fri, 31 Dec 9999 23:59:59 GMT", now: now) == now.addingTimeInterval(Self.day))
        #expect(RateLimitStatus.httpDate("Fri, 15 Foo 2027 08:02:00 GMT") == nil)
        #expect(RateLimitStatus.httpDate("Fri, 15 Jan 2027 08:02:00 PST") == nil)
    }

    @Test(.timeLimit(.minutes(5)))
    func pagesOfNothingReadableWithANextLinkEndTheList() async throws {
        // Every page: one element that is not a post, and a link to yet another page.
        let transport = StubTransport { request in
            .json(#"[{"not":"a post"}]"#, headers: [
                HTTPHeader(name: "Link", value: #"<https://mastodon.example/api/v1/timelines/home?max_id=1&limit=999999999999>; rel="next""#),
            ], url: request.url)
        }
        let page = try await StubServer.engine(transport: transport).homeTimeline(upTo: 200)
        #expect(page.items.isEmpty)
        #expect(transport.requestCount == 3)
        // The server's own `limit` in its link is replaced by loowi's page size.
        #expect(transport.requests.dropFirst().allSatisfy { $0.url.query?.contains("limit=40") == true })
    }

    // MARK: Instance limits

    static func instanceJSON(maxCharacters: String, perURL: String) -> String {
        #"{"domain":"m.example","title":"M","version":"4.3.0","configuration":{"statuses":{"max_characters":\#(maxCharacters),"characters_reserved_per_url":\#(perURL)}}}"#
    }

    static let limits: [(String, Int, Int)] = [
        // (value sent for both fields, max_characters read, characters_reserved_per_url read)
        ("9223372036854775807", 1_000_000, 10_000), ("1e300", 500, 23), ("2e20", 500, 23), ("-1", 500, 23),
        ("0", 500, 0), ("\"garbage\"", 500, 23), ("\"\"", 500, 23), ("null", 500, 23), ("5000", 5000, 5000),
    ]

    @Test(arguments: limits)
    func instanceLimitsAreClampedAndALongPostWithLinksIsCounted(value: String, maxCharacters: Int, perURL: Int) async throws {
        let body = Self.instanceJSON(maxCharacters: value, perURL: value)
        let transport = StubTransport { request in
            if request.url.path.hasSuffix("/instance") { return .json(body, url: request.url) }
            return .json(StubServer.statusJSON(id: 7), url: request.url)
        }
        let engine = StubServer.engine(transport: transport)
        let limits = try await engine.instanceLimits()
        #expect(limits == InstanceLimits(maxCharacters: maxCharacters, charactersReservedPerURL: perURL))
        #expect(limits.maxCharacters == maxCharacters)
        #expect(limits.charactersReservedPerURL == perURL)
        // Two links used to overflow with Int.max per URL.
        let draft = Draft(text: "see https://a.example/x and https://b.example/y")
        #expect(draft.characterCount(limits: limits) == 9 + 2 * perURL)
        do {
            _ = try await engine.post(draft)
        } catch EngineError.postTooLong(let count, let maximum) {
            #expect(count == 9 + 2 * perURL)
            #expect(maximum == maxCharacters)
        }
    }

    @Test func limitsReadBackFromAFileAreClampedToo() throws {
        let json = #"{"maxCharacters":9223372036854775807,"charactersReservedPerURL":-5}"#
        let limits = try JSONDecoder().decode(InstanceLimits.self, from: Data(json.utf8))
        #expect(limits.maxCharacters == 1_000_000)
        #expect(limits.charactersReservedPerURL == 0)
    }

    // MARK: Counts and dates in models

    @Test func countsInAccountsPostsAndPollsSaturate() throws {
        let account = try FastJSON.decode(Account.self, from: Data(
            #"{"id":"1","username":"a","acct":"a","followers_count":9223372036854775807,"following_count":-1,"statuses_count":1e300}"#.utf8))
        #expect(account.followersCount == 1_000_000_000_000)
        #expect(account.followingCount == 0)
        #expect(account.statusesCount == 0)  // not an integer a server would send: unknown, so 0
        let poll = try JSONDecoder().decode(Poll.self, from: Data(
            #"{"id":"1","votes_count":-7,"voters_count":9223372036854775807,"options":[{"title":"x","votes_count":-3}]}"#.utf8))
        #expect(poll.votesCount == 0)
        #expect(poll.votersCount == 1_000_000_000_000)
        #expect(poll.options.first?.votesCount == 0)
    }

    @Test(arguments: ["1e300", "-1e300", "2e20", "9223372036854775807", "-9223372036854775807"])
    func aDateSentAsAHugeNumberIsSpokenNotFatal(value: String) throws {
        let json = StubServer.statusJSON(id: 1).replacingOccurrences(
            of: #""created_at":"2026-11-22T05:00:00.000Z""#, with: #""created_at":\#(value)"#)
        for status in [try FastJSON.decode(Status.self, from: Data(json.utf8)), try JSONDecoder().decode(Status.self, from: Data(json.utf8))] {
            let created = try #require(status.createdAt)
            #expect(abs(created.timeIntervalSinceReferenceDate) <= 1e11)
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            let time = StatusSpeech(status, now: now).time ?? ""
            #expect(time == "just now" || time.hasSuffix("years ago"), "\(value): \(time)")
        }
    }

    @Test func relativeTimeSaturatesInsteadOfTrapping() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(RelativeTime.phrase(for: Date(timeIntervalSince1970: 1e300), now: now, language: .english) == "just now")
        #expect(RelativeTime.phrase(for: Date(timeIntervalSince1970: -1e300), now: now, language: .english).hasSuffix("years ago"))
        #expect(ServerNumber.int(.nan) == nil)
        #expect(ServerNumber.int(.infinity) == Int.max)
        #expect(ServerNumber.int(-1e300) == Int.min)
        #expect(ServerNumber.duration(seconds: .infinity) == .seconds(86_400))
        #expect(ServerNumber.duration(seconds: .nan) == .zero)
        #expect(ServerNumber.duration(seconds: -5) == .zero)
    }
}
