import LoowiSupport

/// How post HTML is turned into text for the ear (the user's verbosity toggles).
public struct SpeakableTextOptions: Sendable, Equatable {
    public enum Links: Sendable, Equatable {
        /// "link to example.com" (in the chosen language); the default.
        case host
        /// The link's visible text, as Mastodon shows it (`example.com/some/path`).
        case full
        /// Links to web pages are left out (mentions and hashtags stay).
        case omit
    }

    public enum CustomEmoji: Sendable, Equatable {
        /// `:blobcat:` as the server wrote it.
        case shortcode
        /// `blobcat`, with underscores read as spaces.
        case name
        case drop
    }

    public enum UnicodeEmoji: Sendable, Equatable {
        /// Left in the text: the speech engine reads them by name.
        case keep
        /// Replaced by their Unicode names ("party popper"), the same whatever the voice knows.
        case names
        /// By name, and a run of three or more said as a count ("5 emoji: sun, and 4 more").
        case collapse
        case drop
    }

    public var links: Links
    public var customEmoji: CustomEmoji
    public var unicodeEmoji: UnicodeEmoji
    /// `#DogsOfMastodon` read as "#Dogs Of Mastodon": words run together are split where the
    /// writer's capitals and digits show them.
    public var splitsHashtags: Bool
    public var language: Language
    /// A post tagged with another language than `language` has its own words marked for that
    /// language's voice (`LanguageMarks`); the interface's words stay in the interface voice.
    public var readsPostLanguage: Bool
    /// Set while one post's text is made, never by callers: the post's language when its words
    /// are read in their own voice, so that the words loowi adds among them ("Hashtags:", "5
    /// emoji: …, and 4 more", "styled text") go back to the interface's voice.
    var ownLanguage: String?
    /// Set while one post's text is made, never by callers: the language its emoji are named
    /// in, the post's own when loowi has names for it (nil: the interface's).
    var emojiLanguage: WordList.Language?
    /// Each author's words in a voice of their own (opt-in): the voices chosen by handle in
    /// config.toml, the others derived from the handle. Nil: everyone in the interface's voice.
    public var personVoices: [String: PersonVoice]?
    /// The listener's own account id, when known: a reply to them says "In reply to you"
    /// rather than their own name.
    public var me: String?

    public init(
        links: Links = .host, customEmoji: CustomEmoji = .shortcode, unicodeEmoji: UnicodeEmoji = .keep,
        splitsHashtags: Bool = false, language: Language = .english, readsPostLanguage: Bool = false, me: String? = nil
    ) {
        self.readsPostLanguage = readsPostLanguage
        self.splitsHashtags = splitsHashtags
        self.links = links
        self.customEmoji = customEmoji
        self.unicodeEmoji = unicodeEmoji
        self.language = language
        self.me = me
    }
}

extension SpeakableTextOptions {
    /// `text`, written in `postLanguage`, marked for that language's voice when it is not the
    /// interface's and reading posts in their own language is on.
    /// With voices for people, `author`'s words are marked with their voice too.
    public func inPostLanguage(_ text: String, _ postLanguage: String?, author: String? = nil) -> String {
        guard let own = ownVoice(postLanguage, author: author) else { return text }
        return LanguageMarks.mark(text, language: own)
    }

    /// The code an author's words are marked with: the post's language when read in its own
    /// voice, and with voices for people the author's voice after "-x-" (the interface's
    /// language then stands for a post in it). Nil when the words need no mark.
    func ownVoice(_ postLanguage: String?, author: String?) -> String? {
        let language = voiceLanguage(for: postLanguage)
        guard let personVoices, let author else { return language }
        let voice = personVoices[PersonVoice.normalized(author)] ?? PersonVoice.derived(from: author)
        return (language ?? self.language.code) + "-" + voice.code
    }

    /// `postLanguage` when a post in it is read in its own voice: the setting is on and it is
    /// not the interface's language.
    func voiceLanguage(for postLanguage: String?) -> String? {
        guard readsPostLanguage, let postLanguage, LanguageMarks.primary(postLanguage) != LanguageMarks.primary(language.code)
        else { return nil }
        return postLanguage
    }

    /// Words loowi adds inside a post read in its own voice, marked for the interface's voice.
    func interfacePhrase(_ phrase: String) -> String {
        ownLanguage == nil ? phrase : LanguageMarks.mark(phrase, language: language.code)
    }

    /// The author's words inside such a phrase ("styled text: fancy"), back in the post's voice.
    func ownWords(_ words: String) -> String {
        ownLanguage.map { LanguageMarks.mark(words, language: $0) } ?? words
    }
}
