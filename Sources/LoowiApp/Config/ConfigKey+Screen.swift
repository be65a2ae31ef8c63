import AccessibleControls
import SpeechAudio

/// What the settings screen (F9) knows of each setting, beside what `ConfigKey` declares for
/// config.toml: its spoken name, how far one step goes, and how its values are said. The
/// screen shows exactly `ConfigKey.onScreen`, so a setting is declared once for both.
extension ConfigKey {
    /// The settings that shape what is heard and shown, in the screen's order.
    static let onScreen: [ConfigKey] = [
        .voice, .rate, .pitch, .volume, .punctuation, .capitals, .keyEcho, .verbosity, .positions, .language,
        .links, .emoji, .splitHashtags, .postLanguageVoice,
        .announceMention, .announceDirectMessage, .announceFollow, .announceFavourite, .announceBoost, .announceNewPost,
        .announcePollEnded, .announceEdited,
        .sounds, .soundPack, .soundVolume, .soundWords, .glanceBeginner, .glanceIntermediate, .glanceExpert, .voicesForPeople, .display, .theme, .keypad, .speechBackend,
    ]

    /// Settings that only a new start can change: the terminal mode, the speech connection.
    /// Saved at once all the same, and said so.
    var appliesAtNextStart: Bool {
        switch self {
        case .display, .speechBackend: true
        default: false
        }
    }

    /// How much Right or Left changes a number.
    private var step: Int {
        switch self {
        case .rate: 25
        case .pitch, .volume: 5
        case .soundVolume: 10
        case .keypadPace, .selectorPace: 100
        case .pollSeconds: 15
        case .bufferLimit: 100
        default: 1
        }
    }

    /// The value `direction` steps away (+1 next, -1 previous; 0 goes round, as Enter does),
    /// or nil at an end. `texts` are the values a text setting can take (voices, sound packs),
    /// nil first for "not set".
    func stepped(_ direction: Int, from config: LoowiConfig, texts: [String?]) -> TOMLValue?? {
        let current = value(in: config)
        switch kind {
        case .onOff:
            guard case .boolean(let on) = current else { return nil }
            let next = direction == 0 ? !on : direction > 0
            return next == on ? nil : .some(.boolean(next))
        case .wholeNumber(let range):
            guard case .integer(let number) = current else { return nil }
            var next = number + (direction == 0 ? step : direction * step)
            if direction == 0, next > range.upperBound { next = range.lowerBound }
            next = min(max(next, range.lowerBound), range.upperBound)
            return next == number ? nil : .some(.integer(next))
        case .choice(let names):
            guard case .string(let name) = current, let index = names.firstIndex(of: name) else { return nil }
            guard let next = Self.neighbour(of: index, count: names.count, direction) else { return nil }
            return .some(.string(names[next]))
        case .text:
            let name: String? = if case .string(let text) = current { text } else { nil }
            let index = texts.firstIndex(of: name) ?? 0
            guard texts.count > 1, let next = Self.neighbour(of: index, count: texts.count, direction) else { return nil }
            return .some(texts[next].map(TOMLValue.string))
        }
    }

    private static func neighbour(of index: Int, count: Int, _ direction: Int) -> Int? {
        if direction == 0 { return (index + 1) % count }
        let next = index + direction
        return (0..<count).contains(next) ? next : nil
    }

    /// "Speech rate: 175 words a minute".
    func spokenItem(in config: LoowiConfig, strings: AppStrings) -> String {
        strings(.settingItem, spokenName.map { strings($0) } ?? rawValue, spokenValue(in: config, strings: strings))
    }

    /// The value alone, as said: "175 words a minute", "on", "español".
    func spokenValue(in config: LoowiConfig, strings s: AppStrings) -> String {
        switch value(in: config) {
        case nil:
            return s(self == .voice ? .valueOwnVoice : .valueBuiltInSounds)
        case .boolean(let on):
            return s(on ? .valueOn : .valueOff)
        case .integer(let number):
            switch self {
            case .rate: return s(.valueWordsAMinute, String(number))
            case .volume, .soundVolume: return s(.valuePercent, String(number))
            default: return String(number)
            }
        case .string(let text):
            if self == .language { return Language(rawValue: text)?.ownName ?? text }
            // eSpeak NG names voices "English_(Great_Britain)".
            if self == .voice { return text.split(separator: "_").joined(separator: " ") }
            if self == .speechBackend { return text == SpeechBackend.espeak.rawValue ? "eSpeak NG" : "speech-dispatcher" }
            if announcement != nil, let style = AnnouncementStyle(rawValue: text) { return s(style.spokenStyle) }
            return Self.choiceNames[rawValue + "." + text].map { s($0) } ?? text
        case .some: return ""
        }
    }

