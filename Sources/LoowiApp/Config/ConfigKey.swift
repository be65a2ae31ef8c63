import AccessibleControls
import SpeechAudio

/// A setting's name in config.toml, and how its value is checked, read and written. The
/// keymap overrides are not here: they are the `[keys]` table (see `ConfigFile`).
public enum ConfigKey: String, Sendable, CaseIterable, Hashable {
    case language, voice, rate, pitch, volume, punctuation, capitals
    case speechBackend = "speech_backend"
    case keyEcho = "key_echo"
    case verbosity, positions, links, emoji
    case splitHashtags = "split_hashtags"
    case postLanguageVoice = "post_language_voice"
    /// The audio glance at each verbosity (issue 15): on by default at expert only.
    case glanceBeginner = "glance_beginner"
    case glanceIntermediate = "glance_intermediate"
    case glanceExpert = "glance_expert"
    case voicesForPeople = "voices_for_people"
    case postTemplate = "post_template"
    case keypad
    case keypadPace = "keypad_pace_ms"
    case selectorPace = "selector_pace_ms"
    case sounds
    case soundVolume = "sound_volume"
    case soundPack = "sound_pack"
    case display, theme
    case dmFollowersOnly = "dm_followers_only"
    case caFile = "ca_file"
    case bufferLimit = "buffer_limit"
    case pollSeconds = "poll_seconds"
    case announceMention = "announce_mention"
    case announceDirectMessage = "announce_direct_message"
    case announceFollow = "announce_follow"
    case announceFavourite = "announce_favourite"
    case announceBoost = "announce_boost"
    case announceNewPost = "announce_new_post"
    case announcePollEnded = "announce_poll_ended"
    case announceEdited = "announce_edited"
    case soundWords = "sound_words"
    case altTextRequired = "alt_text_required"

    /// The verbosity a `glance_...` setting is for; nil for the other settings.
    var glanceLevel: Verbosity? {
        switch self {
        case .glanceBeginner: .beginner
        case .glanceIntermediate: .intermediate
        case .glanceExpert: .expert
        default: nil
        }
    }

    /// The live-update kind an `announce_...` setting sets; nil for the other settings.
    var announcement: AnnouncementKind? {
        guard rawValue.hasPrefix("announce_") else { return nil }
        return AnnouncementKind(rawValue: String(rawValue.dropFirst("announce_".count)))
    }

    public static let keypadPaceRange = 300...5000
    public static let selectorPaceRange = 200...5000
    public static let soundVolumeRange = 0...100
    /// Items one buffer holds at most: one page at the least, and few enough for memory.
    public static let bufferLimitRange = 40...10_000
    /// How often a server without streaming is asked for news: two requests each time, so
    /// even the shortest stays far inside Mastodon's 300 requests per 5 minutes.
    public static let pollSecondsRange = 15...3600

    /// "Known settings: language, voice, … and the [keys] table." for unknown names.
    static var knownList: String {
        "Known settings: \(allCases.map(\.rawValue).joined(separator: ", ")), and the [keys] table."
    }

    enum Kind {
        case choice([String])
        case wholeNumber(ClosedRange<Int>)
        case onOff
        case text
    }

    var kind: Kind {
        switch self {
        case .language: .choice(Language.allCases.map(\.rawValue))
        case .punctuation: .choice(PunctuationLevel.allCases.map(\.rawValue))
        case .capitals: .choice(CapitalIndication.allCases.map(\.rawValue))
        case .speechBackend: .choice(SpeechBackend.allCases.map(\.rawValue))
        case .keyEcho: .choice(KeyEcho.allCases.map(\.rawValue))
        case .verbosity: .choice(Verbosity.allCases.map(\.rawValue))
        case .keypad: .choice(Keypad.EntryStyle.allCases.map(\.rawValue))
        case .display: .choice(DisplayMode.allCases.map(\.rawValue))
        case .theme: .choice(ScreenTheme.allCases.map(\.rawValue))
        case .links: .choice(LinkReading.allCases.map(\.rawValue))
        case .emoji: .choice(EmojiReading.allCases.map(\.rawValue))
        case .rate: .wholeNumber(SpeechSettings.rateRange)
        case .pitch: .wholeNumber(SpeechSettings.pitchRange)
        case .volume: .wholeNumber(SpeechSettings.volumeRange)
        case .keypadPace: .wholeNumber(Self.keypadPaceRange)
        case .selectorPace: .wholeNumber(Self.selectorPaceRange)
        case .soundVolume: .wholeNumber(Self.soundVolumeRange)
        case .bufferLimit: .wholeNumber(Self.bufferLimitRange)
        case .pollSeconds: .wholeNumber(Self.pollSecondsRange)
        case .positions, .sounds, .dmFollowersOnly, .soundWords, .splitHashtags, .postLanguageVoice, .altTextRequired, .glanceBeginner,
            .glanceIntermediate, .glanceExpert, .voicesForPeople: .onOff
        case .voice, .postTemplate, .soundPack, .caFile: .text
        case .announceMention, .announceDirectMessage, .announceFollow, .announceFavourite, .announceBoost, .announceNewPost,
            .announcePollEnded, .announceEdited:
            .choice(AnnouncementStyle.allCases.map(\.rawValue))
        }
    }

