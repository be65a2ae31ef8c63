/// Work started on a thread of its own (`BlockingThread`) whose result callers wait for: a
/// start that reads or loads something while other work goes on, then takes it.
public final class ThreadResult<Value: Sendable>: @unchecked Sendable {
    private let condition = Condition()
    /// Guarded by `condition`; nil until the work has finished.
    private var result: Value?

    public init(_ work: @escaping @Sendable () -> Value) {
        do {
            try BlockingThread.start { [self] in finished(work()) }
        } catch {
            // Finite work that returns a value: with no thread to be had it is done here,
            // later than hoped but not lost.
            finished(work())
        }
    }

    private func finished(_ value: Value) {
        condition.lock()
        result = value
        condition.broadcast()
        condition.unlock()
    }

    /// The work's result, or nil when it has not finished within `seconds`: a caller (a test)
    /// that must fail rather than hang.
    public func wait(seconds: Double) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = ContinuousClock.now + .seconds(seconds)
        while result == nil {
            let left = (deadline - ContinuousClock.now).components
            guard left.seconds > 0 || left.attoseconds > 0 else { break }
            condition.wait(seconds: Double(left.seconds) + Double(left.attoseconds) * 1e-18)
        }
        return result
    }

    /// The work's result, once it has finished.
    public func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result { return result }
            condition.wait()
        }
    }
}
