@testable import AccessibleControls

/// Time that only moves when a test says so.
struct ManualClock {
    let start = ContinuousClock.now
    private(set) var elapsed: Duration = .zero
    var now: ContinuousClock.Instant { start + elapsed }
    mutating func advance(_ d: Duration) { elapsed += d }
}
