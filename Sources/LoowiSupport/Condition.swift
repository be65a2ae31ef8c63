#if canImport(Glibc)
    import Glibc
#endif
import FoundationEssentials

/// A lock with a condition to wait on (what `NSCondition` offered), over a pthread mutex and
/// condition variable.
public final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }
    public func signal() { pthread_cond_signal(condition) }
    public func broadcast() { pthread_cond_broadcast(condition) }

    /// Waits (the lock held) until signalled; may wake spuriously, so callers loop.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits (the lock held) until signalled or `date`; false when the time came first.
    @discardableResult
    public func wait(until date: Date) -> Bool {
        let seconds = max(0, date.timeIntervalSince1970)
        var deadline = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1_000_000_000))
        return pthread_cond_timedwait(condition, mutex, &deadline) == 0
    }
}
