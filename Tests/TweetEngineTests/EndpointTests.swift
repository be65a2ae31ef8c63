import Foundation
import Testing
@testable import TweetEngine

/// Request building per endpoint: pure functions, no network.
@Suite(.timeLimit(.minutes(5))) struct EndpointTests {
    let server = URL(string: "https://mastodon.example")!

    func request(_ endpoint: Endpoint) -> HTTPRequest { endpoint.request(server: server) }
    func body(_ request: HTTPRequest) -> String { String(decoding: request.body ?? Data(), as: UTF8.self) }

    @Test func timelinesAndAccounts() {
        #expect(request(TimelinesEndpoint.home(limit: 40).endpoint).url.absoluteString == "https://mastodon.example/api/v1/timelines/home?limit=40")
        #expect(request(TimelinesEndpoint.favourites(limit: 40).endpoint).url.absoluteString == "https://mastodon.example/api/v1/favourites?limit=40")
        #expect(request(TimelinesEndpoint.bookmarks(limit: 40).endpoint).url.absoluteString == "https://mastodon.example/api/v1/bookmarks?limit=40")
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
        // No visibility chosen: none is sent, so the server applies the account's default.
        #expect(body(plain) == "status=hi")
    }

    @Test func statusActions() {
        for (endpoint, path) in [
            (StatusesEndpoint.reblog(id: "5"), "/api/v1/statuses/5/reblog"),
            (.unreblog(id: "5"), "/api/v1/statuses/5/unreblog"),
            (.favourite(id: "5"), "/api/v1/statuses/5/favourite"),
            (.unfavourite(id: "5"), "/api/v1/statuses/5/unfavourite"),
            (.bookmark(id: "5"), "/api/v1/statuses/5/bookmark"), (.unbookmark(id: "5"), "/api/v1/statuses/5/unbookmark"),
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
