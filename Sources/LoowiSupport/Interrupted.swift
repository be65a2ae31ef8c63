#if canImport(Glibc)
    import Glibc
#endif

/// A system call run again while a signal interrupts it (EINTR), the one rule for every read,
/// write, wait and lock loowi makes: the result, with `errno` as the call left it.
@inlinable
public func retryingInterrupted<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}
