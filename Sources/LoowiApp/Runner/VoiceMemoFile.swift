import FoundationEssentials
import SpeechAudio
import TweetEngine

/// Where the voices eSpeak NG chose at earlier starts are kept between starts
/// (`$XDG_CACHE_HOME/loowi/voices`): a start whose voice is in it loads that voice by its file,
/// without eSpeak NG's list of 131 voice files (see `RememberedVoices`). A cache: a file
/// missing, unreadable or not written only costs the list again.
public struct VoiceMemoFile: Sendable {
    let file: URL

    public init(folder: URL) {
        file = folder.appendingPathComponent("voices")
    }

    /// `SpeechEngine.validate` with what earlier starts remembered; what this one chose is
    /// kept for the next.
    public func validate(_ settings: SpeechSettings, on engine: SpeechEngine) async throws(SpeechError) {
        let remembered = load()
        try await engine.validate(settings, remembered: remembered)
        save(await engine.rememberedVoices(), unlessSameAs: remembered)
    }

    func load() -> RememberedVoices? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return RememberedVoices(text: String(decoding: data, as: UTF8.self))
    }

    /// Writes what the engine remembers now when it differs from `earlier`.
    func save(_ voices: RememberedVoices, unlessSameAs earlier: RememberedVoices?) {
        guard voices != earlier, !voices.installed.isEmpty else { return }
        try? AtomicFile.write(Array(voices.text.utf8), to: file.path, permissions: .ownerOnly)
    }
}
