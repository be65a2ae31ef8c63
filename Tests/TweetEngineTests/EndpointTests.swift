import Foundation
import Testing
@testable import TweetEngine

/// Request building per endpoint: pure functions, no network.
@Suite struct EndpointTests {
    let server = URL(string: "https://mastodon.example")!

    func request(_ endpoint: Endpoint) -> HTTPRequest { endpoint.request(server: server) }
    func body(_ request: HTTPRequest) -> String { String(decoding: request.body ?? Data(), as: UTF8.self) }

    @Test func timelinesAndAccounts() {
        #expect(request(TimelinesEndpoint.home(limit: 40).endpoint).url.absoluteString == "https://mastodon.example/api/v1/timelines/home?limit=40")
        let verify = request(AccountsEndpoint.verifyCredentials.endpoint)
        #expect(verify.method == .get)
        #expect(verify.url.path == "/api/v1/accounts/verify_credentials")
        #expect(verify.header("Accept") == "application/json")
        #expect(request(AccountsEndpoint.statuses(id: "42", limit: 40).endpoint).url.absoluteString
            == "https://mastodon.example/api/v1/accounts/42/statuses?limit=40")
        #expect(request(AccountsEndpoint.lookup(acct: "@ada@mastodon.social").endpoint).url.absoluteString
            == "https://mastodon.example/api/v1/accounts/lookup?acct=ada%40mastodon.social")
        #expect(request(AccountsEndpoint.relationships(ids: ["1", "2", "3"]).endpoint).url.absoluteString
            == "https://mastodon.example/api/v1/accounts/relationships?id%5B%5D=1&id%5B%5D=2&id%5B%5D=3")
        #expect(request(AccountsEndpoint.followers(id: "7", limit: 80).endpoint).url.absoluteString
            == "https://mastodon.example/api/v1/accounts/7/followers?limit=80")
        #expect(request(AccountsEndpoint.following(id: "7", limit: 80).endpoint).url.path == "/api/v1/accounts/7/following")
        let follow = request(AccountsEndpoint.follow(id: "7").endpoint)
        #expect(follow.method == .post)
        #expect(follow.url.path == "/api/v1/accounts/7/follow")
        #expect(request(AccountsEndpoint.unfollow(id: "7").endpoint).url.path == "/api/v1/accounts/7/unfollow")
    }

    @Test func hostileIdsCannotChangeThePath() {
        let url = request(AccountsEndpoint.account(id: "../../oauth/revoke?x=1#").endpoint).url
        #expect(url.absoluteString == "https://mastodon.example/api/v1/accounts/..%2F..%2Foauth%2Frevoke%3Fx%3D1%23")
    }

    @Test func postingCarriesEveryField() {
        let draft = Draft(
            text: "Hello & good+bye https://example.com/?a=1", inReplyToID: "99", visibility: .unlisted,
            contentWarning: "food", language: "en", idempotencyKey: "key-1")
        let post = request(StatusesEndpoint.post(draft).endpoint)
        #expect(post.method == .post)
        #expect(post.url.path == "/api/v1/statuses")
        #expect(post.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(body(post) == "status=Hello%20%26%20good%2Bbye%20https%3A%2F%2Fexample.com%2F%3Fa%3D1&visibility=unlisted&in_reply_to_id=99&spoiler_text=food&sensitive=true&language=en")
        let plain = request(StatusesEndpoint.post(Draft(text: "hi", idempotencyKey: "k")).endpoint)
        #expect(body(plain) == "status=hi&visibility=public")
    }

    @Test func statusActions() {
        for (endpoint, path) in [
            (StatusesEndpoint.reblog(id: "5"), "/api/v1/statuses/5/reblog"),
            (.unreblog(id: "5"), "/api/v1/statuses/5/unreblog"),
            (.favourite(id: "5"), "/api/v1/statuses/5/favourite"),
            (.unfavourite(id: "5"), "/api/v1/statuses/5/unfavourite"),
        ] {
            let built = request(endpoint.endpoint)
            #expect(built.method == .post)
            #expect(built.url.path == path)
        }
        #expect(request(StatusesEndpoint.context(id: "5").endpoint).url.path == "/api/v1/statuses/5/context")
    }

    @Test func notificationsConversationsTrendsSearchMarkers() {
        #expect(request(NotificationsEndpoint.list(limit: 80, types: [.mention, .followRequest]).endpoint).url.absoluteString
            == "https://mastodon.example/api/v1/notifications?limit=80&types%5B%5D=mention&types%5B%5D=follow_request")
        #expect(request(ConversationsEndpoint.list(limit: 40).endpoint).url.absoluteString
            == "https://mastodon.example/api/v1/conversations?limit=40")
        let read = request(ConversationsEndpoint.markRead(id: "3").endpoint)
        #expect(read.method == .post && read.url.path == "/api/v1/conversations/3/read")
        #expect(request(TrendsEndpoint.tags(limit: 10).endpoint).url.absoluteString == "https://mastodon.example/api/v1/trends/tags?limit=10")
        #expect(request(SearchEndpoint.search(query: "ada lovelace", type: .accounts, limit: 5, resolve: true).endpoint).url.absoluteString
            == "https://mastodon.example/api/v2/search?q=ada%20lovelace&type=accounts&limit=5&resolve=true")
        #expect(request(MarkersEndpoint.get.endpoint).url.absoluteString
            == "https://mastodon.example/api/v1/markers?timeline%5B%5D=home&timeline%5B%5D=notifications")
        let set = request(MarkersEndpoint.set(home: "10", notifications: nil).endpoint)
        #expect(set.method == .post)
        #expect(body(set) == "home%5Blast_read_id%5D=10")
        #expect(request(InstanceEndpoint.instance.endpoint).url.path == "/api/v2/instance")
        #expect(!InstanceEndpoint.instance.endpoint.authenticated)
        #expect(request(StreamingEndpoint.user.endpoint).url.absoluteString == "https://mastodon.example/api/v1/streaming/user")
    }

    @Test func oauth() {
        let register = request(OAuthEndpoint.registerApplication(
            name: "loowi", redirectURI: OAuthEndpoint.outOfBandRedirect, scopes: "read write follow", website: nil).endpoint)
        #expect(register.url.path == "/api/v1/apps")
        #expect(body(register) == "client_name=loowi&redirect_uris=urn%3Aietf%3Awg%3Aoauth%3A2.0%3Aoob&scopes=read%20write%20follow")
        let token = OAuthEndpoint.token(code: "c0de", clientID: "id", clientSecret: "shh", redirectURI: OAuthEndpoint.outOfBandRedirect, codeVerifier: "v")
        #expect(body(request(token.endpoint)) == "grant_type=authorization_code&code=c0de&client_id=id&client_secret=shh&redirect_uri=urn%3Aietf%3Awg%3Aoauth%3A2.0%3Aoob&code_verifier=v")
        #expect(!String(describing: token).contains("shh") && !String(describing: token).contains("c0de"))
        let revoke = OAuthEndpoint.revoke(token: "tok", clientID: "id", clientSecret: "shh")
        #expect(body(request(revoke.endpoint)) == "client_id=id&client_secret=shh&token=tok")
        let authorize = OAuthEndpoint.authorizationURL(server: server, clientID: "id", scopes: "read write", codeChallenge: "abc")
        #expect(authorize.absoluteString == "https://mastodon.example/oauth/authorize?response_type=code&client_id=id&redirect_uri=urn%3Aietf%3Awg%3Aoauth%3A2.0%3Aoob&scope=read%20write&code_challenge=abc&code_challenge_method=S256")
    }
}