    /// The value in `config`, as written in the file; nil when it is not set (voice, sound pack).
    func value(in config: LoowiConfig) -> TOMLValue? {
        switch self {
        case .language: .string(config.language.rawValue)
        case .voice: config.voice.map(TOMLValue.string)
        case .rate: .integer(config.rate)
        case .pitch: .integer(config.pitch)
        case .volume: .integer(config.volume)
        case .punctuation: .string(config.punctuation.rawValue)
        case .capitals: .string(config.capitals.rawValue)
        case .speechBackend: .string(config.speechBackend.rawValue)
        case .keyEcho: .string(config.keyEcho.rawValue)
        case .verbosity: .string(config.verbosity.rawValue)
        case .positions: .boolean(config.announcesPositions)
        case .links: .string(config.links.rawValue)
        case .emoji: .string(config.emoji.rawValue)
        case .splitHashtags: .boolean(config.splitsHashtags)
        case .postLanguageVoice: .boolean(config.readsPostLanguage)
        case .glanceBeginner, .glanceIntermediate, .glanceExpert: .boolean(glanceLevel.map(config.glances.contains) ?? false)
        case .voicesForPeople: .boolean(config.voicesForPeople)
        case .postTemplate: .string(config.postTemplate)
        case .keypad: .string(config.keypadStyle.rawValue)
        case .keypadPace: .integer(config.keypadPaceMilliseconds)
        case .selectorPace: .integer(config.selectorPaceMilliseconds)
        case .sounds: .boolean(config.soundsEnabled)
        case .soundVolume: .integer(config.soundVolume)
        case .soundPack: config.soundPack.map(TOMLValue.string)
        case .display: .string(config.display.rawValue)
        case .theme: .string(config.theme.rawValue)
        case .dmFollowersOnly: .boolean(config.dmFollowersOnly)
        case .caFile: config.caFile.map(TOMLValue.string)
        case .bufferLimit: .integer(config.bufferLimit)
        case .pollSeconds: .integer(config.pollSeconds)
        case .soundWords: .boolean(config.soundWords)
        case .altTextRequired: .boolean(config.altTextRequired)
        case .announceMention, .announceDirectMessage, .announceFollow, .announceFavourite, .announceBoost, .announceNewPost,
            .announcePollEnded, .announceEdited:
            announcement.map { .string((config.announcements[$0] ?? $0.defaultStyle).rawValue) }
        }
    }

    /// What applies when the setting is absent, in words for `show`, `set` and `unset`.
    var defaultDescription: String {
        switch self {
        case .voice: "the language's own voice"
        case .soundPack: "the built-in sounds"
        case .caFile: "only the system's certificate authorities are trusted"
        default: value(in: LoowiConfig())?.tomlText ?? ""
        }
    }

    /// Checks `value` and stores it in `config`; the error has no line, the caller adds it.
    func apply(_ value: TOMLValue, to config: inout LoowiConfig) throws(ConfigError) {
        if let kind = announcement {
            config.announcements[kind] = try choice(value) as AnnouncementStyle
            return
        }
        switch self {
        case .language: config.language = try choice(value)
        case .voice:
            config.voice = try text(value, emptyAdvice: "give a voice name such as \"en-gb\" (see `loowi voices`), or remove the line to use the language's own voice")
        case .rate: config.rate = try number(value)
        case .pitch: config.pitch = try number(value)
        case .volume: config.volume = try number(value)
        case .punctuation: config.punctuation = try choice(value)
        case .capitals: config.capitals = try choice(value)
        case .speechBackend: config.speechBackend = try choice(value)
        case .keyEcho: config.keyEcho = try choice(value)
        case .verbosity: config.verbosity = try choice(value)
        case .positions: config.announcesPositions = try flag(value)
        case .links: config.links = try choice(value)
        case .emoji: config.emoji = try choice(value)
        case .splitHashtags: config.splitsHashtags = try flag(value)
        case .postLanguageVoice: config.readsPostLanguage = try flag(value)
        case .voicesForPeople: config.voicesForPeople = try flag(value)
        case .glanceBeginner, .glanceIntermediate, .glanceExpert:
            guard let level = glanceLevel else { break }
            if try flag(value) { config.glances.insert(level) } else { config.glances.remove(level) }
        case .postTemplate:
            let template = try text(value, emptyAdvice: "give a template such as \(TOMLValue.quoted(LoowiConfig().postTemplate))")
            try checkTemplate(template)
            config.postTemplate = template
        case .keypad: config.keypadStyle = try choice(value)
        case .keypadPace: config.keypadPaceMilliseconds = try number(value)
        case .selectorPace: config.selectorPaceMilliseconds = try number(value)
        case .sounds: config.soundsEnabled = try flag(value)
        case .soundVolume: config.soundVolume = try number(value)
        case .soundPack:
            let name = try text(value, emptyAdvice: "give the name of a folder in $XDG_DATA_HOME/loowi/sounds/, or remove the line to use the built-in sounds")
            guard !name.contains("/"), name != ".", name != ".." else {
                throw ConfigError("sound_pack \(value.tomlText) must be the name of a folder in $XDG_DATA_HOME/loowi/sounds/, without /.")
            }
            config.soundPack = name
        case .display: config.display = try choice(value)
        case .theme: config.theme = try choice(value)
        case .dmFollowersOnly: config.dmFollowersOnly = try flag(value)
        case .caFile:
            config.caFile = try text(
                value, emptyAdvice: "give the path of a PEM file with your server's certificate authority, or remove the line to trust only the system's authorities")
        case .bufferLimit: config.bufferLimit = try number(value)
        case .pollSeconds: config.pollSeconds = try number(value)
        case .soundWords: config.soundWords = try flag(value)
        case .altTextRequired: config.altTextRequired = try flag(value)
        case .announceMention, .announceDirectMessage, .announceFollow, .announceFavourite, .announceBoost, .announceNewPost,
            .announcePollEnded, .announceEdited:
            break
        }
    }

