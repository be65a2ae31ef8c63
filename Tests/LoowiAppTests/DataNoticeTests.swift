import AccessibleControls
import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

/// Without loowi's word lists the app says so once at start, in the user's language, and reads
/// hashtags as written (issue 37, item 2).
@Suite(.timeLimit(.minutes(5))) struct DataNoticeTests {
    static func config(_ language: Language, splits: Bool = true) -> LoowiConfig {
        var config = LoowiConfig()
        config.language = language
        config.splitsHashtags = splits
        return config
    }

    @Test func missingWordListsAreSaidInTheUsersLanguage() {
        let none = WordListStore(data: nil)
        #expect(
            DataNotice.atStart(config: Self.config(.britishEnglish), wordLists: none) == [
                .earcon(.softError),
                .speak("loowi's word lists were not found, so hashtags are read as written. Reinstalling loowi brings them back.", .announcement),
            ])
        #expect(
            DataNotice.atStart(config: Self.config(.spanish), wordLists: none) == [
                .earcon(.softError),
                .speak(
                    "No se han encontrado las listas de palabras de loowi, así que las etiquetas se leen tal como están escritas. Si reinstalas loowi, vuelven.",
                    .announcement),
            ])
        #expect(DataNotice.atStart(config: Self.config(.catalan), wordLists: none).count == 2)
    }

    @Test func nothingIsSaidWhenTheListsAreThereOrNotWanted() {
        #expect(DataNotice.atStart(config: Self.config(.britishEnglish), wordLists: .shared).isEmpty)
        #expect(DataNotice.atStart(config: Self.config(.spanish), wordLists: .shared).isEmpty)
        // Hashtags read as written by choice need no list.
        #expect(DataNotice.atStart(config: Self.config(.britishEnglish, splits: false), wordLists: WordListStore(data: nil)).isEmpty)
    }
}
