import FoundationEssentials
import Testing
@testable import TweetEngine

/// Issue 35, item 9: a stream's bytes wait in a bounded queue. A server sending one endless
/// line faster than loowi reads it used to fill memory without end (5 GB in 12 s).
@Suite("A flooded stream holds bounded memory", .serialized, .timeLimit(.minutes(5)))
struct BoundedStreamTests {
    struct FloodStatus: Decodable {
        let closed: Int
        let sent: Int
    }

    let transport = CurlTransport(
        configuration: .init(userAgent: "loowi/9.9.9", totalTimeout: .seconds(20), maximumResponseBytes: 64 * 1024))

    /// The reader takes the head and then nothing: libcurl must stop, not queue. No timing is
    /// assumed: the test waits (within its limit) for the server to see the connection close.
    @Test(.timeLimit(.minutes(5))) func aReaderThatFallsBehindDropsTheConnection() async throws {
        try await withServer(LocalServer.startProbe) { server in
            var chunks = transport.openStream(HTTPRequest(url: server.baseURL.appendingPathComponent("flood")))
                .makeAsyncIterator()
            guard case .head(let status, _) = try await chunks.next() else {
                Issue.record("no head first")
                return
            }
            #expect(status == 200)
            let statusURL = server.baseURL.appendingPathComponent("flood-status")
            while try JSONDecoder().decode(FloodStatus.self, from: await transport.send(HTTPRequest(url: statusURL)).body).closed == 0 {
                try await Task.sleep(for: .milliseconds(50))
            }
            var queued = 0
            var ending: (any Error)?
            do {
                while let chunk = try await chunks.next() {
                    if case .bytes(let bytes) = chunk { queued += bytes.count }
                }
            } catch {
                ending = error
            }
            let budget = CurlTransport.streamQueueChunks * CurlTransport.streamChunkBytes
            #expect(ending as? TransportError == .responseTooLarge(limit: budget))
            #expect(queued > 0)
            #expect(queued <= budget)
        }
    }
}
