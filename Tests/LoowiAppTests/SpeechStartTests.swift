import Foundation
import Localization
import SpeechAudio
import Testing

@testable import LoowiApp

/// speech-dispatcher that does not answer: said once, in the interface language, and eSpeak
/// NG speaks instead.
@Suite(.timeLimit(.minutes(5))) struct SpeechStartTests {
    @Test func theFallbackSentenceInEveryLanguage() {
        #expect(SpeechStart.fallbackSentence(in: .britishEnglish) == "Speech-dispatcher did not answer; using eSpeak NG.")
        #expect(SpeechStart.fallbackSentence(in: .americanEnglish) == "Speech-dispatcher did not answer; using eSpeak NG.")
        #expect(SpeechStart.fallbackSentence(in: .spanish) == "Speech-dispatcher no ha respondido; se usa eSpeak NG.")
        #expect(SpeechStart.fallbackSentence(in: .catalan) == "Speech-dispatcher no ha respost; es fa servir eSpeak NG.")
    }

    @Test func eSpeakIsAskedForNothing() async {
        let (connection, fallback) = await SpeechStart.dispatcher(for: .espeak, language: .spanish)
        #expect(connection == nil)
        #expect(fallback == nil)
    }

    /// A socket that cannot exist (its folder does not): no speech-dispatcher answers.
    @Test(arguments: [(Language.britishEnglish, "Speech-dispatcher did not answer; using eSpeak NG."), (.spanish, "Speech-dispatcher no ha respondido; se usa eSpeak NG.")])
    func noAnswerFallsBackToESpeakAndSaysSo(_ example: (language: Language, sentence: String)) async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-no-such-dir-\(UUID().uuidString)/speechd.sock").path
        let (connection, fallback) = await SpeechStart.dispatcher(for: .speechDispatcher, language: example.language, socketPath: missing)
        #expect(connection == nil)
        #expect(fallback == example.sentence)
        let sink = CaptureSink()
        let pipeline = try await SpeechStart.pipeline(
            backend: .speechDispatcher, language: example.language, sink: sink, settings: SpeechSettings(voice: "en-gb"), earcons: EarconLibrary(),
            socketPath: missing)
        #expect(pipeline.backend == .espeak)
        await pipeline.finish()
        // The sentence was said by eSpeak NG: sound reached the sink.
        #expect(sink.samples.count > 8000)
    }
}
