import Foundation
import Testing
@testable import TweetEngine

/// The WebSocket codec as pure values: every hostile input without a network.
@Suite(.timeLimit(.minutes(5))) struct WebSocketCodecTests {
    func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// A server frame (never masked) with the length in its shortest form, or as asked.
    func serverFrame(_ opcode: UInt8, _ payload: [UInt8], final: Bool = true, rsv: UInt8 = 0) -> [UInt8] {
        var bytes: [UInt8] = [(final ? 0x80 : 0) | rsv | opcode]
        switch payload.count {
        case 0...125: bytes.append(UInt8(payload.count))
        case 126...0xFFFF: bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: bytes += [127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64($0 * 8)) }
        }
        return bytes + payload
    }

    func decodeError(_ bytes: [UInt8], maximum: Int = WebSocketFrameDecoder.maximumMessageBytes) -> WebSocketProtocolError? {
        var decoder = WebSocketFrameDecoder(maximumMessageBytes: maximum)
        do {
            _ = try decoder.feed(bytes)
            return nil
        } catch {
            return error
        }
    }

    // MARK: SHA-1 and the handshake

    @Test func sha1MatchesRFC3174Vectors() {
        #expect(hex(SHA1.hash(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(SHA1.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
            == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hex(SHA1.hash([UInt8](repeating: 0x61, count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
        let test4 = Array(String(repeating: "0123456701234567012345670123456701234567012345670123456701234567", count: 10).utf8)
        #expect(hex(SHA1.hash(test4)) == "dea356a2cddd90c7a7ecedc5ebb563934f460452")
        #expect(hex(SHA1.hash([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    }

    @Test func acceptMatchesRFC6455Example() {
        #expect(WebSocketHandshake.accept(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let handshake = WebSocketHandshake(keyBytes: Array("the sample nonce".utf8))
        #expect(handshake.key == "dGhlIHNhbXBsZSBub25jZQ==")
        var random = SystemRandomNumberGenerator()
        let fresh = WebSocketHandshake(using: &random)
        #expect(Data(base64Encoded: fresh.key)?.count == 16)
        #expect(fresh.key != WebSocketHandshake(using: &random).key)
    }

    @Test func upgradeRequestCarriesKeyVersionTokenAndPort() throws {
        let handshake = WebSocketHandshake(keyBytes: Array("the sample nonce".utf8))
        let url = try #require(URL(string: "http://127.0.0.1:8080/api/v1/streaming?stream=user"))
        let text = String(decoding: handshake.request(
            for: url, headers: [HTTPHeader(name: "Authorization", value: "Bearer abc"), HTTPHeader(name: "X-Bad", value: "a\r\nInjected: 1")],
            userAgent: "loowi/test"), as: UTF8.self)
        #expect(text.hasPrefix("GET /api/v1/streaming?stream=user HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"))
        #expect(text.contains("\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"))
        #expect(text.contains("\r\nAuthorization: Bearer abc\r\n"))
        #expect(!text.contains("Injected"))
        #expect(text.hasSuffix("\r\n\r\n"))
        let standard = String(decoding: handshake.request(for: try #require(URL(string: "https://example.org/api/v1/streaming")), headers: [], userAgent: "x"), as: UTF8.self)
        #expect(standard.contains("Host: example.org\r\n"))
    }

    @Test func libcurlIsGivenTheOriginOnlyNeverTheQueryWithTheToken() throws {
        let url = try #require(URL(string: "https://example.org:8443/api/v1/streaming?stream=user&access_token=secret"))
        #expect(WebSocketHandshake.origin(of: url).absoluteString == "https://example.org:8443/")
        let loopback = try #require(URL(string: "http://[::1]:8080/api/v1/streaming?access_token=secret"))
        #expect(WebSocketHandshake.origin(of: loopback).absoluteString == "http://[::1]:8080/")
    }

    @Test func answerIsCheckedAndFramesAfterTheHeadAreKept() throws {
        let handshake = WebSocketHandshake(keyBytes: Array("the sample nonce".utf8))
        let head = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n"
        let frame = serverFrame(1, Array("hi".utf8))
        let bytes = Array(head.utf8) + frame
        // Split anywhere, the head is nil until whole.
        for cut in [0, 10, head.utf8.count - 1] { #expect(try WebSocketHandshake.parseAnswer(Array(bytes[..<cut])) == nil) }
        let (answer, rest) = try #require(try WebSocketHandshake.parseAnswer(bytes))
        #expect(answer.status == 101)
        #expect(rest == frame)
        try handshake.check(answer)

        let wrongAccept = head.replacingOccurrences(of: "s3pP", with: "AAAA")
        let (bad, _) = try #require(try WebSocketHandshake.parseAnswer(Array(wrongAccept.utf8)))
        #expect(throws: WebSocketHandshake.Failure.notAnUpgrade) { try handshake.check(bad) }
        let withExtension = head.replacingOccurrences(of: "\r\n\r\n", with: "\r\nSec-WebSocket-Extensions: permessage-deflate\r\n\r\n")
        let (compressed, _) = try #require(try WebSocketHandshake.parseAnswer(Array(withExtension.utf8)))
        #expect(throws: WebSocketHandshake.Failure.notAnUpgrade) { try handshake.check(compressed) }

        let refused = try #require(try WebSocketHandshake.parseAnswer(Array("HTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\nno".utf8)))
        #expect(refused.answer.status == 404)
        #expect(refused.rest == Array("no".utf8))
        #expect(throws: WebSocketHandshake.Failure.malformed) { try WebSocketHandshake.parseAnswer(Array("SSH-2.0-OpenSSH\r\n\r\n".utf8)) }
        // A head without end is refused once past the bound, not buffered for ever.
        #expect(throws: WebSocketHandshake.Failure.malformed) {
            try WebSocketHandshake.parseAnswer(Array("HTTP/1.1 101 OK\r\nX: ".utf8) + [UInt8](repeating: 0x61, count: 20_000))
        }
    }

    // MARK: Client frames

    @Test func clientFramesAreMaskedWithEveryLengthForm() {
        let key: [UInt8] = [1, 2, 3, 4]
        for (count, header) in [(0, [0x81, 0x80]), (125, [0x81, 0xFD]), (126, [0x81, 0xFE, 0x00, 0x7E]), (65535, [0x81, 0xFE, 0xFF, 0xFF]),
            (65536, [0x81, 0xFF, 0, 0, 0, 0, 0, 1, 0, 0])] as [(Int, [UInt8])]
        {
            let payload = [UInt8](repeating: 0x41, count: count)
            let frame = WebSocketFrameEncoder.frame(.text, payload: payload, maskKey: key)
            #expect(Array(frame.prefix(header.count)) == header, "length \(count)")
            #expect(Array(frame[header.count..<(header.count + 4)]) == key)
            let masked = frame[(header.count + 4)...]
            #expect(masked.count == count)
            #expect(masked.enumerated().allSatisfy { $0.element == 0x41 ^ key[$0.offset & 3] })
        }
        #expect(WebSocketFrameEncoder.closePayload(.messageTooBig) == [0x03, 0xF1])
        #expect(WebSocketFrameEncoder.closePayload(.normal, reason: String(repeating: "é", count: 100)).count <= 125)
    }

    // MARK: Server frames

    @Test func textIsReassembledAcrossFragmentsWithControlFramesBetween() throws {
        var decoder = WebSocketFrameDecoder()
        let bytes = serverFrame(1, Array("caf".utf8) + [0xC3], final: false) + serverFrame(9, [7]) + serverFrame(0, [0xA9] + Array(" 👩‍💻".utf8), final: false)
            + serverFrame(10, []) + serverFrame(0, Array("!".utf8))
        var incoming: [WebSocketIncoming] = []
        // One byte at a time: headers split at every point.
        for byte in bytes { incoming += try decoder.feed([byte]) }
        #expect(incoming == [.ping([7]), .pong([]), .text("café 👩‍💻!")])
        #expect(decoder.bufferedBytes == 0)
    }

    @Test func lengthFormsFromTheServerAreRead() throws {
        for count in [125, 126, 65535, 65536] {
            var decoder = WebSocketFrameDecoder()
            let text = String(repeating: "x", count: count)
            #expect(try decoder.feed(serverFrame(1, Array(text.utf8))) == [.text(text)], "length \(count)")
        }
    }

    @Test func closeCodesAreReadAndCheckedTheRestIgnored() throws {
        var decoder = WebSocketFrameDecoder()
        let incoming = try decoder.feed(serverFrame(8, [0x03, 0xE9] + Array("bye".utf8)) + serverFrame(1, Array("after".utf8)))
        #expect(incoming == [.close(code: 1001, reason: "bye")])
        #expect(decoder.closed)
        var empty = WebSocketFrameDecoder()
        #expect(try empty.feed(serverFrame(8, [])) == [.close(code: nil, reason: "")])
        #expect(decodeError(serverFrame(8, [0x03])) == WebSocketProtocolError(code: .protocolError, reason: "close frame of one byte"))
        #expect(decodeError(serverFrame(8, [0x03, 0xED]))?.code == .protocolError)  // 1005 is never sent
        #expect(decodeError(serverFrame(8, [0x03, 0xE8, 0xFF]))?.code == .invalidPayload)
    }

    @Test func hostileFramesAreProtocolErrors() {
        #expect(decodeError(serverFrame(1, Array("x".utf8), rsv: 0x40))?.reason == "reserved bits set")
        #expect(decodeError(serverFrame(3, []))?.reason == "unknown opcode")
        #expect(decodeError(serverFrame(0xB, []))?.reason == "unknown opcode")
        #expect(decodeError([0x81, 0x82, 1, 2, 3, 4, 0x61, 0x62])?.reason == "masked frame from the server")
        #expect(decodeError(serverFrame(9, [UInt8](repeating: 0, count: 126)))?.reason == "control frame too long")
        #expect(decodeError(serverFrame(9, [], final: false))?.reason == "fragmented control frame")
        #expect(decodeError(serverFrame(0, Array("x".utf8)))?.reason == "continuation without a message")
        #expect(decodeError(serverFrame(1, Array("a".utf8), final: false) + serverFrame(1, Array("b".utf8)))?.reason
            == "new message inside a fragmented one")
        #expect(decodeError([0x81, 127, 0x80, 0, 0, 0, 0, 0, 0, 1])?.reason == "length out of range")
        #expect(decodeError(serverFrame(1, [0xC3, 0x28]))?.code == .invalidPayload)
    }

    @Test func oversizeIsRefusedFromTheHeaderBeforeAnyPayloadIsKept() throws {
        // A 64-bit length of 5 GB: refused with 1009 from the ten header bytes alone.
        #expect(decodeError([0x81, 127, 0, 0, 0, 1, 0x2A, 0x05, 0xF2, 0x00])?.code == .messageTooBig)
        // Fragments that add up past the bound: refused at the fragment that would pass it.
        var decoder = WebSocketFrameDecoder(maximumMessageBytes: 1000)
        _ = try decoder.feed(serverFrame(1, [UInt8](repeating: 0x61, count: 600), final: false))
        #expect(decoder.bufferedBytes == 600)
        #expect(throws: WebSocketProtocolError(code: .messageTooBig, reason: "message too big")) {
            try decoder.feed(Array(serverFrame(0, [UInt8](repeating: 0x61, count: 401)).prefix(4)))
        }
        #expect(decoder.bufferedBytes == 0)
        // A dead decoder stays dead.
        #expect(throws: WebSocketProtocolError.self) { try decoder.feed(serverFrame(1, [])) }
        // Exactly the bound is fine.
        var exact = WebSocketFrameDecoder(maximumMessageBytes: 1000)
        #expect(try exact.feed(serverFrame(1, [UInt8](repeating: 0x61, count: 1000))) == [.text(String(repeating: "a", count: 1000))])
    }

    @Test func oneHugeFeedIsReadInSlicesAndBounded() throws {
        // 200 small frames in one feed of more than a slice: all read, nothing left over.
        let one = serverFrame(1, [UInt8](repeating: 0x62, count: 1000))
        var decoder = WebSocketFrameDecoder()
        let incoming = try decoder.feed(Array((0..<200).map { _ in one }.joined()))
        #expect(incoming.count == 200)
        #expect(decoder.bufferedBytes == 0)
    }

    // MARK: Mastodon's messages

    @Test func mastodonMessagesBecomeTheSameEventsAsServerSentEvents() {
        let update = #"{"stream":["user"],"event":"delete","payload":"109\u0007"}"#
        #expect(ServerSentEvent(webSocketMessage: update) == ServerSentEvent(name: "delete", data: "109\u{07}"))
        #expect(ServerSentEvent(webSocketMessage: #"{"stream":["user"],"event":"filters_changed"}"#) == ServerSentEvent(name: "filters_changed", data: ""))
        #expect(ServerSentEvent(webSocketMessage: #"{"error":"Missing access token","status":401}"#) == nil)
        #expect(ServerSentEvent(webSocketMessage: "not json") == nil)
        let delete = ServerSentEvent(webSocketMessage: update).flatMap(LiveEvent.decode)
        // The id is cleaned as on the SSE path: no control character reaches speech.
        #expect(delete == .delete(statusID: "109"))
    }
}
