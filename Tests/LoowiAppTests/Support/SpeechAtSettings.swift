import AccessibleControls
import SpeechAudio
import Synchronization

/// A speech double that, like the pipeline, keeps the settings it was last told and writes
/// each utterance with the rate it would be spoken at: "at 200: Rate 200 words a minute."
final class SpeechAtSettings: SpeechOutput {
    private let state: Mutex<(settings: OutputSettings, lines: [String], told: Int)>

    init(_ settings: OutputSettings) { state = Mutex((settings, [], 0)) }

    var lines: [String] { state.withLock { $0.lines } }
    /// How many times it was told of new settings.
    var told: Int { state.withLock { $0.told } }
    var settings: OutputSettings { state.withLock { $0.settings } }

    func speak(_ text: String, priority: SpeechPriority) async {
        state.withLock { $0.lines.append("at \($0.settings.speech.rate): \(text)") }
    }

    func play(_ earcon: Earcon) async {}
    func play(_ glance: PostGlance) async {}
    func stop() async {}

    func configure(_ settings: OutputSettings) async -> [String] {
        state.withLock {
            $0.settings = settings
            $0.told += 1
        }
        return []
    }
}

extension AppHarness {
    /// Sends every batch since `from` through a real feedback pump to `speech`, as the screen
    /// loop does, and waits until all of it is out.
    func play(batchesFrom from: Int, to speech: SpeechAtSettings) async {
        let pump = FeedbackPump(speech: speech, screen: NoScreen())
        for batch in batches[from...] { pump.send(batch) }
        await pump.finish()
    }
}
