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
