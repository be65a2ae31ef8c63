import Synchronization

/// Raised by a task's cancellation handler on one thread, read by libcurl's progress
/// callback on a worker thread. A stream waiting for bytes is woken by it at once.
final class CancelFlag: Sendable {
    private let raised = Atomic<Bool>(false)
    private let waker = Mutex<(@Sendable () -> Void)?>(nil)

    func raise() {
        raised.store(true, ordering: .relaxed)
        waker.withLock { $0?() }
    }

    var isRaised: Bool { raised.load(ordering: .relaxed) }

    /// What wakes the transfer while it waits (nil once it no longer can): called under the
    /// lock, so it is never called after the transfer cleared it.
    func wakesWith(_ wake: (@Sendable () -> Void)?) {
        waker.withLock { $0 = wake }
    }
}
