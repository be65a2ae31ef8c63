import Foundation
import Synchronization
@testable import TweetEngine

/// Counts (and keeps) the requests that reach the real transport.
final class CountingTransport: StreamingTransport {
    let base: CurlTransport
    private let sent = Mutex<[HTTPRequest]>([])

    init(base: CurlTransport) { self.base = base }

    var requests: [HTTPRequest] { sent.withLock { $0 } }
    var count: Int { sent.withLock { $0.count } }
    func reset() { sent.withLock { $0.removeAll() } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        sent.withLock { $0.append(request) }
        return try await base.send(request)
    }

    func openStream(_ request: HTTPRequest) -> AsyncThrowingStream<StreamChunk, any Error> {
        sent.withLock { $0.append(request) }
        return base.openStream(request)
    }
}

extension LocalServer {
    /// A transport with generous timeouts for a loaded machine.
    static func curl(totalTimeout: Duration = .seconds(30)) -> CurlTransport {
        CurlTransport(configuration: .init(connectTimeout: .seconds(10), totalTimeout: totalTimeout))
    }

    /// An engine logged in as one of the demo users (`ada_token`, `grace_token`, …).
    func engine(
        token: String, transport: (any HTTPTransport)? = nil, options: TweetEngine.Options = .init()
    ) -> TweetEngine {
        let engine = TweetEngine(
            transport: transport ?? LocalServer.curl(), clock: SystemClock(), tokenStore: InMemoryTokenStore(),
            options: options)
        engine.use(Credentials(server: baseURL, accessToken: token, username: String(token.prefix { $0 != "_" })))
        return engine
    }

    /// Calls the mock's control plane (`/api/v1/_mock/…`) or any endpoint with a JSON body.
    @discardableResult
    func control(
        _ method: HTTPRequest.Method, _ path: String, json: String? = nil, form: String? = nil, token: String? = nil
    ) async throws -> HTTPResponse {
        var request = HTTPRequest(method: method, url: URL(string: baseURL.absoluteString + path)!)
        if let json {
            request.body = Data(json.utf8)
            request.setHeader("Content-Type", "application/json")
        }
        if let form {
            request.body = Data(form.utf8)
            request.setHeader("Content-Type", "application/x-www-form-urlencoded")
        }
        if let token { request.setHeader("Authorization", "Bearer \(token)") }
        let response = try await LocalServer.curl().send(request)
        guard response.isSuccess else {
            throw LocalServerError.exited("control \(path) answered \(response.status): \(String(decoding: response.body, as: UTF8.self))")
        }
        return response
    }

    /// Adds a fault rule (see mastodon-mock's fault injection).
    func fault(path: String, effect: String, count: Int = 1) async throws {
        try await control(.post, "/api/v1/_mock/faults", json: #"{"match":{"path":"\#(path)"},"effect":\#(effect),"count":\#(count)}"#)
    }
}
