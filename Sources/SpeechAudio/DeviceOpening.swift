import LoowiSupport

/// The sound device opened on a thread of its own (`BlockingThread`), taken with a deadline.
/// Connecting to the sound server blocks (libpulse waits for the server's answers), so it
/// must not hold a thread of the cooperative pool; it overlaps whatever the caller does next
/// (loading eSpeak NG); and a server that accepts the connection and then never answers
/// would otherwise hold the start for ever. After the deadline the caller carries on
/// without the device; a device that answers later is closed.
public final class DeviceOpening: @unchecked Sendable {
    /// How long a start waits for the sound device.
    public static let deadline: Duration = .seconds(2)

    public enum Outcome: Sendable {
        case opened(AudioSink)
        /// Nothing answered within the deadline (or no thread could be started to ask).
        case noAnswer
    }

    private enum Phase {
        case opening
        case opened(AudioSink)
        /// The caller stopped waiting: a device opened now is closed.
        case abandoned
    }

    private let condition = Condition()
    // Guarded by `condition`.
    private var phase = Phase.opening
    private var waiter: CheckedContinuation<Outcome, Never>?
    private let until: ContinuousClock.Instant

    /// Starts `open` on a thread of its own; the deadline counts from now.
    public init(deadline: Duration = DeviceOpening.deadline, open: @escaping @Sendable () -> AudioSink) {
        until = .now + deadline
        do {
            try BlockingThread.start { [self] in arrived(open()) }
        } catch {
            // No thread to open it on: no device, as when none answers.
            condition.lock()
            phase = .abandoned
            condition.unlock()
        }
    }

    /// The sound device (`DeviceSink`), opened in the background.
    public static func device(applicationName: String = "loowi", description: String = "loowi speech") -> DeviceOpening {
        DeviceOpening { DeviceSink(applicationName: applicationName, description: description) }
    }

    /// The device once it has opened, or `.noAnswer` at the deadline. Called once.
    public func sink() async -> Outcome {
        let timer = Task { [self, until] in
            try? await Task.sleep(until: until, clock: .continuous)
            if !Task.isCancelled { giveUp() }
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            condition.lock()
            switch phase {
            case .opened(let sink):
                condition.unlock()
                continuation.resume(returning: .opened(sink))
            case .abandoned:
                condition.unlock()
                continuation.resume(returning: .noAnswer)
            case .opening:
                waiter = continuation
                condition.unlock()
            }
        }
    }

    private func arrived(_ sink: AudioSink) {
        condition.lock()
        if case .abandoned = phase {
            condition.unlock()
            sink.close()
            return
        }
        phase = .opened(sink)
        let waiting = waiter
        waiter = nil
        condition.unlock()
        waiting?.resume(returning: .opened(sink))
    }

    private func giveUp() {
        condition.lock()
        guard case .opening = phase else {
            condition.unlock()
            return
        }
        phase = .abandoned
        let waiting = waiter
        waiter = nil
        condition.unlock()
        waiting?.resume(returning: .noAnswer)
    }
}
