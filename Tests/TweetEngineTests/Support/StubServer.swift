import Foundation
@testable import TweetEngine

/// Canned Mastodon answers for engine tests over `StubTransport`.
enum StubServer {
    static let server = URL(string: "https://mastodon.example")!

    static func credentials() -> Credentials {
        Credentials(server: server, accessToken: "stub-token-123", clientID: "cid", clientSecret: "csecret", accountID: "1", username: "ada")
    }

    static func engine(
        transport: StubTransport, clock: ManualClock = ManualClock(), options: TweetEngine.Options = .init()
    ) -> TweetEngine {
        let engine = TweetEngine(transport: transport, clock: clock, tokenStore: InMemoryTokenStore(), options: options)
        engine.use(credentials())
        return engine
    }

    /// A status JSON with the given id (account 1, "ada").
    static func statusJSON(id: Int) -> String {
        #"{"id":"\#(id)","uri":"https://mastodon.example/users/ada/statuses/\#(id)","created_at":"2026-11-22T05:00:00.000Z","content":"<p>Post number \#(id)</p>","visibility":"public","spoiler_text":"","account":{"id":"1","username":"ada","acct":"ada","display_name":"Ada"},"media_attachments":[],"mentions":[],"tags":[],"emojis":[]}"#
    }

    /// Serves a home timeline of `total` posts, newest first, paged by `max_id` with Link headers.
    static func timeline(total: Int) -> StubTransport.Responder {
        { request in
            let parts = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
            let query = Dictionary((parts?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
            let limit = min(Int(query["limit"] ?? "20") ?? 20, 40)
            let maxID = Int(query["max_id"] ?? "") ?? (total + 1)
            let ids = Array(stride(from: maxID - 1, through: max(1, maxID - limit), by: -1))
            let body = "[" + ids.map { statusJSON(id: $0) }.joined(separator: ",") + "]"
            var headers: [HTTPHeader] = []
            if let last = ids.last, last > 1 {
                headers.append(HTTPHeader(name: "Link", value: #"<https://mastodon.example\#(request.url.path)?limit=\#(limit)&max_id=\#(last)>; rel="next", <https://mastodon.example\#(request.url.path)?limit=\#(limit)&min_id=\#(ids.first!)>; rel="prev""#))
            }
            return .json(body, headers: headers, url: request.url)
        }
    }
}
