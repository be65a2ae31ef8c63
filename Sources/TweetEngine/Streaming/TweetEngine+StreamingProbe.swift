import FoundationEssentials
import LoowiSupport
import Synchronization

/// What `loowi doctor` says of live updates: whether the user stream opens today. It opens
/// the stream as live updates do (at the streaming address the instance names, when that is
/// safe), waits for the server's answer, and closes it.
extension TweetEngine {
    public enum StreamingProbe: Sendable, Equatable {
        /// The user stream answered 200: server-sent events.
        case serverSentEvents
        /// The streaming API opened over a WebSocket (the server has no server-sent events).
        case webSocket
        /// The server has no streaming (404): live updates ask every poll instead.
        case unavailable
        /// It could not be opened: the server refused it, or did not answer in time.
        case failed(EngineError)
    }

    /// Opens the user stream and gives up after `limit` (on the engine's clock).
    public func probeStreaming(within limit: Duration) async -> StreamingProbe {
        // The instance names the streaming address; without it the server itself is asked.
        _ = try? await instanceLimits()
        let (opened, signal) = AsyncStream.makeStream(of: StreamingProbe.self)
        // Set before the signal: a stream that opens and ends at once still opened.
        let answered = Answered()
        return await withTaskGroup(of: StreamingProbe?.self) { group in
            group.addTask {
                if self.streamingChoice?.usesWebSocket == true {
                    return await self.probeWebSocket(answered: answered, signal: signal, fallback: false)
                }
                do {
                    try await self.readStream(
                        .user,
                        onOpen: {
                            answered.set()
                            signal.yield(.serverSentEvents)
                        }, onBytes: {}, onEvent: { _ in })
                    return answered.isSet ? .serverSentEvents : .failed(.transport(.connectionLost))
                } catch _ where answered.isSet {
                    return .serverSentEvents
                } catch let error as EngineError where self.shouldTryWebSocket(after: error) {
                    // As live updates do: the WebSocket where server-sent events are missing.
                    return await self.probeWebSocket(answered: answered, signal: signal, fallback: true)
                } catch EngineError.streamingUnavailable {
                    return .unavailable
                } catch let error as EngineError {
                    return error == .cancelled ? nil : .failed(error)
                } catch {
                    return .failed(.transport(.connectionLost))
                }
            }
            group.addTask {
                for await kind in opened { return kind }
                return nil
            }
            group.addTask {
                do { try await self.clock.sleep(for: limit) } catch { return nil }
                return .failed(.transport(.timedOut))
            }
            var answer: StreamingProbe?
            while answer == nil, let next = await group.next() {
                answer = next
            }
            signal.finish()
            group.cancelAll()
            return answer ?? .failed(.transport(.connectionLost))
        }
    }
}

extension TweetEngine {
    /// The WebSocket's answer for the probe; refused after SSE's 404 (`fallback`) is no streaming.
    fileprivate func probeWebSocket(
        answered: Answered, signal: AsyncStream<StreamingProbe>.Continuation, fallback: Bool
    ) async -> StreamingProbe? {
        do {
            try await readWebSocket(
                onOpen: {
                    answered.set()
                    signal.yield(.webSocket)
                }, onBytes: {}, onEvent: { _ in })
            return answered.isSet ? .webSocket : .failed(.transport(.connectionLost))
        } catch _ where answered.isSet {
            return .webSocket
        } catch EngineError.streamingUnavailable {
            return .unavailable
        } catch EngineError.http(let status, _) where fallback && [401, 403].contains(status) {
            return .unavailable
        } catch let error as EngineError {
            return error == .cancelled ? nil : .failed(error)
        } catch {
            return .failed(.transport(.connectionLost))
        }
    }
}

/// Whether the stream answered 200, set from the stream's callback.
private final class Answered: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .releasing) }
    var isSet: Bool { flag.load(ordering: .acquiring) }
}
