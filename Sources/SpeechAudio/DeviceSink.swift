internal import CPCAudio
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The sound device through pcaudiolib, which picks PulseAudio (and so PipeWire's Pulse
/// server) or ALSA. If no device can be opened, it says so once on stderr and then behaves
/// as a silent sink: a missing sound card must never stop loowi.
public final class DeviceSink: AudioSink, @unchecked Sendable {
    // `device` is set once in init and then used only from the mixer's output thread.
    private let device: OpaquePointer?
    private let pcaudio: UnsafePointer<CPCAudio_functions>?
    public let failure: String?

    public init(applicationName: String = "loowi", description: String = "loowi speech") {
        var failure: String?
        // ALSA prints its own diagnostics on stderr while pcaudiolib probes; loowi says once,
        // in plain words, what happened instead.
        let quiet = StandardErrorSilencer()
        let pcaudio = pcaudioLibrary.functions
        var device = pcaudio?.pointee.create_audio_device_object(nil, applicationName, description)
        if let pcaudio, let opened = device {
            let error = pcaudio.pointee.audio_object_open(opened, AUDIO_OBJECT_FORMAT_S16LE, UInt32(AudioFormat.sampleRate), UInt8(AudioFormat.channels))
            if error != 0 {
                failure = pcaudio.pointee.audio_object_strerror(opened, error).map { String(cString: $0) } ?? "error \(error)"
                pcaudio.pointee.audio_object_destroy(opened)
                device = nil
            }
        } else if pcaudio == nil {
            failure = "pcaudiolib could not be loaded: \(pcaudioLibrary.problem)"
        } else {
            failure = "no PulseAudio, PipeWire or ALSA device answered"
        }
        quiet.restore()
        self.device = device
        self.pcaudio = pcaudio
        self.failure = failure
        if let failure {
            let line = Array("loowi: cannot open the sound device (\(failure)); carrying on without sound. Use --wav FILE to hear the output in a file.\n".utf8)
            _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        }
    }

    public var isAvailable: Bool { device != nil }
    public var isRealtime: Bool { device != nil }

    public func write(_ samples: UnsafeBufferPointer<Int16>) {
        guard let device, let pcaudio, let base = samples.baseAddress else { return }
        _ = pcaudio.pointee.audio_object_write(device, base, samples.count * MemoryLayout<Int16>.size)
    }

    public func flush() {
        guard let device, let pcaudio else { return }
        _ = pcaudio.pointee.audio_object_flush(device)
    }

    public func drain() {
        guard let device, let pcaudio else { return }
        _ = pcaudio.pointee.audio_object_drain(device)
    }

    public func close() {
        guard let device, let pcaudio else { return }
        pcaudio.pointee.audio_object_close(device)
    }

    deinit {
        if let device, let pcaudio { pcaudio.pointee.audio_object_destroy(device) }
    }
}

/// pcaudiolib's functions, opened with the first device (see CPCAudio's shim.h); written once,
/// before anyone reads them, and never again.
private nonisolated(unsafe) let pcaudioLibrary: (functions: UnsafePointer<CPCAudio_functions>?, problem: String) = {
    if let table = CPCAudio_load() { return (table, "") }
    return (nil, String(cString: CPCAudio_load_error()))
}()

/// Points file descriptor 2 at /dev/null until `restore()`.
private struct StandardErrorSilencer {
    private let saved: Int32

    init() {
        saved = dup(STDERR_FILENO)
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 {
            dup2(null, STDERR_FILENO)
            Glibc.close(null)
        }
    }

    func restore() {
        guard saved >= 0 else { return }
        dup2(saved, STDERR_FILENO)
        Glibc.close(saved)
    }
}
