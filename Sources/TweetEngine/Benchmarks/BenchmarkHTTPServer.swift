import FoundationEssentials
import LoowiSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The benchmark's timeline served over real HTTP on 127.0.0.1, so that a cold start or a
/// memory measurement goes through libcurl, a socket and the JSON as read off the wire,
/// with the same posts every run. HTTP/1.1 with kept-alive connections, as a server's; a
/// thread per connection. Request bodies are not read: the benchmarks only GET.
public final class BenchmarkHTTPServer: Sendable {
    private let listener: LoopbackListener
    private let responder: StubTransport.Responder

    /// A server with `posts` posts in every timeline.
    public init(posts: Int) throws {
        listener = try LoopbackListener()
        responder = BenchmarkTimeline.pagedResponder(total: posts)
        try BlockingThread.start { [self] in acceptLoop() }
    }

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(listener.port)")! }

    public func stop() { listener.close() }

    private func acceptLoop() {
        while let client = listener.accept() {
            // A connection no thread can serve is closed: the client sees it and reports it.
            do { try BlockingThread.start { [self] in serve(client) } } catch { close(client) }
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        while true {
            let head = LoopbackListener.readHead(client)
            guard !head.isEmpty else { return }
            let target = head.split(separator: 32, maxSplits: 2).dropFirst().first.map { String(decoding: $0, as: UTF8.self) } ?? "/"
            let answer: HTTPResponse
            if let url = URL(string: baseURL.absoluteString + target),
                let response = try? responder(HTTPRequest(method: .get, url: url))
            {
                answer = response
            } else {
                answer = HTTPResponse(status: 400, url: baseURL)
            }
            var text = "HTTP/1.1 \(answer.status) \(answer.status == 200 ? "OK" : "Bad Request")\r\nContent-Length: \(answer.body.count)\r\n"
            for header in answer.headers { text += "\(header.name): \(header.value)\r\n" }
            text += "\r\n"
            guard LoopbackListener.send(client, Array(text.utf8) + Array(answer.body)) else { return }
        }
    }
}
