import Synchronization
import TextSafety

/// One utterance on its way to a mixer, with what decides whether it is still wanted.
final class SynthesisJob: Sendable {
    let text: SpeakableText
    let settings: SpeechSettings
    /// The language of this stretch when it is not the voice's own (a post in Spanish under an
    /// English voice): the engine reads it with a voice for that language when it has one.
    let language: String?
    let utterance: UInt64
    let priority: SpeechPriority
    let mixer: AudioMixer
    let generations: SpeechGenerations
    private let interruptGeneration: UInt64
    private let hushGeneration: UInt64

    init(
        text: SpeakableText, settings: SpeechSettings, language: String? = nil, utterance: UInt64, priority: SpeechPriority, mixer: AudioMixer, generations: SpeechGenerations) {
        self.text = text
        self.settings = settings
        self.language = language
        self.utterance = utterance
        self.priority = priority
        self.mixer = mixer
        self.generations = generations
        interruptGeneration = generations.interrupt.load(ordering: .acquiring)
        hushGeneration = generations.hush.load(ordering: .acquiring)
    }

    /// A hush cancels everything; an interrupt cancels all but important messages.
    var isCancelled: Bool {
        if generations.hush.load(ordering: .acquiring) != hushGeneration { return true }
        return priority != .important && generations.interrupt.load(ordering: .acquiring) != interruptGeneration
    }

    func deliver(_ samples: [Int16]) {
        mixer.appendSpeech(samples, utterance: utterance, interruptible: priority != .important) { !isCancelled }
    }
}

/// Counters bumped by interrupts and hushes; a job compares them with what they were when it
/// was made. Read from the synthesis thread, written from any.
final class SpeechGenerations: Sendable {
    let interrupt = Atomic<UInt64>(0)
    let hush = Atomic<UInt64>(0)
}
