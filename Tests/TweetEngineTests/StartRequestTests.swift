import Foundation
import Synchronization
import Testing

@testable import TweetEngine

/// Issue 14, "Start": who you are is asked once per run, whoever asks; what the server says
/// about itself is kept for a day across runs, and asked again when older or from the future.
@Suite(.timeLimit(.minutes(5))) struct StartRequestTests {
    static let instance = #"{"domain":"m.example","title":"M","version":"4.3.0","configuration":{"statuses":{"max_characters":1000,"characters_reserved_per_url":23},"urls":{"streaming":"wss://mastodon.example"}}}"#
    static let me = #"{"id":"1","username":"ada","acct":"ada","display_name":"Ada"}"#

    static func transport() -> StubTransport {
        StubTransport { request in
            if request.url.path.hasSuffix("/instance") { return .json(instance, url: request.url) }
            return .json(me, url: request.url)
        }
    }

    /// A store in memory, as the cache folder would be between runs.
    final class MemoryStore: InstanceStore {
        private let kept = Mutex<[URL: InstanceSnapshot]>([:])
        func load(server: URL) -> InstanceSnapshot? { kept.withLock { $0[server] } }
        func save(_ snapshot: InstanceSnapshot, server: URL) { kept.withLock { $0[server] = snapshot } }
    }

    static func instanceRequests(_ transport: StubTransport) -> Int {
        transport.requests.filter { $0.url.path.hasSuffix("/instance") }.count
    }

    @Test func whoYouAreIsAskedOncePerRun() async throws {
        let transport = Self.transport()
        let engine = StubServer.engine(transport: transport)
        #expect(try await engine.currentAccount().id == "1")
        #expect(try await engine.currentAccount().id == "1")
        #expect(transport.requests.count == 1)
        let settled = transport.requests.count
        // Another token is someone else: asked again.
        var other = StubServer.credentials()
        other.accessToken = Secret("another")
        engine.use(other)
        _ = try await engine.currentAccount()
        #expect(transport.requests.count == settled + 1)
    }

    @Test func theInstanceIsKeptForADayAcrossRuns() async throws {
        let store = MemoryStore()
        var options = TweetEngine.Options()
        options.instanceStore = store
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let firstTransport = Self.transport()
        let first = StubServer.engine(transport: firstTransport, clock: ManualClock(now: start), options: options)
        #expect(try await first.instanceLimits().maxCharacters == 1000)
        #expect(Self.instanceRequests(firstTransport) == 1)

        // The next run, an hour on: nothing asked, the same limits and streaming address.
        let laterTransport = Self.transport()
        let later = StubServer.engine(transport: laterTransport, clock: ManualClock(now: start + 3600), options: options)
        #expect(try await later.instanceLimits().maxCharacters == 1000)
        #expect(later.state.withLock { $0.streamingBase } != nil)
        #expect(Self.instanceRequests(laterTransport) == 0)

        // A day and a second on, and a clock set back before it was kept: asked again.
        for now in [start + 86_401, start - 60] {
            let transport = Self.transport()
            let engine = StubServer.engine(transport: transport, clock: ManualClock(now: now), options: options)
            _ = try await engine.instanceLimits()
            #expect(Self.instanceRequests(transport) == 1)
        }
    }

    @Test func aSnapshotFileRoundTripsAndAMadeUpOneIsIgnored() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-instance-\(UUID().uuidString)")
        let store = InstanceFileStore(folder: folder)
        let server = URL(string: "https://mastodon.example:8443")!
        let snapshot = InstanceSnapshot(
            limits: InstanceLimits(maxCharacters: 5000, charactersReservedPerURL: 23), streaming: nil, fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))
        store.save(snapshot, server: server)
        #expect(store.load(server: server) == snapshot)
        #expect(store.file(for: server).lastPathComponent == "instance-mastodon.example_8443.json")
        try Data("{\"limits\": 7}".utf8).write(to: store.file(for: server))
        #expect(store.load(server: server) == nil)
    }
}
