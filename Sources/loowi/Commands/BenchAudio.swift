import FoundationEssentials
import LoowiSupport
import SpeechAudio

#if canImport(Glibc)
    import Glibc
#endif

/// Where `loowi bench` measures speech: a real PulseAudio null sink whenever it can have one,
/// so the times include the device path a user's speech takes (loowi's PulseAudio stream,
/// libpulse, the server), and silent, so a benchmark never plays out loud.
///
/// - A PulseAudio server already runs: a null sink is loaded on it for the run
///   (`pactl load-module`) and loowi's streams go there (`PULSE_SINK`); unloaded at the end.
/// - None runs but `pulseaudio` is installed: a private daemon with a null sink, in a
///   temporary runtime folder, as the tests start one; stopped at the end (and gone by itself
///   10 s after its last client if the benchmark is killed).
/// - Neither: a real-time capture sink in the process, and the report says so.
final class BenchAudio {
    /// What `audio_sink` reports: "pulseaudio" when measured at a PulseAudio null sink.
    let name: String
    let sink: AudioSink
    /// What `audio_library` reports: the library that wrote to the server, or "none".
    var library: String { (sink as? DeviceSink)?.library ?? "none" }
    private var cleanup: () -> Void

    private init(name: String, sink: AudioSink, cleanup: @escaping () -> Void) {
        self.name = name
        self.sink = sink
        self.cleanup = cleanup
    }

    static let sinkName = "loowi_bench"
    /// A null sink that rewinds stalls a new stream for up to its idle latency (2 s) once its
    /// buffer is full: every cold start took 1.5 s at it, with pcaudiolib as with loowi's own
    /// stream, which no sound card does. Without rewinds it plays at once.
    static let nullSinkRewinds = "norewinds=1"

    static func open() -> BenchAudio {
        if let module = loadNullSinkOnRunningServer() {
            setenv("PULSE_SINK", sinkName, 1)
            if let audio = device(name: "pulseaudio", cleanup: { _ = ChildProcess.run(["pactl", "unload-module", module]) }) {
                return audio
            }
            _ = ChildProcess.run(["pactl", "unload-module", module])
            unsetenv("PULSE_SINK")
        } else if let daemon = startPrivateDaemon() {
            setenv("PULSE_SINK", sinkName, 1)
            if let audio = device(name: "pulseaudio", cleanup: daemon.stop) { return audio }
            daemon.stop()
            unsetenv("PULSE_SINK")
        }
        return BenchAudio(name: "capture (no PulseAudio to measure at)", sink: CaptureSink(realtime: true, keepSamples: false), cleanup: {})
    }

    /// Unloads the null sink or stops the private daemon. Idempotent.
    func close() {
        cleanup()
        cleanup = {}
    }

    private static func device(name: String, cleanup: @escaping () -> Void) -> BenchAudio? {
        let sink = DeviceSink(applicationName: "loowi bench", description: "loowi benchmark")
        guard sink.isAvailable else { return nil }
        return BenchAudio(name: name, sink: sink, cleanup: cleanup)
    }

    /// The module's index when a running server took a null sink; nil when none answers.
    private static func loadNullSinkOnRunningServer() -> String? {
        guard let info = ChildProcess.run(["pactl", "info"]), info.code == 0 else { return nil }
        guard let loaded = [[nullSinkRewinds], []].lazy.compactMap({
            ChildProcess.run(["pactl", "load-module", "module-null-sink", "sink_name=\(sinkName)"] + $0)
        }).first(where: { $0.code == 0 })
        else { return nil }
        let module = loaded.output.trimmed()
        return module.isEmpty ? nil : module
    }

    private struct Daemon {
        let process: ChildProcess
        let folder: String
        func stop() {
            kill(process.pid, SIGTERM)
            process.wait()
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    private static func startPrivateDaemon() -> Daemon? {
        var template = Array((FileManager.default.temporaryDirectory.path.appendingPathComponent("loowi-bench-pulse-XXXXXX")).utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        let folder = String(cString: made)
        let socket = folder.appendingPathComponent("native")
        setenv("PULSE_RUNTIME_PATH", folder, 1)
        setenv("PULSE_STATE_PATH", folder, 1)
        unsetenv("PULSE_COOKIE")
        let arguments = [
            "pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=10",
            "-L", "module-null-sink sink_name=\(sinkName) \(nullSinkRewinds)",
            "-L", "module-native-protocol-unix auth-anonymous=1 socket=\(socket)",
        ]
        guard let process = try? ChildProcess.spawn(arguments, output: .null, error: .null) else {
            try? FileManager.default.removeItem(atPath: folder)
            return nil
        }
        setenv("PULSE_SERVER", "unix:\(socket)", 1)
        let daemon = Daemon(process: process, folder: folder)
        for _ in 0..<100 {
            if let info = ChildProcess.run(["pactl", "info"]), info.code == 0 { return daemon }
            usleep(50_000)
        }
        daemon.stop()
        unsetenv("PULSE_SERVER")
        return nil
    }
}
