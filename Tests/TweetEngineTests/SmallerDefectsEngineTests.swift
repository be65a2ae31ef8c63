import Foundation
import Synchronization
import Testing
@testable import TweetEngine

/// Issue 9's smaller engine defects, over a stub transport.
@Suite(.timeLimit(.minutes(5))) struct SmallerDefectsEngineTests {
    /// Account 9's relationship on the stub server: (following, requested).
    final class Relation: Sendable {
        let state: Mutex<(Bool, Bool)>
        init(_ following: Bool, _ requested: Bool) { state = Mutex((following, requested)) }
    }

    /// A server where account 9's relationship is what `state` says; unfollow clears it.
    static func relationshipServer(following: Bool, requested: Bool) -> (StubTransport, Relation) {
        let relation = Relation(following, requested)
        let state = relation
        let transport = StubTransport { request in
            let json: (Bool, Bool) -> String = { f, r in #"{"id":"9","following":\#(f),"followed_by":false,"requested":\#(r)}"# }
            switch request.url.path {
            case "/api/v1/accounts/relationships":
                let (f, r) = state.state.withLock { $0 }
                return .json("[" + json(f, r) + "]", url: request.url)
            case "/api/v1/accounts/9/unfollow":
                state.state.withLock { $0 = (false, false) }
                return .json(json(false, false), url: request.url)
            default:
                return .json(#"{"error":"Record not found"}"#, status: 404, url: request.url)
            }
        }
        return (transport, relation)
    }

    @Test func unfollowingSomeoneYouDoNotFollowSaysSoAndSendsNothing() async throws {
        let (transport, _) = Self.relationshipServer(following: false, requested: false)
        let result = try await StubServer.engine(transport: transport).stopFollowing("9")
        guard case .wasNotFollowing = result else { Issue.record("got \(result)"); return }
        #expect(!transport.requests.contains { $0.url.path.hasSuffix("/unfollow") })
    }

    @Test func unfollowingSomeoneYouFollowStops() async throws {
        let (transport, state) = Self.relationshipServer(following: true, requested: false)
        let result = try await StubServer.engine(transport: transport).stopFollowing("9")
        guard case .stopped(let relationship) = result else { Issue.record("got \(result)"); return }
        #expect(!relationship.following)
        #expect(state.state.withLock { $0.0 } == false)
    }

    @Test func unfollowingAWaitingRequestWithdrawsIt() async throws {
        let (transport, _) = Self.relationshipServer(following: false, requested: true)
        let result = try await StubServer.engine(transport: transport).stopFollowing("9")
        guard case .withdrewRequest = result else { Issue.record("got \(result)"); return }
        #expect(transport.requests.contains { $0.url.path == "/api/v1/accounts/9/unfollow" })
    }

    @Test func aNextPageOnAnotherHostKeepsWhatWasRead() async throws {
        // Two good pages of 40, then a page whose next link points at another host.
        let transport = StubTransport { request in
            let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let page = Int(query.first { $0.name == "page" }?.value ?? "0") ?? 0
            let ids = (0..<40).map { 1000 - page * 40 - $0 }
            let host = page < 2 ? "mastodon.example" : "elsewhere.example"
            let links = [
                #"<https://\#(host)/api/v1/timelines/home?page=\#(page + 1)>; rel="next""#,
                #"<https://elsewhere.example/api/v1/timelines/home?min_id=\#(ids[0])>; rel="prev""#,
            ].joined(separator: ", ")
            return .json(
                "[" + ids.map { StubServer.statusJSON(id: $0) }.joined(separator: ",") + "]",
                headers: [HTTPHeader(name: "Link", value: links)], url: request.url)
        }
        let engine = StubServer.engine(transport: transport)
        let timeline = try await engine.homeTimeline(upTo: 200)
        #expect(timeline.items.count == 120)
        #expect(timeline.items.first?.id == "1000")
        #expect(timeline.next == nil)
        // The newer-posts link pointed elsewhere too: it is dropped, never followed later.
        #expect(timeline.previous == nil)
        #expect(transport.requestCount == 3)
        #expect(transport.requests.allSatisfy { $0.url.host == "mastodon.example" })
    }
}
