import Foundation
import TweetEngine

/// A running demo: the server with the sample community, and the demo user's session on it.
/// The demo token lives only in memory; the user's own accounts file is never touched.
public struct DemoSession: Sendable {
    public let server: DemoServer
    public let session: AccountSession

    /// Loads the live script, starts the server, makes the live posts and boosts, and logs
    /// the demo user in. On any failure the server is stopped before the error is thrown.
    public static func start(
        files: DemoFiles, port: Int? = nil, readyWithin timeout: Duration = .seconds(60),
        transport: any HTTPTransport = CurlTransport.shared, options: TweetEngine.Options = .init()
    ) async throws -> DemoSession {
        let script = try DemoScript.load(from: files.live)
        let server = try await DemoServer.start(files: files, port: port, readyWithin: timeout)
        do {
            try await script.perform(on: server.baseURL, transport: transport)
            // The engine follows the user's settings (dm_followers_only), as the app does.
            let engine = TweetEngine(transport: transport, tokenStore: InMemoryTokenStore(), options: options)
            var session = AccountSession(
                account: ResolvedAccount(credentials: script.demoCredentials(server: server.baseURL), source: .demo),
                engine: engine)
            try await session.identify()
            return DemoSession(server: server, session: session)
        } catch {
            server.stop()
            throw error
        }
    }

    public func stop() { server.stop() }
}