    /// The words for each choice, by "setting.value".
    private static let choiceNames: [String: AppText] = [
        "punctuation.none": .punctuationNone, "punctuation.some": .punctuationSome, "punctuation.most": .punctuationMost,
        "punctuation.all": .punctuationAll,
        "capitals.none": .capitalsNone, "capitals.spell": .capitalsSpell, "capitals.earcon": .capitalsEarcon, "capitals.pitch": .capitalsPitch,
        "key_echo.none": .keyEchoNone, "key_echo.characters": .keyEchoCharacters, "key_echo.words": .keyEchoWords, "key_echo.both": .keyEchoBoth,
        "verbosity.beginner": .verbosityBeginner, "verbosity.intermediate": .verbosityIntermediate, "verbosity.expert": .verbosityExpert,
        "links.host": .linksHost, "links.full": .linksFull, "links.omit": .linksOmit,
        "emoji.keep": .emojiKeep, "emoji.names": .emojiNames, "emoji.collapse": .emojiCollapse, "emoji.drop": .emojiDrop,
        "display.full": .displayFull, "display.line": .displayLine,
        "theme.default": .themeDefault, "theme.high-contrast": .themeHighContrast, "theme.plain": .themePlain,
        "keypad.timed": .keypadTimed, "keypad.multi-tap": .keypadMultiTap,
    ]

    /// Every choice of every setting on the screen has words (the completeness test asks).
    static var unnamedChoices: [String] {
        onScreen.flatMap { key -> [String] in
            guard case .choice(let names) = key.kind, key != .language, key != .speechBackend, key.announcement == nil else { return [] }
            return names.map { key.rawValue + "." + $0 }.filter { choiceNames[$0] == nil }
        }
    }

    /// The setting's name on the screen.
    var spokenName: AppText? {
        switch self {
        case .voice: .settingVoice
        case .rate: .settingRate
        case .pitch: .settingPitch
        case .volume: .settingVolume
        case .punctuation: .settingPunctuation
        case .capitals: .settingCapitals
        case .keyEcho: .settingKeyEcho
        case .verbosity: .settingVerbosity
        case .positions: .settingPositions
        case .language: .settingLanguage
        case .links: .settingLinks
        case .emoji: .settingEmoji
        case .splitHashtags: .settingHashtags
        case .postLanguageVoice: .settingPostLanguage
        case .glanceBeginner: .settingGlanceBeginner
        case .glanceIntermediate: .settingGlanceIntermediate
        case .glanceExpert: .settingGlanceExpert
        case .voicesForPeople: .settingVoicesForPeople
        case .announceMention: .settingAnnounceMention
        case .announceDirectMessage: .settingAnnounceDirectMessage
        case .announceFollow: .settingAnnounceFollow
        case .announceFavourite: .settingAnnounceFavourite
        case .announceBoost: .settingAnnounceBoost
        case .announceNewPost: .settingAnnounceNewPost
        case .announcePollEnded: .settingAnnouncePollEnded
        case .announceEdited: .settingAnnounceEdited
        case .sounds: .settingSounds
        case .soundPack: .settingSoundPack
        case .soundVolume: .settingSoundVolume
        case .soundWords: .settingSoundWords
        case .display: .settingDisplay
        case .theme: .settingTheme
        case .keypad: .settingKeypad
        case .speechBackend: .settingSpeechBackend
        case .postTemplate, .keypadPace, .selectorPace, .dmFollowersOnly, .caFile, .bufferLimit, .pollSeconds, .altTextRequired: nil
        }
    }
}

extension AnnouncementStyle {
    var spokenStyle: AppText {
        switch self {
        case .sound: .announceSound
        case .speak: .announceSpeak
        case .interrupt: .announceInterrupt
        case .none: .announceNothing
        }
    }
}

extension Language {
    /// The language's name in itself, as a language menu says it.
    var ownName: String {
        switch self {
        case .britishEnglish: "English (UK)"
        case .americanEnglish: "English (US)"
        case .spanish: "español"
        case .catalan: "català"
        }
    }
}
