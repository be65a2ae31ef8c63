internal import CPulse

/// loowi's own PulseAudio playback stream (also PipeWire's Pulse server), through libpulse's
/// threaded main loop.
///
/// It exists because pcaudiolib's `pa_simple` stream has the server's default buffer (about
/// 45 ms here), less than the mixer's lead plus a block, so two writes in three blocked for
/// about 15 ms, and a key that interrupted speech waited behind them. This stream asks for a
/// buffer with room for the mixer's whole lead, starts playing from the first frame, writes
/// only what the server has room for, can be told to give up a write from another thread,
/// and flushes without waiting for the server's answer.
final class PulseStream: @unchecked Sendable {
    // Everything below is used under the main loop's lock (`locked`), which libpulse also
    // holds while it runs its callbacks.
    private let pulse: UnsafePointer<CPulse_functions>
    private let mainloop: OpaquePointer
    private let context: OpaquePointer
    private let stream: OpaquePointer
    /// Set by `interruptWrite` and cleared by `flush`: a write in progress gives up.
    private var writeInterrupted = false
    private var closed = false

    /// The buffer asked of the server: the mixer keeps at most about 50 ms ahead of its clock,
    /// so 100 ms leaves room for the server's own start-up delay without a write waiting.
    static let targetMilliseconds = 100.0

    private init(pulse: UnsafePointer<CPulse_functions>, mainloop: OpaquePointer, context: OpaquePointer, stream: OpaquePointer) {
        self.pulse = pulse
        self.mainloop = mainloop
        self.context = context
        self.stream = stream
    }

    /// Connects to the default server and opens a mono 16-bit stream on its default sink (or
    /// `PULSE_SINK`); the reason in plain words when it cannot.
    static func open(applicationName: String, description: String) -> Result<PulseStream, PulseFailure> {
        guard let pulse = pulseLibrary.functions else { return .failure(.library(pulseLibrary.problem)) }
        let f = pulse.pointee
        guard let mainloop = f.pa_threaded_mainloop_new() else { return .failure(.server("no main loop")) }
        guard let context = f.pa_context_new(f.pa_threaded_mainloop_get_api(mainloop), applicationName) else {
            f.pa_threaded_mainloop_free(mainloop)
            return .failure(.server("no context"))
        }
        let loopPointer = UnsafeMutableRawPointer(mainloop)
        f.pa_context_set_state_callback(context, { _, loop in signalMainloop(loop) }, loopPointer)
        guard f.pa_threaded_mainloop_start(mainloop) >= 0 else {
            f.pa_context_unref(context)
            f.pa_threaded_mainloop_free(mainloop)
            return .failure(.server("the main loop did not start"))
        }
        f.pa_threaded_mainloop_lock(mainloop)
        var failure: PulseFailure?
        var stream: OpaquePointer?
        if f.pa_context_connect(context, nil, 0, nil) < 0 {
            failure = .server(errorText(f, f.pa_context_errno(context)))
        } else {
            failure = waitForContext(f, context: context, mainloop: mainloop)
        }
        if failure == nil {
            var spec = CPulse_sample_spec(format: Int32(CPULSE_SAMPLE_S16LE), rate: UInt32(AudioFormat.sampleRate), channels: UInt8(AudioFormat.channels))
            stream = f.pa_stream_new(context, description, &spec, nil)
            if let stream {
                failure = connect(f, stream: stream, mainloop: mainloop, context: context)
            } else {
                failure = .server(errorText(f, f.pa_context_errno(context)))
            }
        }
        f.pa_threaded_mainloop_unlock(mainloop)
        guard let stream, failure == nil else {
            f.pa_threaded_mainloop_stop(mainloop)
            if let stream { f.pa_stream_unref(stream) }
            f.pa_context_disconnect(context)
            f.pa_context_unref(context)
            f.pa_threaded_mainloop_free(mainloop)
            return .failure(failure ?? .server("unknown error"))
        }
        return .success(PulseStream(pulse: pulse, mainloop: mainloop, context: context, stream: stream))
    }

    private static func waitForContext(_ f: CPulse_functions, context: OpaquePointer, mainloop: OpaquePointer) -> PulseFailure? {
        while true {
            let state = f.pa_context_get_state(context)
            if state == Int32(CPULSE_CONTEXT_READY) { return nil }
            if state == Int32(CPULSE_CONTEXT_FAILED) || state == Int32(CPULSE_CONTEXT_TERMINATED) {
                return .server(errorText(f, f.pa_context_errno(context)))
            }
            f.pa_threaded_mainloop_wait(mainloop)
        }
    }

