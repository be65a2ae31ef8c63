import FoundationEssentials
import LoowiSupport
import Synchronization

/// A clock for tests: time moves only when advanced, and `sleep` advances it at once
/// (recording how long was asked), so rate-limit waits and backoff take no real time.
///
/// With `holdsSleeps`, a sleep instead waits until `releaseSleeps()` (time then moves to its
/// end) or until its task is cancelled: a test can act while a call is waiting, as a
/// person does.
public final class ManualClock: EngineClock {
    private struct Held {
        var end: Date
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleeps: [Duration] = []
        var holdsSleeps: Bool
        var held: [Int: Held] = [:]
        var nextHold = 0
    }

    private let state: Mutex<State>

    public init(now: Date = Date(timeIntervalSince1970: 1_800_000_000), holdsSleeps: Bool = false) {
        state = Mutex(State(now: now, holdsSleeps: holdsSleeps))
    }

    public func now() -> Date { state.withLock { $0.now } }

    public func advance(by duration: Duration) {
        state.withLock { $0.now = $0.now.addingTimeInterval(duration.timeInterval) }
    }

    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        let hold: Int? = state.withLock { state in
            state.sleeps.append(duration)
            guard state.holdsSleeps else {
                state.now = state.now.addingTimeInterval(duration.timeInterval)
                return nil
            }
            state.nextHold += 1
            return state.nextHold
        }
        if let hold {
            let end = now().addingTimeInterval(duration.timeInterval)
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let cancelled = state.withLock { state -> Bool in
                        if Task.isCancelled { return true }
                        state.held[hold] = Held(end: end, continuation: continuation)
                        return false
                    }
                    if cancelled { continuation.resume(throwing: CancellationError()) }
                }
            } onCancel: {
                state.withLock { $0.held.removeValue(forKey: hold) }?.continuation.resume(throwing: CancellationError())
            }
        }
        await Task.yield()
    }

    /// Every sleep requested so far, in order.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    /// How many sleeps are waiting for `releaseSleeps()`.
    public var heldSleeps: Int { state.withLock { $0.held.count } }

    /// Ends every held sleep, moving time to the latest of their ends.
    public func releaseSleeps() {
        let held = state.withLock { state -> [Held] in
            let held = Array(state.held.values)
            state.held = [:]
            if let latest = held.map(\.end).max(), latest > state.now { state.now = latest }
            return held
        }
        for sleeper in held { sleeper.continuation.resume() }
    }

    /// Waits (in real time, up to `timeout`) until at least `count` sleeps are held.
    public func waitForHeldSleeps(_ count: Int = 1, timeout: Duration = .seconds(60)) async -> Bool {
        let start = ContinuousClock.now
        while heldSleeps < count {
            if ContinuousClock.now - start > timeout { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
    }
}

extension Duration {
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
