/// One thing a command line may hold: a flag (`--ids`), an option with a value
/// (`--count 20`) or a positional argument (`<handle>`), with the words its help shows.
struct Parameter: Sendable {
    enum Kind: Sendable { case flag, option, argument }

    /// What a value is, for the completions and the manual: any text, one of a closed set
    /// (`--visibility`), several of one comma-separated (`--types`), words worth offering
    /// though others are taken too (`config set KEY`), a file, or a folder.
    enum ValueKind: Sendable, Equatable {
        case text
        case choice([String])
        case commaSeparated([String])
        case suggestions([String])
        case file
        case folder

        /// The words a completion offers; empty for text, files and folders.
        var words: [String] {
            switch self {
            case .choice(let words), .commaSeparated(let words), .suggestions(let words): words
            case .text, .file, .folder: []
            }
        }
    }

    let kind: Kind
    /// A flag's or option's long name without its dashes; an argument's name.
    let name: String
    /// The value's name in help and usage: `--reply-to <id>`, `<handle>`.
    let valueName: String
    let help: String
    /// An option that may be given again (`--media`), or an argument that takes every word left.
    var repeats = false
    /// An argument that must be given.
    var required = false
    /// The default help shows, as `(default: 20)`.
    var shownDefault: String?
    /// Read, but left out of help (the benchmark's own child processes).
    var hidden = false
    /// What the value is; the reading itself stays with the command, which names the wrong word.
    var values = ValueKind.text

    static func flag(_ name: String, help: String, hidden: Bool = false) -> Parameter {
        Parameter(kind: .flag, name: name, valueName: name, help: help, hidden: hidden)
    }

    static func option(
        _ name: String, value: String? = nil, help: String, default shown: String? = nil, repeats: Bool = false, hidden: Bool = false,
        values: ValueKind = .text
    ) -> Parameter {
        Parameter(
            kind: .option, name: name, valueName: value ?? name, help: help, repeats: repeats, shownDefault: shown, hidden: hidden,
            values: values)
    }

    /// A positional argument; `required` unless it has a default or is `optional`.
    static func argument(
        _ name: String, help: String, default shown: String? = nil, optional: Bool = false, repeats: Bool = false, values: ValueKind = .text
    ) -> Parameter {
        Parameter(
            kind: .argument, name: name, valueName: name, help: help, repeats: repeats, required: shown == nil && !optional, shownDefault: shown,
            values: values)
    }

    /// How messages and help name it: `--count`, `<handle>`.
    var spelled: String { kind == .argument ? "<\(valueName)>" : "--\(name)" }

    /// How the usage line shows it: `[--count <count>]`, `<handle>`, `[<text> ...]`.
    var usage: String {
        let value =
            switch kind {
            case .flag: "--\(name)"
            case .option: "--\(name) <\(valueName)>"
            case .argument: "<\(valueName)>"
            }
        let shown = repeats ? value + " ..." : value
        return required ? shown : "[\(shown)]"
    }
}
