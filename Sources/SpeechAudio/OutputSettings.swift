import Localization
/// How the output sounds: the voice and how it speaks, and the earcons' loudness and pack.
/// Whoever owns the settings sends a new one once, when one of them changes, in order with
/// the words (`Feedback.configure` in the controls): the next utterance is the first to use it.
public struct OutputSettings: Sendable, Hashable {
    public var speech: SpeechSettings
    /// 0 (sounds off) to 1.
    public var earconGain: Float
    /// A sound pack's name; nil for the built-in sounds.
    public var soundPack: String?
    /// The interface language, in which what a sound pack gets wrong is said.
    public var language: Language

    public init(speech: SpeechSettings, earconGain: Float = 1, soundPack: String? = nil, language: Language = .britishEnglish) {
        self.speech = speech
        self.earconGain = earconGain
        self.soundPack = soundPack
        self.language = language
    }
}
