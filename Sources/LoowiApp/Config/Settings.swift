import AccessibleControls
import SpeechAudio

/// Every setting's declaration, in config.toml's order (`ConfigKey.allCases`). `LoowiConfig`
/// takes its defaults from here; `ConfigKey.declaration` finds one by its key.
enum Settings {
    // MARK: Speech

    static let language = Setting.choice(
        .language, \.language, default: .britishEnglish, name: .settingLanguage, named: { Language(rawValue: $0)?.ownName ?? $0 })
    static let voice = Setting.text(
        .voice, \.voice, unsetMeans: "the language's own voice",
        emptyAdvice: "give a voice name such as \"en-gb\" (see `loowi voices`), or remove the line to use the language's own voice",
        name: .settingVoice,
        // eSpeak NG names voices "English_(Great_Britain)".
        words: .unsetOr(.valueOwnVoice, { $0.split(separator: "_").joined(separator: " ") }),
        option: SettingOption(name: "voice", noun: "voice", lead: "Voice name or language code, such as en-gb, en-us, es or ca; `loowi voices` lists them"))
    /// eSpeak NG's own range, and steps console users know (Speakup's): F7 and F8 and the
    /// settings screen's Left and Right all move by this step.
    static let rate = Setting.number(
        .rate, \.rate, default: SpeechSettings.normalRate, range: SpeechSettings.rateRange, step: 25, name: .settingRate,
        words: .unit(.valueWordsAMinute),
        option: SettingOption(name: "rate", noun: "speech rate", unit: "words per minute", lead: "Speech rate in words per minute"))
    static let pitch = Setting.number(
        .pitch, \.pitch, default: SpeechSettings.normalPitch, range: SpeechSettings.pitchRange, step: 5, name: .settingPitch,
        option: SettingOption(name: "pitch", noun: "pitch", lead: "Pitch, where 50 is the voice's own"))
    static let volume = Setting.number(
        .volume, \.volume, default: SpeechSettings.normalVolume, range: SpeechSettings.volumeRange, step: 5, name: .settingVolume,
        words: .unit(.valuePercent), option: SettingOption(name: "volume", noun: "volume", lead: "Volume, where 100 is normal"))
    static let punctuation = Setting.choice(
        .punctuation, \.punctuation, default: .some, name: .settingPunctuation,
        words: [.none: .punctuationNone, .some: .punctuationSome, .most: .punctuationMost, .all: .punctuationAll],
        option: SettingOption(name: "punctuation", noun: "punctuation level", lead: "Which punctuation is spoken"))
    static let capitals = Setting.choice(
        .capitals, \.capitals, default: .pitch, name: .settingCapitals,
        words: [.none: .capitalsNone, .spell: .capitalsSpell, .earcon: .capitalsEarcon, .pitch: .capitalsPitch],
        option: SettingOption(name: "capitals", noun: "capital letter indication", lead: "How capital letters are told apart"))
    static let speechBackend = Setting.choice(
        .speechBackend, \.speechBackend, default: .espeak, name: .settingSpeechBackend,
        named: { $0 == SpeechBackend.espeak.rawValue ? "eSpeak NG" : "speech-dispatcher" },
        option: SettingOption(
            name: "speech-backend", valueName: "espeak|speech-dispatcher", noun: "speech backend", lead: "Who speaks",
            note: "espeak is loowi's own eSpeak NG; speech-dispatcher is your speech-dispatcher's queue, and eSpeak NG if it does not answer."))

    // MARK: Reading

