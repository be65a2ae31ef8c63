/// A setting's command-line option as loowi's parser lists it: `--rate <rate>` and its help.
public struct CommandLineOption: Sendable, Equatable {
    public let name: String
    /// The value's name in usage; nil when it is the option's own.
    public let valueName: String?
    public let help: String
    /// The words it takes when they are a fixed set (for completions); empty for numbers and text.
    public let choices: [String]
}

extension ConfigKey {
    /// The option that overrides this setting for one command (`say --rate 200`), with help
    /// made from the declaration: the range or the choices, and the default.
    public var commandLineOption: CommandLineOption? {
        guard let option = declaration.option else { return nil }
        let fallback = declaration.unsetMeans ?? declaration.defaultTOML.map(Self.plain) ?? ""
        let values: String =
            switch rule {
            case .number(let range, _): " (\(range.lowerBound) to \(range.upperBound); default: config.toml's, else \(fallback))."
            case .choice(let names): ": \(Self.orList(names)) (default: config.toml's, else \(fallback))."
            case .onOff, .text: " (default: config.toml's, else \(fallback))."
            }
        return CommandLineOption(
            name: option.name, valueName: option.valueName, help: option.lead + values + (option.note.map { " " + $0 } ?? ""),
            choices: rule.closedSet)
    }

    /// `config` with the option's `word` in place of config.toml's value, checked by the
    /// setting's own rule; a refusal is said in the command line's words ("\"5000\" is not a
    /// valid speech rate. Allowed: 80 to 450 words per minute.").
    public func override(_ config: inout LoowiConfig, with word: String) throws(ConfigError) {
        guard let value = rule.value(fromCommandLine: word) else {
            throw ConfigError("--\(declaration.option?.name ?? rawValue) takes a whole number, not \"\(TOMLValue.visible(word))\".")
        }
        do {
            try apply(value, to: &config)
        } catch {
            throw error.refusal.map { ConfigError($0.commandLineMessage) } ?? error
        }
    }

    private static func plain(_ value: TOMLValue) -> String {
        if case .string(let text) = value { text } else { value.tomlText }
    }
}
