import FoundationEssentials
import LoowiSupport
import Synchronization

/// What one WebSocket connection of the streaming API reports, in order: `opened` or
/// `refused` first, then messages and signs of life until it ends (the stream finishes, or
/// throws a `TransportError`).
public enum WebSocketEvent: Sendable, Equatable {
    /// The server accepted the upgrade (101 with the right `Sec-WebSocket-Accept`).
    case opened
    /// The server answered the upgrade with another status (404: no WebSocket there; 401 or
    /// 403: the token was refused) and the start of its body.
    case refused(status: Int, body: Data)
    /// A whole text message.
    case message(String)
    /// A ping or pong: the connection is alive, nothing to read.
    case heard
}

/// A transport that can also open a WebSocket (RFC 6455) and keep it open.
public protocol WebSocketTransport: Sendable {
    /// Opens `request.url` (http or https) as a WebSocket with `request`'s headers, sends
    /// `messages` as text once it is open, and pings after `keepAlive` without traffic so a
    /// quiet server still shows it is there. Ends when the server closes, or the reading task
    /// is cancelled (the socket is closed promptly).
    func openWebSocket(_ request: HTTPRequest, sending messages: [String], keepAlive: Duration) -> WebSocketStream
}

/// The events of one WebSocket connection. What is queued for the reader is bounded in
/// bytes (`QueuedBytes`), so a server that sends faster than loowi reads is cut off rather
/// than buffered without end.
public struct WebSocketStream: AsyncSequence, Sendable {
    public typealias Element = WebSocketEvent
    let events: AsyncThrowingStream<WebSocketEvent, any Error>
    let queued: QueuedBytes?

    /// A stream of given events (tests' transports); nothing is counted.
    public init(_ events: AsyncThrowingStream<WebSocketEvent, any Error>) {
        self.events = events
        queued = nil
    }

    init(_ events: AsyncThrowingStream<WebSocketEvent, any Error>, queued: QueuedBytes) {
        self.events = events
        self.queued = queued
    }

    public func makeAsyncIterator() -> Iterator { Iterator(base: events.makeAsyncIterator(), queued: queued) }

    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<WebSocketEvent, any Error>.Iterator
        let queued: QueuedBytes?

        public mutating func next() async throws -> WebSocketEvent? {
            let event = try await base.next()
            switch event {
            case .message(let text): queued?.release(text.utf8.count)
            case .heard: queued?.heardTaken()
            default: break
            }
            return event
        }
    }
}

/// Bytes of messages handed to the reader and not yet read, and whether a sign of life is
/// waiting: the connection's thread adds, the reader's iterator takes away.
final class QueuedBytes: Sendable {
    /// One maximal message always fits; more than this waiting means the reader is far behind.
    static let limit = WebSocketFrameDecoder.maximumMessageBytes
    private let bytes = Atomic<Int>(0)
    private let heardWaiting = Atomic<Bool>(false)

    /// False when `count` more would pass the limit (an empty queue takes any message).
    func reserve(_ count: Int) -> Bool {
        let now = bytes.load(ordering: .acquiring)
        if now > 0, now + count > Self.limit { return false }
        bytes.add(count, ordering: .acquiringAndReleasing)
        return true
    }

    func release(_ count: Int) { bytes.subtract(count, ordering: .acquiringAndReleasing) }

    /// True when no sign of life is waiting already (one is enough: a ping flood queues one).
    func heardGiven() -> Bool { !heardWaiting.exchange(true, ordering: .acquiringAndReleasing) }
    func heardTaken() { heardWaiting.store(false, ordering: .releasing) }
}
