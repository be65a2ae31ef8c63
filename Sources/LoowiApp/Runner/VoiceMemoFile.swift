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
        await keepChoices(of: engine, unlessSameAs: remembered)
    }

    /// Writes what `engine` remembers now when it differs from what the file holds: the
    /// voices a session chose (a post's language) are loaded by file at the next start too.
    public func keepChoices(of engine: SpeechEngine) async {
        await keepChoices(of: engine, unlessSameAs: load())
    }

    func load() -> RememberedVoices? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return RememberedVoices(text: String(decoding: data, as: UTF8.self))
    }

    private func keepChoices(of engine: SpeechEngine, unlessSameAs earlier: RememberedVoices?) async {
        let now = await engine.rememberedVoices()
        guard now != earlier, !now.installed.isEmpty else { return }
        // Not synced: it is on the way to a start's first words, and is only a cache.
        try? AtomicFile.write(Array(now.text.utf8), to: file.path, permissions: .ownerOnly, durable: false)
    }
}