@Suite struct HeaderParsingTests {
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
}

@Suite struct PostLengthTests {
    @Test func urlsCountAsTheServersReservedLength() {
        #expect(PostLength.count(text: "hello") == 5)
        #expect(PostLength.count(text: "see https://example.com/a/very/long/path/that/goes/on?and=on") == 4 + 23)
        #expect(PostLength.count(text: "see https://a.b.", limits: InstanceLimits(maxCharacters: 500, charactersReservedPerURL: 10)) == 4 + 10 + 1)
        #expect(PostLength.count(text: "two http://x.example and https://y.example") == 4 + 23 + 5 + 23)
    }

    @Test func mentionsCountOnlyTheLocalPart() {
        #expect(PostLength.count(text: "@ada@mastodon.social hi") == 4 + 3)
        #expect(PostLength.count(text: "@ada hi") == 7)
        #expect(PostLength.count(text: "mail me@example.com") == 19)
    }

    @Test func graphemesAndContentWarning() {
        #expect(PostLength.count(text: "👩‍💻é") == 2)
        #expect(PostLength.count(text: "abc", contentWarning: "cw") == 5)
        let draft = Draft(text: String(repeating: "a", count: 490) + " https://example.com/" + String(repeating: "x", count: 100))
        #expect(draft.characterCount() == 490 + 1 + 23)
        #expect(draft.remainingCharacters() == -14)
        #expect(draft.remainingCharacters(limits: InstanceLimits(maxCharacters: 1000, charactersReservedPerURL: 23)) == 486)
    }

    @Test func draftKeepsItsIdempotencyKey() throws {
        let draft = Draft(text: "x")
        let saved = try JSONDecoder().decode(Draft.self, from: JSONEncoder().encode(draft))
        #expect(saved.idempotencyKey == draft.idempotencyKey)
        #expect(Draft(text: "x").idempotencyKey != draft.idempotencyKey)
    }

    @Test func backoffDoublesUpToTheMaximum() {
        let backoff = Backoff(initial: .seconds(1), maximum: .seconds(10))
        #expect((1...6).map { backoff.delay(forAttempt: $0) } == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(10), .seconds(10)])
    }
}
