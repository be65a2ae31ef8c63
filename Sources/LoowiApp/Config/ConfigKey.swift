import AccessibleControls

/// A setting's name in config.toml; its declaration (`Settings`, found by `declaration`) says
/// how its value is checked, read and written. The keymap overrides are not here: they are
/// the `[keys]` table (see `ConfigFile`).
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
    /// Whether a mention's or direct message's announcement carries its words (issue 39).
    case announceWords = "announce_words"
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

    /// The setting's one declaration: its rule, default, spoken name and option.
    var declaration: any AnySetting { Settings.all[self]! }

    /// "Known settings: language, voice, … and the [keys] table." for unknown names.
    static var knownList: String {
        "Known settings: \(allCases.map(\.rawValue).joined(separator: ", ")), and the [keys] table."
    }

    var rule: SettingRule { declaration.rule }

    /// The value in `config`, as written in the file; nil when it is not set (voice, sound pack).
    func value(in config: LoowiConfig) -> TOMLValue? { declaration.value(in: config) }

    /// What applies when the setting is absent, in words for `show`, `set` and `unset`.
    var defaultDescription: String {
        declaration.unsetMeans ?? declaration.defaultTOML?.tomlText ?? ""
    }

    /// Checks `value` and stores it in `config`; the error has no line, the caller adds it.
    func apply(_ value: TOMLValue, to config: inout LoowiConfig) throws(ConfigError) {
        try declaration.apply(value, to: &config)
    }

    /// Back to what applies when the setting is absent (`loowi config unset`, the settings
    /// screen's "language's own voice").
    func unset(in config: inout LoowiConfig) {
        try? declaration.apply(nil, to: &config)
    }

    /// Turns a value typed on the command line into the value the file will hold: numbers
    /// stay numbers, `true`/`false` (or `on`/`off`) are booleans, the rest is text.
    func value(fromCommandLine text: String) throws(ConfigError) -> TOMLValue {
        guard let value = rule.value(fromCommandLine: text) else { throw rule.mismatch(.string(text), for: self) }
        return value
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
