import LoowiSupport
#if canImport(Glibc)
    import Glibc
#endif

/// The key reader: a dedicated thread that waits in poll/read(2), decodes the bytes and
/// hands each event on. Blocking reads never run on Swift's cooperative pool. A pipe wakes
/// the thread when reading must stop.
final class TerminalReader: Sendable {
    private let wakeWrite: Int32

    private init(wakeWrite: Int32) { self.wakeWrite = wakeWrite }

    /// Everything the thread owns; passed to it through an unmanaged pointer.
    private final class Job: Sendable {
        let fd: Int32
        let wake: Int32
        let onEvent: @Sendable (KeyEvent) -> Void
        let onEnd: @Sendable () -> Void
        init(fd: Int32, wake: Int32, onEvent: @escaping @Sendable (KeyEvent) -> Void, onEnd: @escaping @Sendable () -> Void) {
            self.fd = fd
            self.wake = wake
            self.onEvent = onEvent
            self.onEnd = onEnd
        }
    }

    /// Throws when the system will not start the reader's thread; the caller ends input.
    static func start(
        fd: Int32, onEvent: @escaping @Sendable (KeyEvent) -> Void, onEnd: @escaping @Sendable () -> Void
    ) throws(ThreadStartError) -> TerminalReader {
        var pipeEnds: [Int32] = [0, 0]
        precondition(pipe(&pipeEnds) == 0, "no file descriptors left for the key reader")
        let job = Job(fd: fd, wake: pipeEnds[0], onEvent: onEvent, onEnd: onEnd)
        do {
            try BlockingThread.start { TerminalReader.run(job) }
        } catch {
            close(pipeEnds[0])
            close(pipeEnds[1])
            throw error
        }
        return TerminalReader(wakeWrite: pipeEnds[1])
    }

    func stop() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        close(wakeWrite)
    }

    private static func run(_ job: Job) {
        defer {
            close(job.wake)
            job.onEnd()
        }
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var fds = [pollfd(fd: job.fd, events: Int16(POLLIN), revents: 0), pollfd(fd: job.wake, events: Int16(POLLIN), revents: 0)]
        while true {
            var timeout: Int32 = -1
            if let deadline = decoder.deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                timeout = max(0, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000) + 1)
            }
            let ready = poll(&fds, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[1].revents != 0 { return }
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                let n = read(job.fd, &buffer, buffer.count)
                if n > 0 {
                    for event in decoder.decode(buffer[0..<n], now: .now) { job.onEvent(event) }
                } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                    for event in decoder.flush() { job.onEvent(event) }
                    return
                }
            }
            for event in decoder.tick(now: .now) { job.onEvent(event) }
        }
    }
}
