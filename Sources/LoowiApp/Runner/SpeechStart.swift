import AccessibleControls
import FoundationEssentials
import LoowiSupport
import SpeechAudio

/// Builds the speaking pipeline for a backend. speech-dispatcher that does not answer is said
/// once, in the interface language, and eSpeak NG speaks instead: loowi never stays silent
/// because another program is missing.
public enum SpeechStart {
    /// The connection to speech-dispatcher when `backend` asks for it and one answers; else nil
    /// and, when it was asked for, the sentence that says eSpeak NG is used instead.
    /// `socketPath` overrides SPEECHD_ADDRESS (tests).
    public static func dispatcher(
        for backend: SpeechBackend, language: Language, socketPath: String? = nil
    ) async -> (SpeechDispatcherConnection?, fallback: String?) {
        guard backend == .speechDispatcher else { return (nil, nil) }
        do {
            return (try await SpeechDispatcherConnection.open(socketPath: socketPath), nil)
        } catch {
            return (nil, fallbackSentence(in: language))
        }
    }

    public static func fallbackSentence(in language: Language) -> String {
        AppStrings(language)(.speechDispatcherFallback)
    }

    /// The pipeline for `backend`: the fallback sentence, if any, is printed on standard error
    /// (prefixed "loowi: ") and said first, as an important message, so the first key does not
    /// cut it off.
    public static func pipeline(
        backend: SpeechBackend, language: Language, sink: @autoclosure () throws -> AudioSink, settings: SpeechSettings, earcons: EarconLibrary,
        socketPath: String? = nil
    ) async throws -> SpeechPipeline {
        let (connection, fallback) = await dispatcher(for: backend, language: language, socketPath: socketPath)
        if connection == nil { try await SpeechEngine.shared.validate(settings) }
        let pipeline = try await SpeechPipeline(sink: try sink(), settings: settings, earcons: earcons, dispatcher: connection)
        if let fallback {
            StandardStreams.writeError("loowi: \(fallback)\n")
            pipeline.enqueue(fallback, priority: .important)
        }
        return pipeline
    }
}
