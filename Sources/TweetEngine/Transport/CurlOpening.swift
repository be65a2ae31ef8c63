import LoowiSupport

/// libcurl held back while a start's first words are on their way to the speaker.
///
/// Opening libcurl and OpenSSL takes about 8 ms of a core with the dynamic loader's locks
/// held, and the start's refresh asks for it at once: on two cores the first words waited
/// (with the opening delayed 30 ms by a tracer, the cold start's median was 30-33 ms against
/// 34-38 without, alternating). The app holds the opening until the first speech sample is
/// written, or `atMost` has passed, so the refresh fills in behind the words instead. Only
/// libcurl's own threads wait here (a worker or the stream making its handle), never the
/// concurrency pool's.
public enum CurlOpening {
    private final class Gate: @unchecked Sendable {
        let condition = Condition()
        /// Guarded by `condition`: until when the opening is held; nil when it is not.
        var heldUntil: ContinuousClock.Instant?
    }

    private static let gate = Gate()

    /// Holds the opening until `release()`, at most `atMost` from now.
    public static func hold(atMost: Duration) {
        gate.condition.lock()
        gate.heldUntil = .now + atMost
        gate.condition.unlock()
    }

    /// Lets libcurl open; any thread waiting for it goes on.
    public static func release() {
        gate.condition.lock()
        gate.heldUntil = nil
        gate.condition.broadcast()
        gate.condition.unlock()
    }

    /// Waits while the opening is held; at once when it is not. Called by a thread of libcurl's
    /// own before it makes a handle. Whether it waited at all.
    @discardableResult
    static func waitIfHeld() -> Bool {
        gate.condition.lock()
        defer { gate.condition.unlock() }
        var waited = false
        while let until = gate.heldUntil {
            let left = ContinuousClock.now.duration(to: until)
            guard left > .zero else { break }
            waited = true
            gate.condition.wait(seconds: left.timeInterval)
        }
        return waited
    }
}
