import Foundation
import LoowiSupport
import Testing
@testable import TweetEngine

@Suite(.timeLimit(.minutes(5))) struct BenchmarkTests {
    @Test func timeline200ReportsTimingsAndFiveRequests() async throws {
        let result = try await EngineBenchmarks.timeline200(iterations: 3)
        #expect(result.requests == 5)
        #expect(result.decodeMilliseconds.count == 3)
        #expect(result.decodeMilliseconds.allSatisfy { $0 > 0 })
    }

    /// `post_speech_tags_emoji_us` times what issue 15 added: its posts must really have tags
    /// to cut, an emoji run, styled letters and a custom emoji, in each language with a list.
    @Test func postSpeechBenchmarkHearsTagsEmojiAndStyledLetters() throws {
        let timings = try EngineBenchmarks.postSpeechTagsEmoji(iterations: 6)
        #expect(timings.count == 6 && timings.allSatisfy { $0 > 0 })
        let options = SpeakableTextOptions(customEmoji: .name, unicodeEmoji: .collapse, splitsHashtags: true, readsPostLanguage: true)
        let now = Date(timeIntervalSince1970: 1_795_300_000)
        let heard = try BenchmarkTimeline.tagsAndEmojiPosts().map { LanguageMarks.shown(StatusSpeech($0, options: options, now: now).text) }
        #expect(heard == [
            "Morning walk by the sea 5 emoji: water wave, and 4 more with dogs of mastodon friends blob cat and styled text: fancy words. Hashtags: photo of the day, silent sunday, climate crisis",
            "⟨es⟩¡Feliz día! 4 emojis: cañón de confeti, y 3 más Un abrazo a todas blob cat ⟨/es⟩⟨en-gb⟩styled text: ⟨/en-gb⟩⟨es⟩gracias. ⟨/es⟩⟨en-gb⟩Hashtags: ⟨/en-gb⟩⟨es⟩dia de la madre, feliz navidad, gatos de mastodon⟨/es⟩",
            "⟨ca⟩Bon dia a tothom 4 emojis: rosa, i 3 més blob cat ⟨/ca⟩⟨en-gb⟩styled text: ⟨/en-gb⟩⟨ca⟩llibres. ⟨/ca⟩⟨en-gb⟩Hashtags: ⟨/en-gb⟩⟨ca⟩dia de sant jordi, bondia, llibres⟨/ca⟩",
        ])
    }

    /// `wordlist_first_read_us` reads a real list each time, and says so when there is none.
    @Test func wordListReadBenchmarkReadsTheList() throws {
        let timings = try EngineBenchmarks.wordListFirstRead(iterations: 3)
        #expect(timings.count == 3 && timings.allSatisfy { $0 > 0 })
        #expect(throws: EngineError.self) { try EngineBenchmarks.wordListFirstRead(iterations: 1, data: nil) }
    }

    @Test func benchmarkDataIsAValidMastodonTimeline() throws {
        let list = try JSONDecoder().decode(LenientList<Status>.self, from: Data(BenchmarkTimeline.json(ids: (1...200).reversed()).utf8))
        #expect(list.elements.count == 200)
        #expect(list.skipped == 0)
        #expect(list.elements.filter(\.isBoost).count == 28)
        #expect(list.elements.contains { $0.displayed.poll != nil })
        #expect(list.elements.contains { $0.displayed.hasContentWarning })
        let now = Date(timeIntervalSince1970: 1_795_300_000)
        let sentence = StatusSpeech(list.elements[0], now: now).sentence(language: .english)
        #expect(sentence.contains("link to example.com"))
    }
}
