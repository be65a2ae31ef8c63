import Foundation
import Testing
@testable import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct StreamingUnitTests {
    @Test func parserHandlesSplitsCommentsAndLineEndings() {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        let text = ":connected\n\nevent: update\ndata: {\"a\":\ndata: 1}\n\n:thump\r\n\r\nevent: delete\r\ndata: 42\r\rdata: plain\n\n"
        for byte in Array(text.utf8) { events += parser.feed(Data([byte])) }
        #expect(events == [
            ServerSentEvent(name: "update", data: "{\"a\":\n1}"), ServerSentEvent(name: "delete", data: "42"),
            ServerSentEvent(name: "message", data: "plain"),
        ])
    }

    @Test func parserKeepsMultibyteCharactersSplitAcrossChunks() {
        var parser = ServerSentEventParser()
        let bytes = Array("event: x\ndata: café 👩‍💻\n\n".utf8)
        var events: [ServerSentEvent] = []
        for chunk in stride(from: 0, to: bytes.count, by: 3) {
            events += parser.feed(Data(bytes[chunk..<min(chunk + 3, bytes.count)]))
        }
        #expect(events == [ServerSentEvent(name: "x", data: "café 👩‍💻")])
    }

    @Test func aServerWithoutStreamingEndsTheStreamAndSaysSo() async throws {
        let transport = StubTransport(streamScript: { _, _ in
            ([.head(status: 404, headers: []), .bytes(Data(#"{"error":"Not found"}"#.utf8))], nil)
        }, responder: { _ in throw TransportError.couldNotConnect })
        let clock = ManualClock()
        let engine = StubServer.engine(transport: transport, clock: clock)
        var received: [StreamEvent] = []
        for await event in engine.userStream() { received.append(event) }
        #expect(received == [.disconnected(.streamingUnavailable, reconnectIn: nil)])
        #expect(clock.sleeps.isEmpty)
        #expect(EngineError.streamingUnavailable.spoken(in: .english).text
            == "This server does not send live updates. Refresh the timeline to see new posts.")
    }

    @Test func reconnectsWithExponentialBackoffAndResetsAfterSuccess() async throws {
        let update = "event: update\ndata: \(StubServer.statusJSON(id: 7))\n\n"
        let transport = StubTransport(streamScript: { request, attempt in
            switch attempt {
            case 1, 2: return ([], TransportError.couldNotConnect)
            case 3: return ([.head(status: 200, headers: []), .bytes(Data(update.utf8))], TransportError.connectionLost)
            case 4: return ([.head(status: 200, headers: []), .bytes(Data("event: delete\ndata: 7\n\n".utf8))], nil)
            default: return ([.head(status: 401, headers: []), .bytes(Data(#"{"error":"The access token was revoked"}"#.utf8))], nil)
            }
        }, responder: { _ in throw TransportError.couldNotConnect })
        let clock = ManualClock()
        let engine = StubServer.engine(transport: transport, clock: clock, options: .init(streamBackoff: Backoff(initial: .seconds(1), maximum: .seconds(30))))
        var received: [StreamEvent] = []
        for await event in engine.userStream() { received.append(event) }
        #expect(received.count == 9)
        #expect(received[0] == .disconnected(.transport(.couldNotConnect), reconnectIn: .seconds(1)))
        #expect(received[1] == .disconnected(.transport(.couldNotConnect), reconnectIn: .seconds(2)))
        #expect(received[2] == .connected)
        if case .update(let status) = received[3] { #expect(status.id == "7") } else { Issue.record("expected an update") }
        // After a successful connection the backoff starts again from the initial delay.
        #expect(received[4] == .disconnected(.transport(.connectionLost), reconnectIn: .seconds(1)))
        #expect(received[5] == .connected)
        #expect(received[6] == .delete(statusID: "7"))
        #expect(received[7] == .disconnected(.transport(.connectionLost), reconnectIn: .seconds(1)))
        #expect(received[8] == .disconnected(.http(status: 401, message: "The access token was revoked"), reconnectIn: nil))
        #expect(clock.sleeps == [.seconds(1), .seconds(2), .seconds(1), .seconds(1)])
        #expect(transport.requests.allSatisfy { $0.header("Authorization") == "Bearer stub-token-123" && $0.url.path == "/api/v1/streaming/user" })
    }
}