    static let keyEcho = Setting.choice(
        .keyEcho, \.keyEcho, default: .auto, name: .settingKeyEcho,
        words: [.auto: .keyEchoAuto, .none: .keyEchoNone, .characters: .keyEchoCharacters, .words: .keyEchoWords, .both: .keyEchoBoth],
        option: SettingOption(name: "echo", noun: "key echo", lead: "Key echo in text fields"))
    static let verbosity = Setting.choice(
        .verbosity, \.verbosity, default: .beginner, name: .settingVerbosity,
        words: [.beginner: .verbosityBeginner, .intermediate: .verbosityIntermediate, .expert: .verbosityExpert],
        option: SettingOption(name: "verbosity", noun: "verbosity", lead: "How much each control says"))
    static let positions = Setting.onOff(.positions, \.announcesPositions, default: true, name: .settingPositions)
    static let links = Setting.choice(
        .links, \.links, default: .host, name: .settingLinks, words: [.host: .linksHost, .full: .linksFull, .omit: .linksOmit])
    /// By name, with a run of three or more counted, and custom emoji as words: what a
    /// listener wants every day (a voice reading "🎉🎉🎉🎉🎉" says "party popper" five times).
    static let emoji = Setting.choice(
        .emoji, \.emoji, default: .collapse, name: .settingEmoji,
        words: [.keep: .emojiKeep, .names: .emojiNames, .collapse: .emojiCollapse, .drop: .emojiDrop])
    static let splitHashtags = Setting.onOff(.splitHashtags, \.splitsHashtags, default: true, name: .settingHashtags)
    /// A post in another language than the interface is read by that language's voice.
    static let postLanguageVoice = Setting.onOff(.postLanguageVoice, \.readsPostLanguage, default: true, name: .settingPostLanguage)
    /// The audio glance replaces words at expert verbosity only, unless chosen (issue 15).
    static let glanceBeginner = Setting.onOff(.glanceBeginner, \.[glance: .beginner], default: false, name: .settingGlanceBeginner)
    static let glanceIntermediate = Setting.onOff(
        .glanceIntermediate, \.[glance: .intermediate], default: false, name: .settingGlanceIntermediate)
    static let glanceExpert = Setting.onOff(.glanceExpert, \.[glance: .expert], default: true, name: .settingGlanceExpert)
    /// Each author's words in a voice of their own (issue 15): off unless chosen.
    static let voicesForPeople = Setting.onOff(.voicesForPeople, \.voicesForPeople, default: false, name: .settingVoicesForPeople)
    static let postTemplate = Setting.text(
        .postTemplate, \.postTemplate, default: standardTemplate, emptyAdvice: "give a template such as \(TOMLValue.quoted(standardTemplate))",
        check: { value throws(ConfigError) in try checkTemplate(value) })
    private static let standardTemplate = "$author. $reply $visibility $cw $text. $media. $poll. $quote. $yours $date"
    static let keypad = Setting.choice(
        .keypad, \.keypadStyle, default: .timed, name: .settingKeypad, words: [.timed: .keypadTimed, .multiTap: .keypadMultiTap],
        option: SettingOption(name: "keypad", noun: "keypad entry", lead: "Keypad entry", note: "timed is the iLoowi way."))
    /// The silence after each letter of a timed keypad key, and the multi-tap commit pause.
    static let keypadPace = Setting.number(.keypadPace, \.keypadPaceMilliseconds, default: 1200, range: 300...5000, step: 100)
    /// The silence a timed selector leaves after each option.
    static let selectorPace = Setting.number(.selectorPace, \.selectorPaceMilliseconds, default: 700, range: 200...5000, step: 100)

    // MARK: Sounds and the screen

    static let sounds = Setting.onOff(.sounds, \.soundsEnabled, default: true, name: .settingSounds)
    static let soundVolume = Setting.number(
        .soundVolume, \.soundVolume, default: 100, range: 0...100, step: 10, name: .settingSoundVolume, words: .unit(.valuePercent))
    static let soundPack = Setting.text(
        .soundPack, \.soundPack, unsetMeans: "the built-in sounds",
        emptyAdvice: "give the name of a folder in $XDG_DATA_HOME/loowi/sounds/, or remove the line to use the built-in sounds",
        name: .settingSoundPack, words: .unsetOr(.valueBuiltInSounds, { $0 }),
        option: SettingOption(name: "sound-pack", noun: "sound pack", lead: "Use the sounds in $XDG_DATA_HOME/loowi/sounds/NAME where present"),
        check: { value throws(ConfigError) in
            guard case .string(let name) = value, !name.contains("/"), name != ".", name != ".." else {
                throw ConfigError("sound_pack \(value.tomlText) must be the name of a folder in $XDG_DATA_HOME/loowi/sounds/, without /.")
            }
        })
    static let display = Setting.choice(
        .display, \.display, default: .full, name: .settingDisplay, words: [.full: .displayFull, .line: .displayLine])
    /// `NO_COLOR` in the environment chooses the terminal's colours, whatever this says.
    static let theme = Setting.choice(
        .theme, \.theme, default: .default, name: .settingTheme,
        words: [.default: .themeDefault, .highContrast: .themeHighContrast, .plain: .themePlain])
    /// Line mode prints a word in brackets for each meaningful sound ("[no action]", "[top]").
    static let soundWords = Setting.onOff(.soundWords, \.soundWords, default: true, name: .settingSoundWords)

