import AccessibleControls
import SpeechAudio

/// The settings screen (F9) and its rows: each row is a setting's declaration (its spoken
/// name, its step and range, the words for its values), the same one config.toml checks.
extension ConfigKey {
    /// The settings that shape what is heard and shown, in the screen's order.
    static let onScreen: [ConfigKey] = [
        .voice, .rate, .pitch, .volume, .punctuation, .capitals, .keyEcho, .verbosity, .positions, .language,
        .links, .emoji, .splitHashtags, .postLanguageVoice,
        .announceMention, .announceDirectMessage, .announceFollow, .announceFavourite, .announceBoost, .announceNewPost,
        .announcePollEnded, .announceEdited, .announceWords,
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

    /// The value `direction` steps away (+1 next, -1 previous; 0 goes round, as Enter does),
    /// or nil at an end. A number moves by its declared step within its declared range.
    /// `texts` are the values a text setting can take (voices, sound packs), nil first for
    /// "not set".
    func stepped(_ direction: Int, from config: LoowiConfig, texts: [String?]) -> TOMLValue?? {
        let current = value(in: config)
        switch rule {
        case .onOff:
            guard case .boolean(let on) = current else { return nil }
            let next = direction == 0 ? !on : direction > 0
            return next == on ? nil : .some(.boolean(next))
        case .number(let range, let step):
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
        let value = value(in: config)
        switch (value, declaration.words) {
        case (nil, .unsetOr(let unset, _)): return s(unset)
        case (.boolean(let on), _): return s(on ? .valueOn : .valueOff)
        case (.integer(let number), .unit(let unit)): return s(unit, String(number))
        case (.integer(let number), _): return String(number)
        case (.string(let text), .names(let names)): return names[text].map { s($0) } ?? text
        case (.string(let text), .named(let named)), (.string(let text), .unsetOr(_, let named)): return named(text)
        case (.string(let text), _): return text
        case (nil, _), (.float, _): return ""
        }
    }

    /// Every choice of every setting on the screen has words or a way to name it (the
    /// completeness test asks).
    static var unnamedChoices: [String] {
        onScreen.flatMap { key -> [String] in
            guard case .choice(let names) = key.rule else { return [] }
            switch key.declaration.words {
            case .names(let words): return names.filter { words[$0] == nil }.map { key.rawValue + "." + $0 }
            case .named, .unsetOr: return []
            case .asWritten, .unit: return names.map { key.rawValue + "." + $0 }
            }
        }
    }

    /// The setting's name on the screen.
    var spokenName: AppText? { declaration.spokenName }
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
