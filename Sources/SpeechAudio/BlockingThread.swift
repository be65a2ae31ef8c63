#if canImport(Glibc)
    import Glibc
#endif
import FoundationEssentials

/// A thread of its own for work that blocks (eSpeak NG's synthesis, the audio output loop, a
/// wait on the mixer), so it never holds a thread of the cooperative pool. POSIX threads
/// directly: `Thread` lives in corelibs Foundation, which would bring ICU's data along.
public enum BlockingThread {
    /// Starts `body` on a new detached thread. (Unnamed: `pthread_setname_np` is a GNU
    /// extension the Glibc module does not show.)
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body))
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, box.toOpaque())
        if status != 0 {
            // No thread to be had: run it here rather than lose the work.
            box.takeRetainedValue().body()
            return
        }
        pthread_detach(thread)
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

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