    private static func connect(_ f: CPulse_functions, stream: OpaquePointer, mainloop: OpaquePointer, context: OpaquePointer) -> PulseFailure? {
        let loopPointer = UnsafeMutableRawPointer(mainloop)
        f.pa_stream_set_state_callback(stream, { _, loop in signalMainloop(loop) }, loopPointer)
        f.pa_stream_set_write_callback(stream, { _, _, loop in signalMainloop(loop) }, loopPointer)
        let frameBytes = UInt32(MemoryLayout<Int16>.size * AudioFormat.channels)
        let target = UInt32(AudioFormat.frames(milliseconds: targetMilliseconds)) * frameBytes
        var attributes = CPulse_buffer_attr(
            maxlength: UInt32.max,  // the server's maximum
            tlength: target,
            // Play from the first frame: a short earcon must not wait for more data, and after
            // an underrun playback stops (rather than running on and skipping what comes next).
            prebuf: frameBytes,
            // The server asks the sink for tlength - 2 x minreq ahead: 20 ms, less than the
            // mixer's 40 ms lead, so the sink never takes more than is there. With 90 ms (a 5 ms
            // minreq) the sink ran dry and put gaps in speech (0.09 s in one sentence, heard
            // at a pipe sink).
            minreq: UInt32(AudioFormat.frames(milliseconds: 40)) * frameBytes,
            fragsize: UInt32.max)
        // No PA_STREAM_ADJUST_LATENCY: with it the server keeps only about half the target in
        // our buffer (55 ms granted of 100), less than the mixer's lead and the sink's chunks,
        // and writes waited again (one short sentence at a null sink: 29 waits of up to 45 ms
        // with it, none without).
        guard f.pa_stream_connect_playback(stream, nil, &attributes, 0, nil, nil) >= 0 else {
            return .server(errorText(f, f.pa_context_errno(context)))
        }
        while true {
            let state = f.pa_stream_get_state(stream)
            if state == Int32(CPULSE_STREAM_READY) { return nil }
            if state == Int32(CPULSE_STREAM_FAILED) || state == Int32(CPULSE_STREAM_TERMINATED) {
                return .server(errorText(f, f.pa_context_errno(context)))
            }
            f.pa_threaded_mainloop_wait(mainloop)
        }
    }

