import Foundation
import Synchronization
import Testing

@testable import TweetEngine

/// Issue 9, defect 8: loowi always sent `visibility=public`, so an account whose default is
/// unlisted or followers-only leaked its posts.
@Suite(.timeLimit(.minutes(5))) struct PostingDefaultsTests {
    final class Server: Sendable {
        let preferences: String?
        let posted = Mutex<[String]>([])
        init(preferences: String?) { self.preferences = preferences }

        func answer(_ request: HTTPRequest) throws -> HTTPResponse {
            switch (request.method, request.url.path) {
            case (.get, "/api/v1/preferences"):
                guard let preferences else { return .json(#"{"error":"boom"}"#, status: 500, url: request.url) }
                return .json(preferences, url: request.url)
            case (.get, "/api/v1/statuses/77"):
                return .json(Self.status(id: "77", visibility: "private"), url: request.url)
            case (.post, "/api/v1/statuses"):
                posted.withLock { $0.append(String(decoding: request.body ?? Data(), as: UTF8.self)) }
                return .json(Self.status(id: "500", visibility: "public"), url: request.url)
            default:
                return .json(#"{"error":"Record not found"}"#, status: 404, url: request.url)
            }
        }

        static func status(id: String, visibility: String) -> String {
            #"{"id":"\#(id)","uri":"u","content":"<p>x</p>","created_at":"2026-11-23T10:00:00Z","visibility":"\#(visibility)","spoiler_text":"","account":{"id":"1","username":"ada","acct":"ada"}}"#
        }

        var lastForm: [String: String] {
            let body = posted.withLock { $0.last } ?? ""
            var form: [String: String] = [:]
            for pair in body.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
                if parts.count == 2 { form[parts[0]] = parts[1] }
            }
            return form
        }
    }

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-defaults-\(UUID().uuidString)")

    private func publish(_ draft: Draft, on server: Server) async throws -> StubTransport {
        let transport = StubTransport { try server.answer($0) }
        let engine = TweetEngine(transport: transport, clock: ManualClock(now: Date()), tokenStore: InMemoryTokenStore())
        engine.use(Credentials(server: URL(string: "https://fake.social")!, accessToken: "t"))
        _ = try await engine.publish(draft, through: Outbox(path: folder.appendingPathComponent("outbox.json").path))
        return transport
    }

    static let unlistedSpanish = #"{"posting:default:visibility":"unlisted","posting:default:sensitive":false,"posting:default:language":"es"}"#

    @Test func aNewPostUsesTheAccountsDefaultVisibilityAndLanguage() async throws {
        let server = Server(preferences: Self.unlistedSpanish)
        _ = try await publish(Draft(text: "hola"), on: server)
        #expect(server.lastForm["visibility"] == "unlisted")
        #expect(server.lastForm["language"] == "es")
    }

    @Test func anExplicitChoiceWins() async throws {
        let server = Server(preferences: Self.unlistedSpanish)
        _ = try await publish(Draft(text: "hello", visibility: .public, language: "en"), on: server)
        #expect(server.lastForm["visibility"] == "public")
        #expect(server.lastForm["language"] == "en")
    }

    @Test func unreadablePreferencesLeaveTheChoiceToTheServer() async throws {
        let server = Server(preferences: nil)
        _ = try await publish(Draft(text: "hello"), on: server)
        #expect(server.lastForm["visibility"] == nil)
        #expect(server.lastForm["status"] == "hello")
    }

    @Test func aReplyIsNeverWiderThanItsParent() async throws {
        let server = Server(preferences: #"{"posting:default:visibility":"public"}"#)
        let transport = try await publish(Draft(text: "re", inReplyToID: "77", visibility: .public), on: server)
        #expect(server.lastForm["visibility"] == "private")
        #expect(transport.requests.contains { $0.url.path == "/api/v1/statuses/77" })
    }

    /// Queued while the server was away (no preferences, no parent): when it is sent later
    /// the parent is looked up first, so the reply is still not wider than it.
    @Test func aReplyQueuedBlindIsNarrowedWhenItIsSent() async throws {
        let server = Server(preferences: nil)
        let transport = StubTransport { try server.answer($0) }
        let engine = TweetEngine(transport: transport, clock: ManualClock(now: Date()), tokenStore: InMemoryTokenStore())
        engine.use(Credentials(server: URL(string: "https://fake.social")!, accessToken: "t"))
        let outbox = Outbox(path: folder.appendingPathComponent("outbox.json").path)
        let item = OutboxItem(draft: Draft(text: "re", inReplyToID: "77"), queuedAt: Date())
        try outbox.put(item)
        _ = try await engine.deliver(item, through: outbox)
        #expect(server.lastForm["visibility"] == "private")
    }

    /// Preferences that name no default visibility leave it to the server, never "public".
    @Test func preferencesWithoutADefaultNeverMeanPublic() async throws {
        let server = Server(preferences: "{}")
        _ = try await publish(Draft(text: "hello"), on: server)
        #expect(server.lastForm["visibility"] == nil)
    }

    /// The parent could not be read when the reply was written: it is looked up before the
    /// post goes, even with an explicit visibility, so the reply is not wider.
    @Test func aReplyWhoseParentWasUnreadableIsNarrowedBeforeItGoes() async throws {
        let server = Server(preferences: Self.unlistedSpanish)
        let transport = StubTransport { try server.answer($0) }
        let engine = TweetEngine(transport: transport, clock: ManualClock(now: Date()), tokenStore: InMemoryTokenStore())
        engine.use(Credentials(server: URL(string: "https://fake.social")!, accessToken: "t"))
        let outbox = Outbox(path: folder.appendingPathComponent("outbox.json").path)
        let item = OutboxItem(draft: Draft(text: "re", inReplyToID: "77", visibility: .public), queuedAt: Date())
        try outbox.put(item)
        _ = try await engine.deliver(item, through: outbox)
        #expect(server.lastForm["visibility"] == "private")
    }

    @Test func withTheDefaultUnknownAReplyFollowsANarrowParentButNoWiderThanFollowers() {
        let reply = Draft(text: "re", inReplyToID: "1")
        #expect(TweetEngine.narrowingReply(reply, to: .public).visibility == nil)
        #expect(TweetEngine.narrowingReply(reply, to: .unlisted).visibility == .private)
        #expect(TweetEngine.narrowingReply(reply, to: .direct).visibility == .direct)
    }

    @Test func aDirectMessageMentionsExactlyItsRecipient() {
        #expect(TweetEngine.mentions("hi @ann!", "@ann"))
        #expect(TweetEngine.mentions("@ann, hi", "@ann"))
        #expect(!TweetEngine.mentions("hi @annabel", "@ann"))
        #expect(!TweetEngine.mentions("hi @ann@other.host", "@ann"))
        #expect(!TweetEngine.mentions("mail ann@example.com", "@example.com"))
        #expect(TweetEngine.mentions("see @ann.", "@ann"))
        #expect(!TweetEngine.mentions("@ann.example", "@ann"))
    }

    @Test func narrowing() {
        #expect(Visibility.public.narrowed(to: .private) == .private)
        #expect(Visibility.direct.narrowed(to: .public) == .direct)
        #expect(Visibility.unlisted.narrowed(to: .unlisted) == .unlisted)
    }

    @Test func thePreferencesAreAskedOncePerSession() async throws {
        let server = Server(preferences: Self.unlistedSpanish)
        let transport = StubTransport { try server.answer($0) }
        let engine = TweetEngine(transport: transport, clock: ManualClock(now: Date()), tokenStore: InMemoryTokenStore())
        engine.use(Credentials(server: URL(string: "https://fake.social")!, accessToken: "t"))
        let outbox = Outbox(path: folder.appendingPathComponent("outbox.json").path)
        _ = try await engine.publish(Draft(text: "one"), through: outbox)
        _ = try await engine.publish(Draft(text: "two"), through: outbox)
        #expect(transport.requests.filter { $0.url.path == "/api/v1/preferences" }.count == 1)
    }
}
