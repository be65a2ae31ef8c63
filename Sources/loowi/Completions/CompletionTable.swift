/// The command tables as a shell completion needs them: for each command path ("" for loowi
/// itself, "config set"), the commands under it, the one run when none is named, its options
/// and what each value and argument is. Made from the same tables `--help` prints; the three
/// scripts (`BashCompletion`, `ZshCompletion`, `FishCompletion`) only write it out.
struct CompletionTable {
    struct Node {
        /// The words that reach it after `loowi`, space-separated; "" for loowi itself.
        let path: String
        let abstract: String
        let subcommands: [(name: String, abstract: String)]
        let defaultSubcommand: String?
        /// Its options, then `--help` (and `--version` at the root).
        let options: [Option]
        let arguments: [Argument]
    }

    struct Option {
        let name: String
        let help: String
        /// nil for a flag.
        let value: Parameter.ValueKind?
    }

    struct Argument {
        let name: String
        let value: Parameter.ValueKind
        let repeats: Bool
    }

    let nodes: [Node]

    init(root: any Command.Type = Loowi.self) {
        var nodes: [Node] = []
        func walk(_ info: CommandInfo, path: String) {
            let visible = info.parameters.filter { !$0.hidden }
            var options = visible.filter { $0.kind != .argument }.map { parameter in
                Option(name: parameter.name, help: parameter.help, value: parameter.kind == .flag ? nil : parameter.values)
            }
            options.append(Option(name: "help", help: "Show help information.", value: nil))
            if path.isEmpty { options.append(Option(name: "version", help: "Show the version.", value: nil)) }
            nodes.append(
                Node(
                    path: path, abstract: info.abstract, subcommands: info.subcommands.map { ($0.info.name, $0.info.abstract) },
                    defaultSubcommand: info.defaultSubcommand?.info.name, options: options,
                    arguments: visible.filter { $0.kind == .argument }.map { Argument(name: $0.name, value: $0.values, repeats: $0.repeats) }))
            for sub in info.subcommands { walk(sub.info, path: path.isEmpty ? sub.info.name : path + " " + sub.info.name) }
        }
        walk(root.info, path: "")
        self.nodes = nodes
    }

    func node(_ path: String) -> Node? { nodes.first { $0.path == path } }

    /// The options offered at a command with commands under it: its own and, since options
    /// given before any command are the default one's (`loowi --line`), the default's too.
    func offeredOptions(_ node: Node) -> [Option] {
        guard let fallback = node.defaultSubcommand, let inner = self.node(node.path.isEmpty ? fallback : node.path + " " + fallback) else {
            return node.options
        }
        return node.options + inner.options.filter { option in !node.options.contains { $0.name == option.name } }
    }

    /// The shells a script can be written for, by the name `loowi completions` takes.
    static let shells = ["bash", "zsh", "fish"]

    /// The `_loowi_spec` fields bash and zsh share, after the shell's own `subs` and `opts`:
    /// the default command, the options that take a value, each argument's completion, and
    /// whether the last argument takes every word left.
    func sharedSpecFields(_ node: Node) -> [String] {
        var fields: [String] = []
        if let fallback = node.defaultSubcommand { fields.append("dflt=" + ShellQuote.single(fallback)) }
        let valued = offeredOptions(node).filter { $0.value != nil }.map { "--" + $0.name }
        if !valued.isEmpty { fields.append("vopts=" + ShellQuote.single(" " + valued.joined(separator: " ") + " ")) }
        if !node.arguments.isEmpty {
            fields.append("args=(" + node.arguments.map { ShellQuote.single($0.value.code) }.joined(separator: " ") + ")")
        }
        if node.arguments.last?.repeats == true { fields.append("rep=1") }
        return fields
    }

    /// `_loowi_value`'s cases: each option whose value completes, by its command's path,
    /// printed by the shell's `print` command.
    func valueCases(indent: String, print: String) -> String {
        var out = ""
        for node in nodes {
            for option in offeredOptions(node) {
                guard let value = option.value, value != .text else { continue }
                out += "\(indent)\(ShellQuote.single(node.path + " --" + option.name))) \(print) \(ShellQuote.single(value.code));;\n"
            }
        }
        return out
    }

    func script(for shell: String) -> String? {
        switch shell {
        case "bash": BashCompletion(table: self).script
        case "zsh": ZshCompletion(table: self).script
        case "fish": FishCompletion(table: self).script
        default: nil
        }
    }
}

/// Quoting for the scripts: every word is written between single quotes, which all three
/// shells read literally, with a quote inside closed, escaped and reopened.
enum ShellQuote {
    static func single(_ text: String) -> String {
        "'" + text.replacingQuotes(with: "'\\''") + "'"
    }

    /// fish reads `\'` inside single quotes as a quote.
    static func fish(_ text: String) -> String {
        "'" + text.replacingBackslashes().replacingQuotes(with: "\\'") + "'"
    }

    /// A description on one line, without what a shell or a terminal would act on.
    static func oneLine(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
    }
}

extension String {
    fileprivate func replacingQuotes(with replacement: String) -> String {
        split(separator: "'", omittingEmptySubsequences: false).joined(separator: replacement)
    }

    fileprivate func replacingBackslashes() -> String {
        split(separator: "\\", omittingEmptySubsequences: false).joined(separator: "\\\\")
    }
}

extension Parameter.ValueKind {
    /// The value's completion as the bash and zsh scripts encode it: `w:WORDS` a closed or
    /// suggested set, `c:WORDS` several of a set comma-separated, `f` a file, `d` a folder,
    /// `-` nothing to offer.
    var code: String {
        switch self {
        case .choice(let words), .suggestions(let words): "w:" + words.joined(separator: " ")
        case .commaSeparated(let words): "c:" + words.joined(separator: " ")
        case .file: "f"
        case .folder: "d"
        case .text: "-"
        }
    }
}
