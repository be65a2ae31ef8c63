import FoundationEssentials
import TextSafety

/// Speech through the user's speech-dispatcher, earcons through loowi's own mixer.
///
/// `speak` returns at once: requests reach the connection through one ordered stream, so an
/// interrupting utterance's CANCEL always comes before its text, and a key never waits on
/// the socket.
public final class SpeechDispatcherOutput: SpeechOutput {
    private let connection: SpeechDispatcherConnection
    private let mixer: AudioMixer
    private let earcons: EarconLibrary
    private let requests: AsyncStream<SpeechDispatcherConnection.Request>.Continuation
    private let consumer: Task<Void, Never>

    public init(connection: SpeechDispatcherConnection, settings: SpeechSettings, mixer: AudioMixer, earcons: EarconLibrary) {
        self.connection = connection
        self.mixer = mixer
        self.earcons = earcons
        let (stream, continuation) = AsyncStream.makeStream(of: SpeechDispatcherConnection.Request.self)
        self.requests = continuation
        continuation.yield(.settings(settings))
        self.consumer = Task { await connection.run(stream) }
    }

    public func speak(_ text: String, priority: SpeechPriority) async {
        send(SpeakableText(text), priority: priority)
    }

    func send(_ text: SpeakableText, priority: SpeechPriority) {
        if priority == .interrupt { mixer.dropSpeech(all: false) }
        guard !text.isBlank else {
            // Nothing to say, but a key still silences what came before.
            if priority == .interrupt { requests.yield(.say("", .interrupt)) }
            return
        }
        requests.yield(.say(text.text, priority))
    }

    public func play(_ earcon: Earcon) async {
        mixer.play(earcons.samples(for: earcon))
    }

    public func play(_ glance: PostGlance) async {
        mixer.play(glance.samples())
    }

    public func stop() async {
        requests.yield(.hush)
    }

    /// Later utterances use these settings.
    public func update(_ settings: SpeechSettings) {
        requests.yield(.settings(settings))
    }

    /// Waits until everything asked for so far has been handed to speech-dispatcher.
    public func waitUntilSent() async {
        await withCheckedContinuation { continuation in requests.yield(.barrier(continuation)) }
    }

    /// Sends what is queued, then closes the connection; speech-dispatcher still says it.
    public func finish() async {
        await waitUntilSent()
        requests.finish()
        await consumer.value
        await connection.close()
    }
}
