import AccessibleControls
import TweetEngine

/// What the app says at start about loowi's own data (`DataDirectory`): nothing when it is
/// there. Without the interface language's word list (the program copied alone, a package
/// damaged), hashtags are read as written, and the user is told once why and how to get the
/// lists back, rather than hearing "dogsofmastodon" with no reason given.
enum DataNotice {
    /// Reads the list if it has not been read (a fraction of a millisecond), so it is asked
    /// off the main actor, after the first screen.
    static func atStart(config: LoowiConfig, wordLists: WordListStore) -> [Feedback] {
        guard config.splitsHashtags, !wordLists.hasList(WordList.Language(interface: config.language)) else { return [] }
        return [.earcon(.softError), .speak(AppStrings(config.language)(.wordListsMissing), .announcement)]
    }
}
