import Foundation
import Synchronization
import Testing
@testable import TweetEngine

/// Issue 9's smaller engine defects, over a stub transport.
@Suite struct SmallerDefectsEngineTests {
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
}
