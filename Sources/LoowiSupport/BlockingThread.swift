#if canImport(Glibc)
    import Glibc
#endif
import FoundationEssentials

/// A thread of its own for work that blocks (eSpeak NG's synthesis, the audio output loop, a
/// wait on the mixer, the key reader), so it never holds a thread of the cooperative pool.
/// POSIX threads directly: `Thread` lives in corelibs Foundation, which would bring ICU's
/// data along.
///
/// One failure policy: when the system will not start a thread, `start` throws and the caller
/// decides, saying so plainly or doing without (see each caller). The body is never run on
/// the caller's thread instead: most bodies block for good (an accept loop, the mixer's
/// output loop), and run in place they would hold the caller for ever.
public enum BlockingThread {
    /// Starts `body` on a new detached thread. (Unnamed: `pthread_setname_np` is a GNU
    /// extension the Glibc module does not show.)
    public static func start(_ body: @escaping @Sendable () -> Void) throws(ThreadStartError) {
        let box = Unmanaged.passRetained(Box(body))
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, box.toOpaque())
        guard status == 0 else {
            box.release()
            throw ThreadStartError(code: status)
        }
        pthread_detach(thread)
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

/// The system would not start a thread (EAGAIN: its limit on threads or memory was reached).
public struct ThreadStartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// pthread_create's error number.
    public let code: Int32

    public init(code: Int32) { self.code = code }

    /// The system's text, for a log or standard error only; spoken messages use the catalogue.
    public var description: String { "no thread could be started (\(SystemError(errno: code)))" }
}

extension BlockingThread {
    /// For a thread loowi cannot work without and whose owner has no caller to tell (eSpeak
    /// NG's executor, the mixer's output loop): with no thread to be had, it says so on
    /// standard error and ends loowi, rather than run a body that never returns in place.
    public static func startOrExit(_ body: @escaping @Sendable () -> Void) {
        do {
            try start(body)
        } catch {
            StandardStreams.writeError("loowi: \(error); loowi cannot go on.\n")
            exit(71)  // EX_OSERR
        }
    }
}