    private static func errorText(_ f: CPulse_functions, _ code: Int32) -> String {
        f.pa_strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

    /// Writes as much as the server has room for, waiting for room only when there is none,
    /// until everything is written, the stream fails, or `interruptWrite` is called.
    func write(_ samples: UnsafeBufferPointer<Int16>) {
        guard let base = samples.baseAddress else { return }
        let f = pulse.pointee
        var next = UnsafeRawPointer(base)
        var left = samples.count * MemoryLayout<Int16>.size
        locked {
            while left > 0, !writeInterrupted, !closed {
                guard f.pa_stream_get_state(stream) == Int32(CPULSE_STREAM_READY) else { return }
                let room = f.pa_stream_writable_size(stream)
                guard room >= 0 else { return }  // (size_t) -1: the stream failed
                if room == 0 {
                    f.pa_threaded_mainloop_wait(mainloop)  // woken by the write callback or an interrupt
                    continue
                }
                let bytes = min(room, left) & ~1
                guard bytes > 0 else { return }
                // No free callback: libpulse copies the data before it returns.
                guard f.pa_stream_write(stream, next, bytes, nil, 0, Int32(CPULSE_SEEK_RELATIVE)) >= 0 else { return }
                next += bytes
                left -= bytes
            }
        }
    }

    /// Makes a write in progress (or the next one, until `flush`) give up at once. Any thread.
    func interruptWrite() {
        locked {
            writeInterrupted = true
            pulse.pointee.pa_threaded_mainloop_signal(mainloop, 0)
        }
    }

    /// Drops what the server holds and has not played. The server's answer is not waited for:
    /// the stream's next write already follows the flush on the same connection.
    func flush() {
        let f = pulse.pointee
        locked {
            writeInterrupted = false
            guard !closed, let operation = f.pa_stream_flush(stream, nil, nil) else { return }
            f.pa_operation_unref(operation)
        }
    }

    /// Blocks until everything written has been played.
    func drain() {
        let f = pulse.pointee
        locked {
            guard !closed, let operation = f.pa_stream_drain(stream, { _, _, loop in signalMainloop(loop) }, UnsafeMutableRawPointer(mainloop)) else { return }
            while f.pa_operation_get_state(operation) == Int32(CPULSE_OPERATION_RUNNING),
                f.pa_stream_get_state(stream) == Int32(CPULSE_STREAM_READY)
            {
                f.pa_threaded_mainloop_wait(mainloop)
            }
            f.pa_operation_unref(operation)
        }
    }

    /// The buffer the server granted, in frames (for the benchmark and tests).
    var grantedTargetFrames: Int {
        locked {
            guard let attributes = pulse.pointee.pa_stream_get_buffer_attr(stream) else { return 0 }
            return Int(attributes.pointee.tlength) / (MemoryLayout<Int16>.size * AudioFormat.channels)
        }
    }

    /// The sink the stream plays to, as the server describes it; nil when it does not say.
    func sink() -> PulseSink? {
        let f = pulse.pointee
        let box = SinkAnswer(mainloop: mainloop)
        return locked {
            guard !closed, let name = f.pa_stream_get_device_name(stream) else { return nil }
            let callback: CPulse_sink_info_callback = { _, info, _, userdata in
                guard let userdata else { return }
                let box = Unmanaged<SinkAnswer>.fromOpaque(userdata).takeUnretainedValue()
                if let info = info?.pointee, box.sink == nil {
                    func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
                    let factory = info.proplist.flatMap { pulseLibrary.functions?.pointee.pa_proplist_gets($0, "factory.name") }
                    box.sink = PulseSink(name: text(info.name), description: text(info.description), driver: text(info.driver), factory: text(factory))
                }
                signalMainloop(UnsafeMutableRawPointer(box.mainloop))
            }
            guard let operation = f.pa_context_get_sink_info_by_name(context, name, callback, Unmanaged.passUnretained(box).toOpaque()) else {
                return nil
            }
            // The callback runs once with the sink and once more at the end of the list.
            while f.pa_operation_get_state(operation) == Int32(CPULSE_OPERATION_RUNNING),
                f.pa_context_get_state(context) == Int32(CPULSE_CONTEXT_READY)
            {
                f.pa_threaded_mainloop_wait(mainloop)
            }
            f.pa_operation_unref(operation)
            return withExtendedLifetime(box) { box.sink ?? PulseSink(name: String(cString: name), description: "", driver: "", factory: "") }
        }
    }

    func close() {
        let f = pulse.pointee
        let wasOpen: Bool = locked {
            guard !closed else { return false }
            closed = true
            _ = f.pa_stream_disconnect(stream)
            f.pa_context_disconnect(context)
            return true
        }
        if wasOpen { f.pa_threaded_mainloop_stop(mainloop) }
    }

    deinit {
        close()
        let f = pulse.pointee
        f.pa_stream_unref(stream)
        f.pa_context_unref(context)
        f.pa_threaded_mainloop_free(mainloop)
    }

    private func locked<T>(_ body: () -> T) -> T {
        pulse.pointee.pa_threaded_mainloop_lock(mainloop)
        defer { pulse.pointee.pa_threaded_mainloop_unlock(mainloop) }
        return body()
    }
}

/// A sink of the server: what it is called, and what makes it (a null sink's driver is
/// module-null-sink.c; PipeWire names its factory support.null-audio-sink).
struct PulseSink: Sendable, Equatable {
    var name: String
    var description: String
    var driver: String
    var factory: String

    /// Nothing played to it is heard: PulseAudio's null sink (auto_null when it found no card),
    /// or PipeWire's.
    var isNull: Bool {
        name == "auto_null" || driver.contains("null-sink") || factory.contains("null-audio-sink")
    }
}

/// Where the sink-info callback leaves its answer (it is handed this as a raw pointer).
private final class SinkAnswer: @unchecked Sendable {
    let mainloop: OpaquePointer
    var sink: PulseSink?
    init(mainloop: OpaquePointer) { self.mainloop = mainloop }
}

/// Why the stream could not be opened.
enum PulseFailure: Error, Equatable {
    /// libpulse itself could not be loaded.
    case library(String)
    /// No server answered, or it refused the stream.
    case server(String)

    var text: String {
        switch self {
        case .library(let problem): "libpulse could not be loaded: \(problem)"
        case .server(let problem): "PulseAudio: \(problem)"
        }
    }
}

/// libpulse's functions, opened with the first stream (see CPulse's shim.h); written once,
/// before anyone reads them, and never again.
private nonisolated(unsafe) let pulseLibrary: (functions: UnsafePointer<CPulse_functions>?, problem: String) = {
    if let table = CPulse_load() { return (table, "") }
    return (nil, String(cString: CPulse_load_error()))
}()

/// Every callback only wakes whoever waits on the main loop; the waiter looks at the state.
private func signalMainloop(_ loop: UnsafeMutableRawPointer?) {
    guard let loop, let pulse = pulseLibrary.functions else { return }
    pulse.pointee.pa_threaded_mainloop_signal(OpaquePointer(loop), 0)
}