    /// Back to what applies when the setting is absent (`loowi config unset`, the settings
    /// screen's "language's own voice").
    func unset(in config: inout LoowiConfig) {
        switch self {
        case .voice: config.voice = nil
        case .soundPack: config.soundPack = nil
        case .caFile: config.caFile = nil
        default:
            if let value = value(in: LoowiConfig()) { try? apply(value, to: &config) }
        }
    }

    /// Turns a value typed on the command line into the value the file will hold: numbers
    /// stay numbers, `true`/`false` (or `on`/`off`) are booleans, the rest is text.
    func value(fromCommandLine text: String) throws(ConfigError) -> TOMLValue {
        switch kind {
        case .wholeNumber:
            guard let number = Int(text) else { throw mismatch(.string(text)) }
            return .integer(number)
        case .onOff:
            switch text.lowercased() {
            case "true", "on": return .boolean(true)
            case "false", "off": return .boolean(false)
            default: throw mismatch(.string(text))
            }
        case .choice: return .string(text.lowercased())
        case .text: return .string(text)
        }
    }

    private var expectation: String {
        switch kind {
        case .choice(let names): "one of \(Self.orList(names)), in quotes"
        case .wholeNumber(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .onOff: "true or false"
        case .text: "text in quotes"
        }
    }

    private func mismatch(_ value: TOMLValue) -> ConfigError {
        ConfigError("\(rawValue) must be \(expectation), not \(value.tomlText).")
    }

    private func choice<T: RawRepresentable & CaseIterable>(_ value: TOMLValue) throws(ConfigError) -> T
    where T.RawValue == String {
        guard case .string(let text) = value else { throw mismatch(value) }
        guard let choice = T.allCases.first(where: { $0.rawValue == text.lowercased() }) else {
            throw ConfigError("\(rawValue) \(value.tomlText) is not allowed; use \(Self.orList(T.allCases.map(\.rawValue))).")
        }
        return choice
    }

    private func number(_ value: TOMLValue) throws(ConfigError) -> Int {
        guard case .wholeNumber(let range) = kind, case .integer(let number) = value else { throw mismatch(value) }
        guard range.contains(number) else {
            throw ConfigError("\(rawValue) \(number) is out of range; use \(range.lowerBound) to \(range.upperBound).")
        }
        return number
    }

    private func flag(_ value: TOMLValue) throws(ConfigError) -> Bool {
        guard case .boolean(let flag) = value else { throw mismatch(value) }
        return flag
    }

    private func text(_ value: TOMLValue, emptyAdvice: String) throws(ConfigError) -> String {
        guard case .string(let text) = value else { throw mismatch(value) }
        guard !text.trimmingWhitespace.isEmpty else { throw ConfigError("\(rawValue) is empty; \(emptyAdvice).") }
        return text
    }

    /// A misspelt `$variable` would otherwise be read out letter by letter in every post.
    private func checkTemplate(_ template: String) throws(ConfigError) {
        let scalars = Array(template.unicodeScalars)
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "$" else { continue }
            var end = index + 1
            while end < scalars.count, scalars[end] == "_" || scalars[end].properties.isAlphabetic { end += 1 }
            let name = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
            guard name.isEmpty || LoowiConfig.postTemplateVariables.contains(name) else {
                throw ConfigError("post_template uses $\(name), which loowi does not know; use \(Self.orList(LoowiConfig.postTemplateVariables.map { "$" + $0 })).")
            }
            index = end - 1
        }
    }

    /// "a, b, c or d"
    static func orList(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " or " + last
    }
}

extension String {
    var trimmingWhitespace: Substring {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return text
    }
}
