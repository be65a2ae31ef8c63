import AccessibleControls

/// One setting, declared once (issue 36): its name in config.toml, where it lives in
/// `LoowiConfig`, its default, the rule its values follow (a range and a step, or the
/// choices), its spoken name and value words on the settings screen, and its command-line
/// option. config.toml, `loowi config`, the settings screen, the settings keys (F5–F8) and
/// `loowi say` all read a setting from here: no other place states a range, a step or a
/// default. The declarations themselves are in `Settings`.
struct Setting<Value: Sendable & Equatable>: Sendable {
    let key: ConfigKey
    let path: WritableKeyPath<LoowiConfig, Value> & Sendable
    let defaultValue: Value
    let rule: SettingRule
    /// Its name on the settings screen; nil for a setting left to `loowi config`.
    var spokenName: AppText?
    /// How the settings screen says a value.
    var words: ValueWords = .asWritten
    /// The option that overrides it for one command (`say --rate 200`).
    var option: SettingOption?
    /// What applies while a setting that may be unset is not set, in `loowi config`'s words.
    var unsetMeans: String?
    /// A check beyond the rule (a sound pack's name, the post template's variables).
    var extraCheck: (@Sendable (TOMLValue) throws(ConfigError) -> Void)?
    let encode: @Sendable (Value) -> TOMLValue?
    let decode: @Sendable (TOMLValue) -> Value?
}

/// What values a setting takes: the one rule every way of setting it checks.
enum SettingRule: Sendable {
    /// A whole number in the range; Right and Left (and F7 and F8, for the rate) move it by `step`.
    case number(ClosedRange<Int>, step: Int)
    /// One of these names, as config.toml spells them.
    case choice([String])
    case onOff
    /// Text; `emptyAdvice` says what to write rather than nothing.
    case text(emptyAdvice: String)
}

/// How the settings screen says a setting's value.
enum ValueWords: Sendable {
    /// The number or the name as config.toml writes it.
    case asWritten
    /// A number in a sentence: "{0} words a minute".
    case unit(AppText)
    /// Each choice's words, by its name.
    case names([String: AppText])
    /// A proper name made readable (a language in itself, a voice's name).
    case named(@Sendable (String) -> String)
    /// A text setting: its words when it is not set, and how a value is said.
    case unsetOr(AppText, ValueWords.Named)

    typealias Named = @Sendable (String) -> String
}

/// A setting's command-line option, such as `say --rate 200`.
struct SettingOption: Sendable {
    /// Without its dashes: "rate".
    let name: String
    /// The value's name in usage, when not the option's own: "espeak|speech-dispatcher".
    var valueName: String?
    /// What the value is in the command line's messages: "speech rate", "punctuation level".
    let noun: String
    /// A number's unit in those messages: "words per minute".
    var unit: String?
    /// The help's first words; the values it takes and its default are added from the
    /// declaration, so the help cannot disagree with what is checked.
    let lead: String
    /// More help, after the values and the default.
    var note: String?
}

/// A declaration with its value type erased, as `ConfigKey.declaration` gives it: values go
/// in and out as config.toml writes them.
protocol AnySetting: Sendable {
    var key: ConfigKey { get }
    var rule: SettingRule { get }
    var spokenName: AppText? { get }
    var words: ValueWords { get }
    var option: SettingOption? { get }
    var unsetMeans: String? { get }
    /// The default as config.toml would write it; nil when the default is "not set".
    var defaultTOML: TOMLValue? { get }
    /// The value in `config`, as written in the file; nil when it is not set.
    func value(in config: LoowiConfig) -> TOMLValue?
    /// Checks `value` against the rule and stores it; nil puts the default back.
    func apply(_ value: TOMLValue?, to config: inout LoowiConfig) throws(ConfigError)
}

extension Setting: AnySetting {
    var defaultTOML: TOMLValue? { encode(defaultValue) }

    func value(in config: LoowiConfig) -> TOMLValue? { encode(config[keyPath: path]) }

