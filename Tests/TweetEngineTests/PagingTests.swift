import Foundation
import Testing
@testable import TweetEngine

/// Refresh pages (`newer`): through `prev` links until caught up, at most a few pages, each
/// id once; and against mastodon-mock, only what is newer is asked for.
@Suite(.timeLimit(.minutes(5))) struct PagingTests {
    /// A home timeline of posts 1...`total`, newest first, answering `min_id` with the posts
    /// just above it (as Mastodon does) and a `prev` link to what is newer still. With
    /// `repeating`, every answer also carries the `min_id` post again (GoToSocial).
    static func server(total: Int, repeating: Bool = false) -> StubTransport.Responder {
        { request in
            let query = Dictionary(
                (URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") },
                uniquingKeysWith: { a, _ in a })
            let limit = Int(query["limit"] ?? "40") ?? 40
            let minID = Int(query["min_id"] ?? "0") ?? 0
            var ids = Array((minID + 1)...max(minID + 1, min(total, minID + limit))).filter { $0 <= total }.reversed() as [Int]
            var headers: [HTTPHeader] = []
            if let newest = ids.first {
                headers.append(HTTPHeader(name: "Link", value: #"<https://mastodon.example/api/v1/timelines/home?min_id=\#(newest)>; rel="prev""#))
            }
            if repeating, minID > 0 { ids.append(minID) }
            return .json("[" + ids.map { StubServer.statusJSON(id: $0) }.joined(separator: ",") + "]", headers: headers, url: request.url)
        }
    }

    static func loaded(newest: Int) -> Page<Status> {
        Page(items: [], next: nil, previous: URL(string: "https://mastodon.example/api/v1/timelines/home?min_id=\(newest)"), requests: 0)
    }

    @Test func followsNewerPagesUntilCaughtUp() async throws {
        let transport = StubTransport(responder: Self.server(total: 190))
        let engine = StubServer.engine(transport: transport)
        let newer = try await engine.newer(than: Self.loaded(newest: 100), known: ["100", "99"])
        let expected: [String] = (101...190).reversed().map { String($0) }
        #expect(newer.items.map(\.id) == expected)
        #expect(newer.caughtUp)
        #expect(newer.requests == 3)
        #expect(transport.requestCount == 3)
        #expect(transport.requests.map { $0.url.query ?? "" } == ["min_id=100&limit=40", "min_id=140&limit=40", "min_id=180&limit=40"])
        #expect(newer.previous?.absoluteString == "https://mastodon.example/api/v1/timelines/home?min_id=190")
    }

    @Test func aFewNewPostsTakeOneRequest() async throws {
        let transport = StubTransport(responder: Self.server(total: 103))
        let newer = try await StubServer.engine(transport: transport).newer(than: Self.loaded(newest: 100), known: ["100"])
        #expect(newer.items.map(\.id) == ["103", "102", "101"])
        #expect(newer.caughtUp)
        #expect(transport.requestCount == 1)
    }

    @Test func nothingNewKeepsTheLinkForNextTime() async throws {
        let transport = StubTransport(responder: Self.server(total: 100))
        let newer = try await StubServer.engine(transport: transport).newer(than: Self.loaded(newest: 100), known: ["100"])
        #expect(newer.items.isEmpty)
        #expect(newer.caughtUp)
        #expect(transport.requestCount == 1)
        #expect(newer.previous?.absoluteString == "https://mastodon.example/api/v1/timelines/home?min_id=100")
    }

    @Test func stopsAtThePageCapAndSaysMoreRemain() async throws {
        let transport = StubTransport(responder: Self.server(total: 1000))
        let newer = try await StubServer.engine(transport: transport).newer(than: Self.loaded(newest: 100), known: [])
        #expect(TweetEngine.newerPagesPerRefresh == 5)
        #expect(transport.requestCount == 5)
        #expect(newer.items.count == 200)
        #expect(newer.items.first?.id == "300")
        #expect(newer.items.last?.id == "101")
        #expect(!newer.caughtUp)
        // The next refresh (or the gap) goes on from there.
        #expect(newer.previous?.absoluteString == "https://mastodon.example/api/v1/timelines/home?min_id=300")
        let rest = try await StubServer.engine(transport: transport).newer(than: Self.loaded(newest: 300), known: [], maxPages: 1)
        #expect(rest.items.first?.id == "340")
    }

    @Test func aRepeatingServerNeverGivesAnIdTwiceNorOneAlreadyShown() async throws {
        let transport = StubTransport(responder: Self.server(total: 145, repeating: true))
        let newer = try await StubServer.engine(transport: transport).newer(than: Self.loaded(newest: 100), known: ["100"])
        let ids = newer.items.map(\.id)
        let expected: [String] = (101...145).reversed().map { String($0) }
        #expect(ids == expected)
        #expect(Set(ids).count == ids.count)
        #expect(newer.caughtUp)
        // 40 new and the repeat, then 5 new and the repeat: short, so caught up.
        #expect(transport.requestCount == 2)
    }

    @Test func identityTellsItemsApart() async throws {
        // Mentions are told apart by their post: a notification for a post already shown is not new.
        let transport = StubTransport(responder: Self.server(total: 102))
        let newer = try await StubServer.engine(transport: transport).newer(
            than: Self.loaded(newest: 100), known: ["102"], identity: { $0.id })
        #expect(newer.items.map(\.id) == ["101"])
    }

    @Test func againstMastodonMockOnlyWhatIsNewerIsAskedFor() async throws {
        try await withServer({ try await LocalServer.startMock() }) { mock in
            let counting = CountingTransport(base: LocalServer.curl())
            let ada = mock.engine(token: "ada_token", transport: counting)
            let home = try await ada.homeTimelineFirstPage()
            #expect(home.previous != nil)
            let grace = mock.engine(token: "grace_token")
            for index in 0..<3 { _ = try await grace.post(Draft(text: "Newer post \(index)")) }
            counting.reset()
            let newer = try await ada.newer(than: home, known: Set(home.items.map(\.id)))
            #expect(newer.items.map { $0.text() } == ["Newer post 2", "Newer post 1", "Newer post 0"])
            #expect(newer.caughtUp)
            #expect(counting.count == 1)
            #expect(counting.requests.allSatisfy { $0.url.query?.contains("min_id=") == true })
            // Nothing newer: one request, nothing new, the link kept.
            counting.reset()
            let again = try await ada.newer(than: Page<Status>(items: [], next: nil, previous: newer.previous, requests: 0), known: Set(newer.items.map(\.id)))
            #expect(again.items.isEmpty)
            #expect(again.caughtUp)
            #expect(counting.count == 1)
        }
    }
}
