import FoundationEssentials
import Testing
@testable import TweetEngine

/// Issue 36, item 5: a stream's thread sleeps until bytes come (libcurl's multi interface),
/// so its two other ways out are its own: a silent connection ends as lost, and a cancel
/// wakes it at once.
@Suite("A quiet stream", .serialized, .timeLimit(.minutes(5)))
struct QuietStreamTests {
    /// libcurl keeps its connect timer armed after connecting: an hour's, so it wakes nothing.
    func transport(silence: Duration) -> CurlTransport {
        var configuration = CurlTransport.Configuration(userAgent: "loowi/9.9.9", connectTimeout: .seconds(3600))
        configuration.streamSilence = silence
        return CurlTransport(configuration: configuration)
    }

    @Test func aStreamSilentForLongerThanItsLimitEndsAsLost() async throws {
        try await withServer(LocalServer.startProbe) { server in
            var chunks = transport(silence: .seconds(1)).openStream(HTTPRequest(url: server.baseURL.appendingPathComponent("quiet")))
                .makeAsyncIterator()
            var heard = ""
            var ending: (any Error)?
            do {
                while let chunk = try await chunks.next() {
                    if case .bytes(let bytes) = chunk { heard += String(decoding: bytes, as: UTF8.self) }
                }
            } catch {
                ending = error
            }
            #expect(heard == ":hello\n\n")
            #expect(ending as? TransportError == .timedOut)
        }
    }

    struct QuietStatus: Decodable {
        let closed: Int
    }

    /// With an hour's patience for silence, only the cancel's wake ends libcurl's wait and
    /// closes the connection: without it the test runs into its time limit.
    @Test func aCancelWakesAWaitingStream() async throws {
        try await withServer(LocalServer.startProbe) { server in
            let transport = transport(silence: .seconds(3600))
            let hello = AsyncStream<Void>.makeStream()
            let reader = Task {
                var chunks = transport.openStream(HTTPRequest(url: server.baseURL.appendingPathComponent("quiet"))).makeAsyncIterator()
                while let chunk = try await chunks.next() {
                    if case .bytes = chunk { break }
                }
                hello.continuation.yield()
                // Nothing more comes: this waits until the task is cancelled.
                _ = try await chunks.next()
            }
            for await _ in hello.stream { break }
            // Time for the stream's thread to go back to its wait (a test that cannot fail
            // for want of it: a cancel that came sooner is seen on the way back).
            try await Task.sleep(for: .milliseconds(500))
            reader.cancel()
            _ = try? await reader.value
            let status = server.baseURL.appendingPathComponent("quiet-status")
            while try JSONDecoder().decode(QuietStatus.self, from: await transport.send(HTTPRequest(url: status)).body).closed == 0 {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
    }
}
