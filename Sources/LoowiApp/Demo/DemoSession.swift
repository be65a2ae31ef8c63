import FoundationEssentials
import LoowiSupport
import TweetEngine

/// A running demo: the server with the sample community, and the demo user's session on it.
/// The demo token lives only in memory; the user's own accounts file is never touched.
public struct DemoSession: Sendable {
    public let server: DemoServer
    public let session: AccountSession
    /// The live script, and the ids of the posts it made (by `ref`), for the first minute.
    public let script: DemoScript
    public let postIDs: [String: String]
    let transport: any HTTPTransport

    /// Loads the live script, starts the server, makes the live posts and boosts, and logs
    /// the demo user in. On any failure the server is stopped before the error is thrown.
    public static func start(
        files: DemoFiles, port: Int? = nil, readyWithin timeout: Duration = .seconds(60),
        transport: any HTTPTransport = CurlTransport.shared, options: TweetEngine.Options = .init()
    ) async throws -> DemoSession {
        let script = try DemoScript.load(from: files.live)
        let server = try await DemoServer.start(files: files, port: port, readyWithin: timeout)
        do {
            let postIDs = try await script.perform(on: server.baseURL, transport: transport)
            // The engine follows the user's settings (dm_followers_only), as the app does.
            let engine = TweetEngine(transport: transport, tokenStore: InMemoryTokenStore(), options: options)
            var session = AccountSession(
                account: ResolvedAccount(credentials: script.demoCredentials(server: server.baseURL), source: .demo),
                engine: engine)
            try await session.identify()
            return DemoSession(server: server, session: session, script: script, postIDs: postIDs, transport: transport)
        } catch {
            server.stop()
            throw error
        }
    }

    /// The community's first minute on this server (`DemoFirstMinute`), at `pace`; `sleep`
    /// waits between the actions (tests pass one that returns at once).
    public func runFirstMinute(
        pace: Double = 1, sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) async -> DemoFirstMinute.Outcome {
        let script = script, server = server.baseURL, postIDs = postIDs, transport = transport
        return await DemoFirstMinute.run(DemoFirstMinute.schedule(script.firstMinute, pace: pace), sleep: sleep) {
            try await script.act($0, server: server, postIDs: postIDs, transport: transport)
        }
    }

    public func stop() { server.stop() }
}
