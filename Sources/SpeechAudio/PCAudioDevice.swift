internal import CPCAudio

#if canImport(Glibc)
    import Glibc
#endif

/// The sound device through pcaudiolib, which picks PulseAudio or ALSA: what `DeviceSink`
/// uses when loowi's own PulseAudio stream cannot be opened (no Pulse server, only ALSA).
final class PCAudioDevice: @unchecked Sendable {
    // Used only from the mixer's output thread.
    private let device: OpaquePointer
    private let pcaudio: UnsafePointer<CPCAudio_functions>

    private init(device: OpaquePointer, pcaudio: UnsafePointer<CPCAudio_functions>) {
        self.device = device
        self.pcaudio = pcaudio
    }

    /// The opened device, or why none opened in plain words.
    static func open(applicationName: String, description: String) -> Result<PCAudioDevice, PCAudioFailure> {
        guard let pcaudio = pcaudioLibrary.functions else {
            return .failure(PCAudioFailure(text: "pcaudiolib could not be loaded: \(pcaudioLibrary.problem)"))
        }
        // ALSA prints its own diagnostics on stderr while pcaudiolib probes; loowi says once,
        // in plain words, what happened instead.
        let quiet = StandardErrorSilencer()
        defer { quiet.restore() }
        guard let device = pcaudio.pointee.create_audio_device_object(nil, applicationName, description) else {
            return .failure(PCAudioFailure(text: "no PulseAudio, PipeWire or ALSA device answered"))
        }
        let error = pcaudio.pointee.audio_object_open(device, AUDIO_OBJECT_FORMAT_S16LE, UInt32(AudioFormat.sampleRate), UInt8(AudioFormat.channels))
        guard error == 0 else {
            let text = pcaudio.pointee.audio_object_strerror(device, error).map { String(cString: $0) } ?? "error \(error)"
            pcaudio.pointee.audio_object_destroy(device)
            return .failure(PCAudioFailure(text: text))
        }
        return .success(PCAudioDevice(device: device, pcaudio: pcaudio))
    }

    func write(_ samples: UnsafeBufferPointer<Int16>) {
        guard let base = samples.baseAddress else { return }
        _ = pcaudio.pointee.audio_object_write(device, base, samples.count * MemoryLayout<Int16>.size)
    }

    func flush() { _ = pcaudio.pointee.audio_object_flush(device) }

    func drain() { _ = pcaudio.pointee.audio_object_drain(device) }

    func close() { pcaudio.pointee.audio_object_close(device) }

    deinit { pcaudio.pointee.audio_object_destroy(device) }
}

struct PCAudioFailure: Error {
    let text: String
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
        let null = Glibc.open("/dev/null", O_WRONLY)
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
