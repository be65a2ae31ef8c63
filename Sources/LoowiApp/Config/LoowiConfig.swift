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

/// What typing in a text field says. `auto` is words in line mode (a braille line is not
/// flooded by one line per letter) and characters on the full screen.
public enum TypingEcho: String, Sendable, CaseIterable, Hashable {
    case auto, none, characters, words, both

    /// The control library's echo for this display.
    public func resolved(for display: DisplayMode) -> KeyEcho {
        switch self {
        case .auto: display == .line ? .words : .characters
        case .none: .none
        case .characters: .characters
        case .words: .words
        case .both: .both
        }
    }
}

/// How a link in a post is read: "link to example.org", its visible address, or not at all.
public enum LinkReading: String, Sendable, CaseIterable, Hashable {
    case host, full, omit
}

/// How emoji are read: left to the voice, by name, runs counted, or left out.
public enum EmojiReading: String, Sendable, CaseIterable, Hashable {
    case keep, names, collapse, drop
}

/// Everything `config.toml` can say. Each setting's default, range and rule is its
/// declaration's (`Settings`); `ConfigFile` reads, validates and writes it; the app keeps it as
/// its state and turns it into control, speech and keymap settings.
public struct LoowiConfig: Sendable, Equatable {
    public var language: Language = Settings.language.defaultValue
    /// A voice name or language code; nil means the language's own voice.
    public var voice: String? = Settings.voice.defaultValue
    public var rate: Int = Settings.rate.defaultValue
    public var pitch: Int = Settings.pitch.defaultValue
    public var volume: Int = Settings.volume.defaultValue
    public var punctuation: PunctuationLevel = Settings.punctuation.defaultValue
    public var capitals: CapitalIndication = Settings.capitals.defaultValue
    /// loowi's own eSpeak NG, or the user's speech-dispatcher (falling back to eSpeak NG).
    public var speechBackend: SpeechBackend = Settings.speechBackend.defaultValue
    public var keyEcho: TypingEcho = Settings.keyEcho.defaultValue
    public var verbosity: Verbosity = Settings.verbosity.defaultValue
    public var announcesPositions: Bool = Settings.positions.defaultValue
    public var links: LinkReading = Settings.links.defaultValue
    public var emoji: EmojiReading = Settings.emoji.defaultValue
    public var splitsHashtags: Bool = Settings.splitHashtags.defaultValue
    public var readsPostLanguage: Bool = Settings.postLanguageVoice.defaultValue
    public var voicesForPeople: Bool = Settings.voicesForPeople.defaultValue
    /// Voices chosen for people in config.toml's `[voices]` table, by handle ("grace@fake.social").
    public var personVoices: [String: PersonVoice] = [:]
    /// The verbosities at which a post starts with its audio glance, which then replaces the
    /// words "boosted", "in reply to" and "direct message".
    public var glances: Set<Verbosity> = Set(
        [Settings.glanceBeginner, Settings.glanceIntermediate, Settings.glanceExpert].filter(\.defaultValue).compactMap(\.key.glanceLevel))
    /// How a post is read (see `PostTemplate` for the variables).
    public var postTemplate: String = Settings.postTemplate.defaultValue
    /// The names `postTemplate` may use after `$`; config.toml refuses any other.
    public static let postTemplateVariables = ["author", "display_name", "boosted_by", "reply", "visibility", "cw", "text", "media", "poll", "quote", "yours", "date"]
    public var keypadStyle: Keypad.EntryStyle = Settings.keypad.defaultValue
    public var keypadPaceMilliseconds: Int = Settings.keypadPace.defaultValue
    public var selectorPaceMilliseconds: Int = Settings.selectorPace.defaultValue
    public var soundsEnabled: Bool = Settings.sounds.defaultValue
    /// Earcon volume, 0 to 100 percent.
    public var soundVolume: Int = Settings.soundVolume.defaultValue
    public var soundPack: String? = Settings.soundPack.defaultValue
    public var display: DisplayMode = Settings.display.defaultValue
    /// The full screen's colours: white on black, yellow on black, or the terminal's own.
    public var theme: ScreenTheme = Settings.theme.defaultValue
    public var dmFollowersOnly: Bool = Settings.dmFollowersOnly.defaultValue
    /// A PEM file of the certificate authority of a server with its own (self-hosted); nil
    /// trusts only the system's. `LOOWI_CA_FILE` in the environment wins over it.
    public var caFile: String? = Settings.caFile.defaultValue
    /// Items each buffer holds at most; reaching its end loads older pages until then.
    public var bufferLimit: Int = Settings.bufferLimit.defaultValue
    /// Seconds between two asks for news on a server without streaming.
    public var pollSeconds: Int = Settings.pollSeconds.defaultValue
    /// How live updates announce each kind (`announce_mention`, ...).
    public var announcements: [AnnouncementKind: AnnouncementStyle] = Dictionary(
        uniqueKeysWithValues: AnnouncementKind.allCases.map { ($0, $0.defaultStyle) })
    /// Mentions and direct messages announced with their first words.
    public var announcesWords: Bool = Settings.announceWords.defaultValue
    public var soundWords: Bool = Settings.soundWords.defaultValue
    public var altTextRequired: Bool = Settings.altTextRequired.defaultValue
    /// `["F9": "info", "timeline:x": "boost"]`, checked by `Keymap.overridden(by:)`.
    public var keys: [String: String] = [:]

    public init() {}

    /// Whether a post starts with its audio glance at `level` (the `glance_…` settings).
    subscript(glance level: Verbosity) -> Bool {
        get { glances.contains(level) }
        set { if newValue { glances.insert(level) } else { glances.remove(level) } }
    }

    /// How live updates of `kind` are announced (the `announce_…` settings).
    subscript(announcement kind: AnnouncementKind) -> AnnouncementStyle {
        get { announcements[kind] ?? kind.defaultStyle }
        set { announcements[kind] = newValue }
    }

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
