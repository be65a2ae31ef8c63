// Thread-sanitizer builds only (scripts/tsan passes -DLOOWI_TSAN); every other build compiles
// this file to nothing. One file, linked into each target that uses `Mutex`.
#if LOOWI_TSAN
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A stand-in for `Synchronization.Mutex` that ThreadSanitizer understands.
    ///
    /// On Linux the standard `Mutex` hands a contended lock over in the kernel
    /// (`FUTEX_LOCK_PI` / `FUTEX_UNLOCK_PI`): the waiter never performs the user-space atomic
    /// that would pair with the holder's release, and `withLock` is inlined into the caller,
    /// so TSan sees two unsynchronised accesses and reports every contended critical section
    /// as a race, with no Mutex frame left in the stack for a suppression to match. A pthread
    /// mutex is intercepted by TSan, so this one gives it the exact happens-before edges.
    /// Declared in the module, it shadows the imported `Mutex` for the code that uses it.
    final class Mutex<Value>: @unchecked Sendable {
        private var value: Value
        private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

        init(_ initialValue: Value) {
            value = initialValue
            pthread_mutex_init(lock, nil)
        }

        deinit {
            pthread_mutex_destroy(lock)
            lock.deallocate()
        }

        func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            return try body(&value)
        }
    }
#endif
