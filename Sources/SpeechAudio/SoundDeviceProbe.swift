import LoowiSupport

/// What `loowi doctor` finds of the sound device: the same order `DeviceSink` opens it in
/// (loowi's PulseAudio stream, else pcaudiolib, which also reaches ALSA), opened on purpose and
/// closed at once, with nothing played and nothing written to standard error.
public enum SoundDeviceState: Sendable, Equatable {
    /// PulseAudio (or PipeWire's Pulse server) plays to this sink.
    case pulseAudio(sink: String, description: String)
    /// The sink PulseAudio plays to is a null sink: nothing played is heard.
    case nullSink(sink: String)
    /// pcaudiolib opened the device; `pulseFailure` is why PulseAudio did not (nil when
    /// `LOOWI_AUDIO=pcaudiolib` chose it).
    case pcaudio(pulseFailure: String?)
    /// Nothing opened; why, in the libraries' words.
    case unavailable(String)
}

public enum SoundDeviceProbe {
    public static func probe(environment: [String: String] = ProcessEnvironment.current) -> SoundDeviceState {
        var pulseFailure: String?
        if environment["LOOWI_AUDIO"] != "pcaudiolib" {
            switch PulseStream.open(applicationName: "loowi", description: "loowi doctor") {
            case .success(let stream):
                let sink = stream.sink()
                stream.close()
                guard let sink else { return .pulseAudio(sink: "", description: "") }
                return sink.isNull ? .nullSink(sink: sink.name) : .pulseAudio(sink: sink.name, description: sink.description)
            case .failure(let failure):
                pulseFailure = failure.text
            }
        }
        switch PCAudioDevice.open(applicationName: "loowi", description: "loowi doctor") {
        case .success(let device):
            device.close()
            return .pcaudio(pulseFailure: pulseFailure)
        case .failure(let failure):
            return .unavailable([pulseFailure, failure.text].compactMap { $0 }.joined(separator: "; "))
        }
    }
}
