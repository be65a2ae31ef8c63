/// The speech seam: everything the program says or plays goes through one of these.
/// The real one is `SpeechPipeline` (eSpeak NG, earcons and one mixer); tests use
/// `RecordingSpeech`.
public protocol SpeechOutput: Sendable {
    /// Says `text`, which is plain text: it is never interpreted as SSML or markup.
    func speak(_ text: String, priority: SpeechPriority) async
    /// Says `text` with `earcons` starting at its first sample (a boundary sound before the
    /// item): they are heard with the words, which do not wait behind them.
    func speak(_ text: String, priority: SpeechPriority, under earcons: [Earcon]) async
    /// Plays an earcon. Earcons mix over speech; they never cut it off.
    func play(_ earcon: Earcon) async
    /// Plays a post's glance under the first syllables of what was last said (its words).
    func play(_ glance: PostGlance) async
    /// Hush: stops all speech at once, queued and important messages included.
    func stop() async
    /// Sounds as `settings` say from the next utterance and earcon on; returns what could not
    /// be used, in words for the user (a sound pack's unreadable files).
    func configure(_ settings: OutputSettings) async -> [String]
}

extension SpeechOutput {
    /// Outputs that make no sound of their own have nothing to change.
    public func configure(_ settings: OutputSettings) async -> [String] { [] }

    /// The earcons, then the words: for outputs that do not time the words themselves.
    public func speak(_ text: String, priority: SpeechPriority, under earcons: [Earcon]) async {
        for earcon in earcons { await play(earcon) }
        await speak(text, priority: priority)
    }
}
