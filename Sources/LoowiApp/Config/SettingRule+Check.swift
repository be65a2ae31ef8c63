extension SettingRule {
    /// `value` as the setting keeps it (a choice in config.toml's spelling), or the reason it
    /// is refused, without a line: the caller adds where it came from.
    func check(_ value: TOMLValue, for key: ConfigKey) throws(ConfigError) -> TOMLValue {
        switch (self, value) {
        case (.number(let range, _), .integer(let number)):
            guard range.contains(number) else { throw ConfigError(refusal: .outOfRange(key, number, range)) }
            return value
        case (.choice(let names), .string(let text)):
            guard let name = names.first(where: { $0 == text.lowercased() }) else {
                throw ConfigError(refusal: .notAllowed(key, text, names))
            }
            return .string(name)
        case (.onOff, .boolean):
            return value
        case (.text(let advice), .string(let text)):
            guard !text.trimmingWhitespace.isEmpty else { throw ConfigError("\(key.rawValue) is empty; \(advice).") }
            return value
        default:
            throw mismatch(value, for: key)
        }
    }

    func mismatch(_ value: TOMLValue, for key: ConfigKey) -> ConfigError {
        ConfigError("\(key.rawValue) must be \(expectation), not \(value.tomlText).")
    }

    private var expectation: String {
        switch self {
        case .choice(let names): "one of \(ConfigKey.orList(names)), in quotes"
        case .number(let range, _): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .onOff: "true or false"
        case .text: "text in quotes"
        }
    }

    /// The words a closed set of values is written with (true and false for a switch); empty
    /// for numbers and text.
    var closedSet: [String] {
        switch self {
        case .choice(let names): names
        case .onOff: ["true", "false"]
        case .number, .text: []
        }
    }

    /// Turns a value typed on the command line into the value the file will hold: numbers
    /// stay numbers, `true`/`false` (or `on`/`off`) are booleans, the rest is text. nil when
    /// the word is not of the setting's kind.
    func value(fromCommandLine text: String) -> TOMLValue? {
        switch self {
        case .number: Int(text).map(TOMLValue.integer)
        case .onOff:
            switch text.lowercased() {
            case "true", "on": .boolean(true)
            case "false", "off": .boolean(false)
            default: nil
            }
        case .choice: .string(text.lowercased())
        case .text: .string(text)
        }
    }
}
