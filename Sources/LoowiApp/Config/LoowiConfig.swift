import LoowiSupport
import AccessibleControls
import SpeechAudio
import TweetEngine

extension Language {
    /// The eSpeak NG voice that speaks this language: its config.toml name ("en-gb", "es").
    public var voice: String { rawValue }
}

/// How the screen is used: the full-screen high-contrast layout, or one printed line per
/// utterance (braille displays, console screen readers).
public enum DisplayMode: String, Sendable, CaseIterable, Hashable {
    case full, line
}

/// How a link in a post is read: "link to example.org", its visible address, or not at all.
public enum LinkReading: String, Sendable, CaseIterable, Hashable {
    case host, full, omit
}

/// How emoji are read: left to the voice, by name, runs counted, or left out.
public enum EmojiReading: String, Sendable, CaseIterable, Hashable {
    case keep, names, collapse, drop
}

/// Everything `config.toml` can say, with the defaults a new user gets. `ConfigFile` reads,
/// validates and writes it; the app turns it into control, speech and keymap settings.
public struct LoowiConfig: Sendable, Equatable {
    public var language: Language = .britishEnglish
    /// A voice name or language code; nil means the language's own voice.
    public var voice: String?
    public var rate = 175
    public var pitch = 50
    public var volume = 100
    public var punctuation: PunctuationLevel = .some
    public var capitals: CapitalIndication = .pitch
    /// loowi's own eSpeak NG, or the user's speech-dispatcher (falling back to eSpeak NG).
    public var speechBackend: SpeechBackend = .espeak
    public var keyEcho: KeyEcho = .characters
    public var verbosity: Verbosity = .beginner
    public var announcesPositions = true
    public var links: LinkReading = .host
    /// By name, with a run of three or more counted, and custom emoji as words: what a
    /// listener wants every day (a voice reading "🎉🎉🎉🎉🎉" says "party popper" five times).
    public var emoji: EmojiReading = .collapse
    public var splitsHashtags = true
    /// A post in another language than the interface is read by that language's voice.
    public var readsPostLanguage = true
    /// Each author's words in a voice of their own (issue 15): off unless chosen.
    public var voicesForPeople = false
    /// Voices chosen for people in config.toml's `[voices]` table, by handle ("grace@fake.social").
    public var personVoices: [String: PersonVoice] = [:]
    /// The verbosities at which a post starts with its audio glance, which then replaces the
    /// words "boosted", "in reply to" and "direct message".
    public var glances: Set<Verbosity> = [.expert]
    /// How a post is read (see `PostTemplate` for the variables).
    public var postTemplate = "$author. $reply $visibility $cw $text. $media. $poll. $quote. $yours $date"
    /// The names `postTemplate` may use after `$`; config.toml refuses any other.
    public static let postTemplateVariables = ["author", "display_name", "boosted_by", "reply", "visibility", "cw", "text", "media", "poll", "quote", "yours", "date"]
    public var keypadStyle: Keypad.EntryStyle = .timed
    /// The silence after each letter of a timed keypad key, and the multi-tap commit pause.
    public var keypadPaceMilliseconds = 1200
    /// The silence a timed selector leaves after each option.
    public var selectorPaceMilliseconds = 700
    public var soundsEnabled = true
    /// Earcon volume, 0 to 100 percent.
    public var soundVolume = 100
    public var soundPack: String?
    public var display: DisplayMode = .full
    /// The full screen's colours: white on black, yellow on black, or the terminal's own
    /// (`NO_COLOR` in the environment chooses the terminal's, whatever this says).
    public var theme: ScreenTheme = .default
    /// Direct messages only to people who follow you (iLoowi's rule); off lets you write to anyone.
    public var dmFollowersOnly = true
    /// A PEM file of the certificate authority of a server with its own (self-hosted); nil
    /// trusts only the system's. `LOOWI_CA_FILE` in the environment wins over it.
    public var caFile: String?
    /// Items each buffer holds at most; reaching its end loads older pages until then.
    public var bufferLimit = 1000
    /// Seconds between two asks for news on a server without streaming.
    public var pollSeconds = 60
    /// How live updates announce each kind (`announce_mention`, ...).
    public var announcements: [AnnouncementKind: AnnouncementStyle] = Dictionary(
        uniqueKeysWithValues: AnnouncementKind.allCases.map { ($0, $0.defaultStyle) })
    /// Line mode prints a word in brackets for each meaningful sound ("[no action]", "[top]").
    public var soundWords = true
    /// An attachment is sent only with a description for people who cannot see or hear it,
    /// unless this is off (`alt_text_required`).
    public var altTextRequired = true
    /// `["F9": "info", "timeline:x": "boost"]`, checked by `Keymap.overridden(by:)`.
    public var keys: [String: String] = [:]

    public init() {}

    /// How posts are turned into words, as these settings say.
    public func textOptions(me: String? = nil) -> SpeakableTextOptions {
        let links: SpeakableTextOptions.Links =
            switch self.links {
            case .host: .host
            case .full: .full
            case .omit: .omit
            }
        let (custom, unicode): (SpeakableTextOptions.CustomEmoji, SpeakableTextOptions.UnicodeEmoji) =
            switch emoji {
            case .keep: (.shortcode, .keep)
            case .names: (.name, .names)
            case .collapse: (.name, .collapse)
            case .drop: (.drop, .drop)
            }
        var options = SpeakableTextOptions(
            links: links, customEmoji: custom, unicodeEmoji: unicode, splitsHashtags: splitsHashtags, language: language,
            readsPostLanguage: readsPostLanguage, me: me)
        options.personVoices = voicesForPeople ? personVoices : nil
        return options
    }
}
