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
        case drop
    }

    public var links: Links
    public var customEmoji: CustomEmoji
    public var unicodeEmoji: UnicodeEmoji
    public var language: Language
    /// The listener's own account id, when known: a reply to them says "In reply to you"
    /// rather than their own name.
    public var me: String?

    public init(
        links: Links = .host, customEmoji: CustomEmoji = .shortcode, unicodeEmoji: UnicodeEmoji = .keep,
        language: Language = .english, me: String? = nil
    ) {
        self.links = links
        self.customEmoji = customEmoji
        self.unicodeEmoji = unicodeEmoji
        self.language = language
        self.me = me
    }
}
