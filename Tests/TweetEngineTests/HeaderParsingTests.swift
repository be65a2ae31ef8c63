import Foundation
import Testing
@testable import TweetEngine

@Suite(.timeLimit(.minutes(5))) struct HeaderParsingTests {
    @Test func linkHeaderKeepsFullURLs() {
        let value = #"<https://mastodon.example/api/v1/timelines/home?limit=40&max_id=109>; rel="next", <https://mastodon.example/api/v1/timelines/home?limit=40&min_id=150>; rel="prev""#
        let links = LinkHeader(value)
        #expect(links.next?.absoluteString == "https://mastodon.example/api/v1/timelines/home?limit=40&max_id=109")
        #expect(links.previous?.absoluteString == "https://mastodon.example/api/v1/timelines/home?limit=40&min_id=150")
    }

    @Test func linkHeaderVariants() {
        // Internal ids (followers pages), unquoted rel, relative URL, commas inside the URL.
        let base = URL(string: "https://gts.example:8080/api/v1/accounts/1/followers")!
        let links = LinkHeader(#"</api/v1/accounts/1/followers?max_id=01H,X>;rel=next , <https://gts.example/x?min_id=2>; rel="prev""#, base: base)
        #expect(links.next?.absoluteString == "https://gts.example:8080/api/v1/accounts/1/followers?max_id=01H,X")
        #expect(links.previous?.absoluteString == "https://gts.example/x?min_id=2")
        #expect(LinkHeader("garbage").next == nil)
        #expect(LinkHeader(#"<https://a.example/x>; rel="last""#).next == nil)
    }

    @Test func limitIsSetOnANextURL() {
        let url = URL(string: "https://m.example/api/v1/timelines/home?max_id=1&limit=40")!
        #expect(url.settingLimit(20).absoluteString == "https://m.example/api/v1/timelines/home?max_id=1&limit=20")
        #expect(URL(string: "https://m.example/x?max_id=1")!.settingLimit(40).absoluteString == "https://m.example/x?max_id=1&limit=40")
    }

    func response(_ headers: [String: String]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: headers.map { HTTPHeader(name: $0.key, value: $0.value) }, url: URL(string: "https://m.example")!)
    }

    @Test func rateLimitResetAsISO8601WithFraction() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let status = RateLimitStatus.parse(response([
            "X-RateLimit-Limit": "300", "X-RateLimit-Remaining": "297", "X-RateLimit-Reset": "2027-01-15T08:05:00.123456Z",
        ]), now: now)
        #expect(status?.limit == 300)
        #expect(status?.remaining == 297)
        #expect(status?.resetsAt == ISO8601.parse("2027-01-15T08:05:00.123456Z"))
        #expect(abs((status?.resetsAt?.timeIntervalSince1970 ?? 0) - 1_800_000_000) < 1e9)
    }

    @Test func rateLimitResetAsEpochSecondsOrDelta() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let epoch = RateLimitStatus.parse(response(["x-ratelimit-reset": "1800000300", "x-ratelimit-remaining": "0"]), now: now)
        #expect(epoch?.resetsAt == Date(timeIntervalSince1970: 1_800_000_300))
        #expect(epoch?.remaining == 0)
        let delta = RateLimitStatus.parseReset("42", now: now)
        #expect(delta == now.addingTimeInterval(42))
        #expect(RateLimitStatus.parseReset("soon", now: now) == nil)
        #expect(RateLimitStatus.parse(response([:]), now: now) == nil)
    }

    @Test func retryAfterInSecondsOrAsAnHTTPDate() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(RateLimitStatus.parseRetryAfter("120", now: now) == now.addingTimeInterval(120))
        #expect(RateLimitStatus.httpDate("Wed, 21 Oct 2015 07:28:00 GMT") == Date(timeIntervalSince1970: 1_445_412_480))
        // A date already past is a wait of the 1 s floor.
        #expect(RateLimitStatus.parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", now: now) == now.addingTimeInterval(1))
        #expect(RateLimitStatus.parseRetryAfter("later", now: now) == nil)
    }
}
