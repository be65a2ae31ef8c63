import FoundationEssentials
import LoowiSupport

/// Time, as a seam: the engine asks it for "now" and sleeps through it, so tests never
/// wait for real.
public protocol EngineClock: Sendable {
    func now() -> Date
    func sleep(for duration: Duration) async throws
}

public struct SystemClock: EngineClock {
    public init() {}
    public func now() -> Date { Date() }
    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}
