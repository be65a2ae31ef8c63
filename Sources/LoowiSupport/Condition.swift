#if canImport(Glibc)
    import Glibc
#endif

/// A lock with a condition to wait on (what `NSCondition` offered), over a pthread mutex and
/// condition variable.
public final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        // Timed waits count on the monotonic clock: a wall-clock step (an NTP correction, a
        // resume) must not stretch the audio thread's few-millisecond waits.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
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

    /// Waits (the lock held) until signalled or `seconds` have passed; false when the time
    /// came first.
    @discardableResult
    public func wait(seconds: Double) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let wait = max(0, seconds)
        var nanoseconds = now.tv_nsec + Int((wait - wait.rounded(.down)) * 1_000_000_000)
        var deadline = timespec(tv_sec: now.tv_sec + Int(wait), tv_nsec: 0)
        if nanoseconds >= 1_000_000_000 {
            deadline.tv_sec += 1
            nanoseconds -= 1_000_000_000
        }
        deadline.tv_nsec = nanoseconds
        return pthread_cond_timedwait(condition, mutex, &deadline) == 0
    }
}
