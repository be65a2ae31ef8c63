import Testing

@testable import SpeechAudio

/// `loowi doctor` names a null sink as such: nothing played there is heard, though PulseAudio
/// opens it as readily as a speaker.
@Suite struct SoundDeviceProbeTests {
    @Test(arguments: [
        (PulseSink(name: "auto_null", description: "Dummy Output", driver: "module-null-sink.c", factory: ""), true),
        (PulseSink(name: "loowi_test", description: "Null Output", driver: "module-null-sink.c", factory: ""), true),
        // PipeWire's Pulse server: the driver is PipeWire's, the factory says what the sink is.
        (PulseSink(name: "my_null", description: "Null", driver: "PipeWire", factory: "support.null-audio-sink"), true),
        (
            PulseSink(name: "alsa_output.pci-0000_00_1f.3.analog-stereo", description: "Built-in Audio", driver: "module-alsa-card.c", factory: ""),
            false
        ),
        (PulseSink(name: "loowi_pipe", description: "Unix FIFO sink", driver: "module-pipe-sink.c", factory: ""), false),
        (PulseSink(name: "alsa_output.usb", description: "USB Audio", driver: "PipeWire", factory: "api.alsa.pcm.sink"), false),
    ])
    func aNullSinkIsToldFromARealOne(sink: PulseSink, isNull: Bool) {
        #expect(sink.isNull == isNull)
    }

    /// `LOOWI_AUDIO=pcaudiolib` skips PulseAudio as `DeviceSink` does: the doctor reports what
    /// the app would open.
    @Test func theChosenLibraryIsTheOneProbed() {
        let state = SoundDeviceProbe.probe(environment: ["LOOWI_AUDIO": "pcaudiolib"])
        switch state {
        case .pcaudio(let pulseFailure): #expect(pulseFailure == nil)
        case .unavailable(let reason): #expect(!reason.contains("PulseAudio:"))
        default: Issue.record("PulseAudio was opened: \(state)")
        }
    }
}
