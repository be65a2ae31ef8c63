import Foundation
@testable import TweetEngine

/// The WebSocket codec: no crash on any bytes; the same messages (or the same refusal)
/// however the bytes are split; the memory held never past its bound; the handshake answer
/// parser and the Mastodon message reader take any bytes.
enum WebSocketHarness {
    /// Small, so that oversize messages and refusals are reached by short inputs.
    static let maximum = 4096

    static func run(_ bytes: [UInt8]) {
        let whole = outcome([bytes[...]])
        let split = outcome(chunks(of: bytes, seed: bytes.last ?? 0))
        if whole != split { Oracle.fail("WebSocket frames depend on how the bytes are split: \(whole) vs \(split)") }
        _ = try? WebSocketHandshake.parseAnswer(bytes)
        if case .messages(let messages) = whole {
            for case .text(let text) in messages { _ = ServerSentEvent(webSocketMessage: text).flatMap(LiveEvent.decode) }
        }
    }

    enum Outcome: Equatable, CustomStringConvertible {
        case messages([WebSocketIncoming])
        case refused(WebSocketCloseCode)

        var description: String {
            switch self {
            case .messages(let messages): "\(messages.count) messages"
            case .refused(let code): "refused with \(code.rawValue)"
            }
        }
    }

    static func outcome(_ pieces: [ArraySlice<UInt8>]) -> Outcome {
        var decoder = WebSocketFrameDecoder(maximumMessageBytes: maximum)
        var messages: [WebSocketIncoming] = []
        for piece in pieces {
            do {
                messages += try decoder.feed(piece)
            } catch {
                return .refused(error.code)
            }
            // A message, the frame being read, and one slice of input at most.
            if decoder.bufferedBytes > maximum + WebSocketFrameDecoder.sliceBytes + 14 {
                Oracle.fail("the decoder holds \(decoder.bufferedBytes) bytes")
            }
        }
        return .messages(messages)
    }
}