    func apply(_ value: TOMLValue?, to config: inout LoowiConfig) throws(ConfigError) {
        guard let value else {
            config[keyPath: path] = defaultValue
            return
        }
        let checked = try rule.check(value, for: key)
        try extraCheck?(checked)
        guard let typed = decode(checked) else { throw rule.mismatch(value, for: key) }
        config[keyPath: path] = typed
    }
}

// MARK: The kinds of setting

extension Setting where Value == Int {
    static func number(
        _ key: ConfigKey, _ path: WritableKeyPath<LoowiConfig, Int> & Sendable, default value: Int, range: ClosedRange<Int>, step: Int,
        name: AppText? = nil, words: ValueWords = .asWritten, option: SettingOption? = nil
    ) -> Setting {
        Setting(
            key: key, path: path, defaultValue: value, rule: .number(range, step: step), spokenName: name, words: words, option: option,
            encode: { .integer($0) }, decode: { if case .integer(let number) = $0 { number } else { nil } })
    }
}

extension Setting where Value: RawRepresentable & CaseIterable & Hashable, Value.RawValue == String {
    static func choice(
        _ key: ConfigKey, _ path: WritableKeyPath<LoowiConfig, Value> & Sendable, default value: Value, name: AppText? = nil,
        words: [Value: AppText] = [:], option: SettingOption? = nil
    ) -> Setting {
        Setting(
            key: key, path: path, defaultValue: value, rule: .choice(Value.allCases.map(\.rawValue)), spokenName: name,
            words: words.isEmpty ? .asWritten : .names(Dictionary(uniqueKeysWithValues: words.map { ($0.key.rawValue, $0.value) })),
            option: option, encode: { .string($0.rawValue) },
            decode: { if case .string(let name) = $0 { Value(rawValue: name) } else { nil } })
    }

    /// A choice whose values are proper names, said as `named` makes them readable.
    static func choice(
        _ key: ConfigKey, _ path: WritableKeyPath<LoowiConfig, Value> & Sendable, default value: Value, name: AppText? = nil,
        named: @escaping ValueWords.Named, option: SettingOption? = nil
    ) -> Setting {
        var setting = choice(key, path, default: value, name: name, option: option)
        setting.words = .named(named)
        return setting
    }
}

extension Setting where Value == Bool {
    static func onOff(_ key: ConfigKey, _ path: WritableKeyPath<LoowiConfig, Bool> & Sendable, default value: Bool, name: AppText? = nil) -> Setting {
        Setting(
            key: key, path: path, defaultValue: value, rule: .onOff, spokenName: name, encode: { .boolean($0) },
            decode: { if case .boolean(let flag) = $0 { flag } else { nil } })
    }
}

extension Setting where Value == String? {
    /// Text that may be left unset (a voice, a sound pack): nil is its default.
    static func text(
        _ key: ConfigKey, _ path: WritableKeyPath<LoowiConfig, String?> & Sendable, unsetMeans: String, emptyAdvice: String,
        name: AppText? = nil, words: ValueWords = .asWritten, option: SettingOption? = nil,
        check: (@Sendable (TOMLValue) throws(ConfigError) -> Void)? = nil
    ) -> Setting {
        Setting(
            key: key, path: path, defaultValue: nil, rule: .text(emptyAdvice: emptyAdvice), spokenName: name, words: words, option: option,
            unsetMeans: unsetMeans, extraCheck: check, encode: { $0.map(TOMLValue.string) }, decode: { if case .string(let text) = $0 { text } else { nil } })
    }
}

extension Setting where Value == String {
    static func text(
        _ key: ConfigKey, _ path: WritableKeyPath<LoowiConfig, String> & Sendable, default value: String, emptyAdvice: String,
        check: (@Sendable (TOMLValue) throws(ConfigError) -> Void)? = nil
    ) -> Setting {
        Setting(
            key: key, path: path, defaultValue: value, rule: .text(emptyAdvice: emptyAdvice), extraCheck: check, encode: { .string($0) },
            decode: { if case .string(let text) = $0 { text } else { nil } })
    }
}
