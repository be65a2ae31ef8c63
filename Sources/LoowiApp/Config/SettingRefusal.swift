import AccessibleControls

/// A value a setting's rule refuses, kept as facts so it can be said in each place a value
/// comes from, every time from the setting's one declaration: config.toml's words (English,
/// with the file's name for it), the command line's (English, with the option's noun) and
/// speech (the interface language, with the setting's spoken name).
public enum SettingRefusal: Sendable, Equatable {
    case outOfRange(ConfigKey, Int, ClosedRange<Int>)
    case notAllowed(ConfigKey, String, [String])

    public var key: ConfigKey {
        switch self {
        case .outOfRange(let key, _, _), .notAllowed(let key, _, _): key
        }
    }

    /// As config.toml and `loowi config` say it: "rate 900 is out of range; use 80 to 450."
    var fileMessage: String {
        switch self {
        case .outOfRange(let key, let number, let range):
            "\(key.rawValue) \(number) is out of range; use \(range.lowerBound) to \(range.upperBound)."
        case .notAllowed(let key, let text, let names):
            "\(key.rawValue) \(TOMLValue.string(text).tomlText) is not allowed; use \(ConfigKey.orList(names))."
        }
    }

    /// As an option's value is refused: "\"5000\" is not a valid speech rate. Allowed: 80 to
    /// 450 words per minute."
    var commandLineMessage: String {
        let option = key.declaration.option
        let noun = option?.noun ?? key.rawValue
        switch self {
        case .outOfRange(_, let number, let range):
            return "\"\(number)\" is not a valid \(noun). Allowed: \(range.lowerBound) to \(range.upperBound)\(option?.unit.map { " " + $0 } ?? "")."
        case .notAllowed(_, let text, let names):
            return "\"\(TOMLValue.visible(text))\" is not a valid \(noun). Allowed: \(names.joined(separator: ", "))."
        }
    }

    /// As it is heard, in `language`: "Speech rate: 451 is out of range; use 80 to 450."
    public func spoken(in language: Language) -> String {
        let s = AppStrings(language)
        let name = key.declaration.spokenName.map { s($0) } ?? key.rawValue
        switch self {
        case .outOfRange(_, let number, let range):
            return s(.settingOutOfRange, name, String(number), String(range.lowerBound), String(range.upperBound))
        case .notAllowed(_, let text, let names):
            return s(.settingNotAllowed, name, TOMLValue.visible(text), Strings(language).alternatives(names))
        }
    }
}
