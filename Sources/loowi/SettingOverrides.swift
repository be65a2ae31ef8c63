import LoowiApp

/// Settings given as command-line options (`--rate 200`), each checked by its setting's own
/// rule as it is read, to be put over config.toml's when the command needs them: a command
/// that never speaks never reads config.toml for them.
struct SettingOverrides {
    private var words: [(ConfigKey, String)] = []

    init() {}

    /// The options of `settings` given in `values`; a refused value is a usage error in the
    /// command line's words, with the declaration's range or choices.
    init(_ settings: [ConfigKey], in values: ArgumentValues) throws {
        for key in settings {
            guard let name = key.commandLineOption?.name, let word = values.string(name) else { continue }
            var scratch = LoowiConfig()
            do {
                try key.override(&scratch, with: word)
            } catch {
                throw UsageError(error.description)
            }
            words.append((key, word))
        }
    }

    func contains(_ key: ConfigKey) -> Bool { words.contains { $0.0 == key } }

    func applied(to config: LoowiConfig) -> LoowiConfig {
        var config = config
        // Each was checked as it was read; a rule does not depend on the other settings.
        for (key, word) in words { try? key.override(&config, with: word) }
        return config
    }
}

extension Parameter {
    /// A setting's option, as its declaration describes it.
    init(setting key: ConfigKey) {
        guard let option = key.commandLineOption else { preconditionFailure("\(key) has no command-line option") }
        self = .option(option.name, value: option.valueName, help: option.help, values: option.choices.isEmpty ? .text : .choice(option.choices))
    }
}
