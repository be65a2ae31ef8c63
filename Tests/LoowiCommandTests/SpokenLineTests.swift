import Foundation
import LoowiSupport
import Testing
import TweetEngine

@testable import LoowiApp
@testable import loowi

/// Issue 39, item 9: what `--speak` hands the voice keeps the marks of a post's language, as
/// the app's lines do, so a Spanish post is read by the Spanish voice; nothing else hostile
/// gets through.
@Suite(.timeLimit(.minutes(5))) struct SpokenLineTests {
    static func spanishPost() throws -> Status {
        let object: [String: Any] = [
            "id": "1", "uri": "https://example.social/s/1", "content": "<p>¡Buenos días a todas!</p>", "visibility": "public",
            "spoiler_text": "", "language": "es",
            "account": ["id": "4", "username": "carme", "acct": "carme", "display_name": "Carme Riera"],
        ]
        return try JSONDecoder().decode(Status.self, from: JSONSerialization.data(withJSONObject: object))
    }

    @Test func aPostInItsOwnLanguageKeepsItsVoiceOnTheWayToTheSynthesiser() throws {
        var config = LoowiConfig()
        config.language = .britishEnglish
        let sentence = StatusSpeech(try Self.spanishPost(), options: config.textOptions(), now: Date()).sentence(language: .britishEnglish)
        let runs = LanguageMarks.runs(in: CommandSupport.speakable(sentence))
        #expect(runs.map(\.language) == [nil, "es"], "\(runs)")
        #expect(runs.first { $0.language == "es" }?.text == "¡Buenos días a todas!")
        // The cleaning of printed lines, which `--speak` used, loses the mark: one voice for all.
        #expect(!LanguageMarks.hasMarks(Sanitizer.clean(sentence, for: .line)))
    }

    @Test func controlsAndEscapesNeverReachTheVoice() {
        let spoken = CommandSupport.speakable("Fresh \u{1B}[31mbread\u{1B}[0m\u{7}\nnow \u{202E}")
        #expect(spoken.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0 != "\u{7F}" && $0 != "\u{202E}" }, "\(spoken.debugDescription)")
        #expect(spoken.contains("bread"))
    }
}
