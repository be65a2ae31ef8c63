/// What `set` or `unset` did, said the way `loowi config set` prints it.
public struct ConfigChange: Sendable, Equatable, CustomStringConvertible {
    /// `rate`, or `keys.F9` for a keymap override.
    public var name: String
    /// The value in the file before, as written there; nil when the file did not set it.
    public var previous: String?
    /// The value in the file now; nil when the line was removed.
    public var current: String?
    /// What applies when the file does not set it: "175, the default".
    public var fallback: String
    /// A problem left in other lines of the file; the change was still written.
    public var remainingProblem: ConfigError?

    public var description: String {
        if let current {
            let was = previous == current ? "unchanged" : "was \(previous ?? fallback)"
            return "\(name) = \(current) (\(was))"
        }
        if let previous { return "\(name) removed (was \(previous)); now \(fallback)." }
        return "\(name) is not in the file; it is already \(fallback)."
    }
}

extension ConfigFile {
    /// Sets one setting from the command line: `set("rate", to: "200")`, `set("keys.F9", to: "info")`.
    /// The value is checked first; a file that is not valid TOML is left alone.
    @discardableResult
    public func set(_ name: String, to value: String) throws(ConfigError) -> ConfigChange {
        let target = try Target(name)
        let newValue: TOMLValue
        switch target {
        case .setting(let key):
            newValue = try key.value(fromCommandLine: value)
            var scratch = LoowiConfig()
            try key.apply(newValue, to: &scratch)
        case .binding(let key):
            try Self.checkBinding(key, value)
            newValue = .string(value)
        }
        return try edit(target) { editor throws(TOMLError) in try editor.set(target.key, in: target.table, to: newValue) }
    }

    /// Removes a setting's line so its default applies again.
    @discardableResult
    public func unset(_ name: String) throws(ConfigError) -> ConfigChange {
        let target = try Target(name)
        return try edit(target) { editor throws(TOMLError) in try editor.remove(target.key, in: target.table) }
    }

    /// Saves settings changed while the app runs, such as the rate after the user speeds
    /// speech up, or the verbosity after F5: `try file.persist([.rate], from: config)`.
    /// Only the named settings' lines change (a setting that is not set, such as a nil voice,
    /// loses its line); the rest of the file, comments included, stays as it is. A file that is
    /// not valid TOML is not touched, so a typo there never costs the user their file.
    public func persist(_ keys: [ConfigKey], from config: LoowiConfig) throws(ConfigError) {
        var editor = ConfigEditor(text: try readText() ?? "")
        do {
            for key in keys {
                if let value = key.value(in: config) {
                    try editor.set(key.rawValue, in: nil, to: value)
                } else {
                    try editor.remove(key.rawValue, in: nil)
                }
            }
        } catch {
            throw ConfigError(error.message, file: fileName, line: error.line)
        }
        try write(editor.text)
    }

    private func edit(_ target: Target, _ change: (inout ConfigEditor) throws(TOMLError) -> Void) throws(ConfigError) -> ConfigChange {
        let original = try readText()
        var editor = ConfigEditor(text: original ?? "")
        let previous: TOMLValue?
        let current: TOMLValue?
        do {
            previous = try TOMLParser.parse(editor.text).entry(target.key, in: target.table)?.value
            try change(&editor)
            current = try TOMLParser.parse(editor.text).entry(target.key, in: target.table)?.value
        } catch {
            throw ConfigError(error.message, file: fileName, line: error.line)
        }
        if editor.text != original ?? "" { try write(editor.text) }
        var result = ConfigChange(name: target.name, previous: previous?.tomlText, current: current?.tomlText, fallback: target.fallback)
        do {
            _ = try Self.config(from: editor.text, fileName: fileName)
        } catch {
            result.remainingProblem = error
        }
        return result
    }
}

/// A name from the command line: a setting, or `keys.NAME` for a keymap override.
private enum Target {
    case setting(ConfigKey)
    case binding(String)

    init(_ name: String) throws(ConfigError) {
        let prefix = ConfigFile.keysTable + "."
        if name.hasPrefix(prefix), name.count > prefix.count {
            self = .binding(String(name.dropFirst(prefix.count)))
        } else if let key = ConfigKey(rawValue: name) {
            self = .setting(key)
        } else {
            throw ConfigError("unknown setting \(TOMLValue.quoted(name)). \(ConfigKey.knownList) Set a key with keys.NAME, such as keys.F9.")
        }
    }

    var key: String {
        switch self {
        case .setting(let key): key.rawValue
        case .binding(let key): key
        }
    }

    var table: String? {
        switch self {
        case .setting: nil
        case .binding: ConfigFile.keysTable
        }
    }

    var name: String {
        switch self {
        case .setting(let key): key.rawValue
        case .binding(let key): "\(ConfigFile.keysTable).\(TOMLValue.key(key))"
        }
    }

    var fallback: String {
        switch self {
        case .setting(.voice), .setting(.soundPack): Target.settingFallback(self)
        case .setting: "\(Target.settingFallback(self)), the default"
        case .binding: "the standard binding"
        }
    }

    private static func settingFallback(_ target: Target) -> String {
        guard case .setting(let key) = target else { return "" }
        return key.defaultDescription
    }
}
