import FoundationEssentials
import LoowiSupport
import Glibc

/// The sound device: loowi's own PulseAudio stream (`PulseStream`, which PipeWire's Pulse
/// server also answers) when a server answers, else pcaudiolib (`PCAudioDevice`), which also
/// reaches ALSA. If neither opens, it says so once on stderr and then behaves as a silent
/// sink: a missing sound card must never stop loowi.
///
/// `LOOWI_AUDIO=pcaudiolib` skips the PulseAudio stream, to compare the two or to work
/// around a server the stream does not get on with.
public final class DeviceSink: AudioSink, @unchecked Sendable {
    private enum Output {
        case pulse(PulseStream)
        case pcaudio(PCAudioDevice)
        case none
    }

    // Set once in init and then used only from the mixer's output thread (and
    // `interruptWrite`, which the stream itself makes safe from any thread).
    private let output: Output
    public let failure: String?

    public init(applicationName: String = "loowi", description: String = "loowi speech", environment: [String: String] = ProcessEnvironment.current) {
        var reasons: [String] = []
        var output = Output.none
        if environment["LOOWI_AUDIO"] != "pcaudiolib" {
            switch PulseStream.open(applicationName: applicationName, description: description) {
            case .success(let stream): output = .pulse(stream)
            case .failure(let failure): reasons.append(failure.text)
            }
        }
        if case .none = output {
            switch PCAudioDevice.open(applicationName: applicationName, description: description) {
            case .success(let device): output = .pcaudio(device)
            case .failure(let failure): reasons.append(failure.text)
            }
        }
        self.output = output
        if case .none = output {
            let failure = reasons.joined(separator: "; ")
            self.failure = failure
            let line = Array("loowi: cannot open the sound device (\(failure)); carrying on without sound. Use --wav FILE to hear the output in a file.\n".utf8)
            _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        } else {
            failure = nil
        }
    }

    public var isAvailable: Bool {
        if case .none = output { return false }
        return true
    }

    public var isRealtime: Bool { isAvailable }

    /// Which library plays: "libpulse", "pcaudiolib", or nil with no device.
    public var library: String? {
        switch output {
        case .pulse: "libpulse"
        case .pcaudio: "pcaudiolib"
        case .none: nil
        }
    }

    /// The buffer the PulseAudio server granted our stream, in milliseconds (nil for pcaudiolib).
    public var serverBufferMilliseconds: Double? {
        guard case .pulse(let stream) = output else { return nil }
        return AudioFormat.milliseconds(frames: stream.grantedTargetFrames)
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) {
        switch output {
        case .pulse(let stream): stream.write(samples)
        case .pcaudio(let device): device.write(samples)
        case .none: break
        }
    }

    public func interruptWrite() {
        if case .pulse(let stream) = output { stream.interruptWrite() }
    }

    public func flush() {
        switch output {
        case .pulse(let stream): stream.flush()
        case .pcaudio(let device): device.flush()
        case .none: break
        }
    }

    public func drain() {
        switch output {
        case .pulse(let stream): stream.drain()
        case .pcaudio(let device): device.drain()
        case .none: break
        }
    }

    public func close() {
        switch output {
        case .pulse(let stream): stream.close()
        case .pcaudio(let device): device.close()
        case .none: break
        }
    }
}
