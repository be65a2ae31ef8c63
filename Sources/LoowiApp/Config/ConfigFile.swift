import AccessibleControls
import FoundationEssentials
import LoowiSupport

/// config.toml: read and checked into a `LoowiConfig`, and changed one setting at a time with
/// the user's comments and other lines left as they were.
///
/// - `load()` at start-up: a missing file means the defaults; any problem is a `ConfigError`
///   naming the line, the setting and what is allowed.
/// - `set(_:to:)` and `unset(_:)` for `loowi config set|unset`.
/// - `persist(_:from:)` for changes made while the app runs (rate, verbosity, …).
///
/// Every write replaces the file atomically and creates its folder when needed.
public struct ConfigFile: Sendable {
    public let url: URL

    /// The name of the table of keymap overrides such as `F9 = "info"`, `"list:n" = "next"`.
    public static let keysTable = "keys"
    /// The table of chosen voices for people: `"grace@fake.social" = "f2 +6"`.
    public static let voicesTable = "voices"

    public init(url: URL) { self.url = url }
    public init(paths: AppPaths) { url = paths.configFile }

    var fileName: String { url.lastPathComponent }

    public var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// The settings in the file over the defaults; the defaults alone when there is no file.
    public func load() throws(ConfigError) -> LoowiConfig {
        guard let text = try readText() else { return LoowiConfig() }
        return try Self.config(from: text, fileName: fileName)
    }

    /// Checks every line of `text` and returns the settings it gives. The first problem, in
    /// line order, is thrown.
    static func config(from text: String, fileName: String) throws(ConfigError) -> LoowiConfig {
        let document: TOMLDocument
        do {
            document = try TOMLParser.parse(text)
        } catch {
            throw ConfigError(error.message, file: fileName, line: error.line)
        }
        if let table = document.tables.first(where: { $0.name != keysTable && $0.name != voicesTable }) {
            throw ConfigError(
                "unknown table [\(table.name)]; the tables are [\(keysTable)], for key overrides, and [\(voicesTable)], for people's voices.",
                file: fileName, line: table.line)
        }
        var config = LoowiConfig()
        for entry in document.entries {
            do throws(ConfigError) {
                if entry.table == nil {
                    guard let key = ConfigKey(rawValue: entry.key) else {
                        throw ConfigError("unknown setting \(TOMLValue.quoted(entry.key)). \(ConfigKey.knownList)")
                    }
                    try key.apply(entry.value, to: &config)
                } else if entry.table == voicesTable {
                    let handle = PersonVoice.normalized(entry.key)
                    guard case .string(let text) = entry.value, let voice = PersonVoice(setting: text), !handle.isEmpty else {
                        throw ConfigError(
                            "the voice for \(TOMLValue.key(entry.key)) must be an eSpeak NG variant in quotes, and if you like a pitch change, such as \"f2\" or \"m3 +10\" (from -40 to +40), not \(entry.value.tomlText).")
                    }
                    config.personVoices[handle] = voice
                } else {
                    if ConfigKey(rawValue: entry.key) != nil, Key(name: entry.key) == nil {
                        // The usual cause: a setting written below the [keys] header.
                        throw ConfigError("\(entry.key) is a setting, but it is under [\(keysTable)]; move it above the first [table] line.")
                    }
                    guard case .string(let action) = entry.value else {
                        throw ConfigError("the action for \(TOMLValue.key(entry.key)) must be text in quotes, such as \"info\" or \"none\", not \(entry.value.tomlText).")
                    }
                    try checkBinding(entry.key, action)
                    config.keys[entry.key] = action
                }
            } catch {
                throw error.located(file: fileName, line: entry.line)
            }
        }
        return config
    }

    /// One keymap override, checked alone so that a problem can be pinned to its line.
    static func checkBinding(_ key: String, _ action: String) throws(ConfigError) {
        do {
            _ = try Keymap.loowi.overridden(by: [key: action])
        } catch {
            throw ConfigError(error.description)
        }
    }

    /// The file's text, or nil when there is no file.
    func readText() throws(ConfigError) -> String? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard !isFolder(atPath: url.path) else { throw ConfigError("\(url.path) is a folder; config.toml must be a file.") }
        let bytes: [UInt8]
        switch readFileBytes(atPath: url.path) {
        case .success(let read): bytes = read
        case .failure(let error): throw ConfigError("Cannot read \(url.path): \(error).")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError("\(url.path) is not UTF-8 text; save it as UTF-8.")
        }
        return text
    }

    func write(_ text: String) throws(ConfigError) {
        try AtomicFileWriter.write(text, to: url)
    }
}

extension ConfigFile {
    /// The interface language the file names, read on its own so that a file refused for
    /// another line can still be spoken about in the user's language; nil when it names none
    /// (or cannot be read).
    public var statedLanguage: Language? {
        guard let text = try? readText(), let document = try? TOMLParser.parse(text),
            case .string(let name)? = document.entry(ConfigKey.language.rawValue, in: nil)?.value
        else { return nil }
        return Language(rawValue: name.lowercased())
    }
}