    // MARK: The server

    /// Direct messages only to people who follow you (iLoowi's rule).
    static let dmFollowersOnly = Setting.onOff(.dmFollowersOnly, \.dmFollowersOnly, default: true)
    static let caFile = Setting.text(
        .caFile, \.caFile, unsetMeans: "only the system's certificate authorities are trusted",
        emptyAdvice:
            "give the path of a PEM file with your server's certificate authority, or remove the line to trust only the system's authorities")
    /// Items one buffer holds at most: one page at the least, and few enough for memory.
    static let bufferLimit = Setting.number(.bufferLimit, \.bufferLimit, default: 1000, range: 40...10_000, step: 100)
    /// How often a server without streaming is asked for news: two requests each time, so
    /// even the shortest stays far inside Mastodon's 300 requests per 5 minutes.
    static let pollSeconds = Setting.number(.pollSeconds, \.pollSeconds, default: 60, range: 15...3600, step: 15)
    /// An attachment is sent only with a description, unless this is off.
    static let altTextRequired = Setting.onOff(.altTextRequired, \.altTextRequired, default: true)

    /// How each kind of live update is announced (`announce_mention`, …).
    static func announcement(_ kind: AnnouncementKind) -> Setting<AnnouncementStyle> {
        Setting.choice(
            ConfigKey(rawValue: "announce_" + kind.rawValue)!, \.[announcement: kind], default: kind.defaultStyle, name: kind.settingName,
            words: Dictionary(uniqueKeysWithValues: AnnouncementStyle.allCases.map { ($0, $0.spokenStyle) }))
    }

    /// "Grace Okafor mentioned you: are you there?" rather than the name alone.
    static let announceWords = Setting.onOff(.announceWords, \.announcesWords, default: true, name: .settingAnnounceWords)

    /// Every declaration, by its key.
    static let all: [ConfigKey: any AnySetting] = {
        let list: [any AnySetting] =
            [
                language, voice, rate, pitch, volume, punctuation, capitals, speechBackend, keyEcho, verbosity, positions, links, emoji,
                splitHashtags, postLanguageVoice, glanceBeginner, glanceIntermediate, glanceExpert, voicesForPeople, postTemplate, keypad,
                keypadPace, selectorPace, sounds, soundVolume, soundPack, display, theme, dmFollowersOnly, caFile, bufferLimit,
                pollSeconds, soundWords, altTextRequired, announceWords,
            ] + AnnouncementKind.allCases.map(announcement)
        return Dictionary(uniqueKeysWithValues: list.map { ($0.key, $0) })
    }()

    /// A misspelt `$variable` would otherwise be read out letter by letter in every post.
    private static func checkTemplate(_ value: TOMLValue) throws(ConfigError) {
        guard case .string(let template) = value else { return }
        let scalars = Array(template.unicodeScalars)
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "$" else { continue }
            var end = index + 1
            while end < scalars.count, scalars[end] == "_" || scalars[end].properties.isAlphabetic { end += 1 }
            let name = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
            guard name.isEmpty || LoowiConfig.postTemplateVariables.contains(name) else {
                throw ConfigError(
                    "post_template uses $\(name), which loowi does not know; use \(ConfigKey.orList(LoowiConfig.postTemplateVariables.map { "$" + $0 }))."
                )
            }
            index = end - 1
        }
    }
}

extension AnnouncementKind {
    /// The `announce_…` setting's name on the settings screen.
    var settingName: AppText {
        switch self {
        case .mention: .settingAnnounceMention
        case .directMessage: .settingAnnounceDirectMessage
        case .follow: .settingAnnounceFollow
        case .favourite: .settingAnnounceFavourite
        case .boost: .settingAnnounceBoost
        case .newPost: .settingAnnounceNewPost
        case .pollEnded: .settingAnnouncePollEnded
        case .edited: .settingAnnounceEdited
        }
    }
}
