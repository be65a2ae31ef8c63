import Synchronization

/// Raised by a task's cancellation handler on one thread, read by libcurl's progress
/// callback on a worker thread.
final class CancelFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    func raise() { raised.store(true, ordering: .relaxed) }
    var isRaised: Bool { raised.load(ordering: .relaxed) }
}
