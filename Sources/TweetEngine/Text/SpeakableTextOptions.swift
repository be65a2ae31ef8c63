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
    /// The listener's own account id, when known: a reply to them says "In reply to you"
    /// rather than their own name.
    public var me: String?

    public init(
        links: Links = .host, customEmoji: CustomEmoji = .shortcode, unicodeEmoji: UnicodeEmoji = .keep,
        splitsHashtags: Bool = false, language: Language = .english, me: String? = nil
    ) {
        self.splitsHashtags = splitsHashtags
        self.links = links
        self.customEmoji = customEmoji
        self.unicodeEmoji = unicodeEmoji
        self.language = language
        self.me = me
    }
}
