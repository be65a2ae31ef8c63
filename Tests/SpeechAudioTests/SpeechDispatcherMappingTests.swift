import Testing

@testable import SpeechAudio

@Suite("speech-dispatcher mapping", .timeLimit(.minutes(5)))
struct SpeechDispatcherMappingTests {
    @Test("rate: 175 words per minute is speech-dispatcher's 0, 80 is -100, 450 is 100, straight lines between")
    func rate() {
        #expect(SpeechDispatcherMapping.rate(wordsPerMinute: 175) == 0)
        #expect(SpeechDispatcherMapping.rate(wordsPerMinute: 80) == -100)
        #expect(SpeechDispatcherMapping.rate(wordsPerMinute: 450) == 100)
        #expect(SpeechDispatcherMapping.rate(wordsPerMinute: 128) == -49)  // (128-175)/95 = -0.495
        #expect(SpeechDispatcherMapping.rate(wordsPerMinute: 300) == 45)  // 125/275 = 0.4545
        // Out of range is clamped, never beyond speech-dispatcher's scale.
        #expect(SpeechDispatcherMapping.rate(wordsPerMinute: 10) == -100)
        #expect(SpeechDispatcherMapping.rate(wordsPerMinute: 900) == 100)
        // Faster in loowi is never slower in speech-dispatcher.
        let mapped = SpeechSettings.rateRange.map { SpeechDispatcherMapping.rate(wordsPerMinute: $0) }
        #expect(zip(mapped, mapped.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("pitch: 50 is the voice's own (0), 0 and 100 are the ends")
    func pitch() {
        #expect(SpeechDispatcherMapping.pitch(50) == 0)
        #expect(SpeechDispatcherMapping.pitch(0) == -100)
        #expect(SpeechDispatcherMapping.pitch(100) == 100)
        #expect(SpeechDispatcherMapping.pitch(60) == 20)
        #expect(SpeechDispatcherMapping.pitch(-5) == -100)
    }

    @Test("volume: loowi's normal 100 is speech-dispatcher's default 100; louder stays there, 0 is silence")
    func volume() {
        #expect(SpeechDispatcherMapping.volume(100) == 100)
        #expect(SpeechDispatcherMapping.volume(0) == -100)
        #expect(SpeechDispatcherMapping.volume(50) == 0)
        #expect(SpeechDispatcherMapping.volume(200) == 100)
        #expect(SpeechDispatcherMapping.volume(75) == 50)
    }

    @Test("a language code becomes speech-dispatcher's spelling; a voice name is not a language")
    func language() {
        #expect(SpeechDispatcherMapping.language("en-gb") == "en-GB")
        #expect(SpeechDispatcherMapping.language("es") == "es")
        #expect(SpeechDispatcherMapping.language("CA") == "ca")
        #expect(SpeechDispatcherMapping.language("es-419") == "es-419")
        #expect(SpeechDispatcherMapping.language("Catalan+Alex") == nil)
        #expect(SpeechDispatcherMapping.language("english") == nil)
        #expect(SpeechDispatcherMapping.language("") == nil)
    }

    @Test("a key cancels loowi's speech and waits for no one; announcements queue; errors survive keys")
    func priorities() {
        #expect(SpeechPriority.interrupt.dispatcherSteps == [.cancelSpeech, .say(.message, onImportantConnection: false)])
        #expect(SpeechPriority.announcement.dispatcherSteps == [.say(.message, onImportantConnection: false)])
        #expect(SpeechPriority.important.dispatcherSteps == [.say(.important, onImportantConnection: true)])
    }
}
