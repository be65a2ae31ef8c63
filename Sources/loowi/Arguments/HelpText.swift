#if canImport(Glibc)
    import Glibc
#endif

/// A command's help, as `--help`, `-h` and `loowi help COMMAND` print it: what it does, its
/// usage, its arguments and options with what each takes, and the commands under it. Wrapped at
/// the terminal's width (80 columns when the output is not a terminal), so a braille display
/// or a screen reader gets whole lines.
struct HelpText {
    let path: [CommandInfo]
    var columns = HelpText.terminalColumns

    private var info: CommandInfo { path[path.count - 1] }
    private var isRoot: Bool { path.count == 1 }
    private var commandName: String { path.map(\.name).joined(separator: " ") }

    var text: String {
        var out = ""
        out += wrap("OVERVIEW: " + info.abstract, indent: 0) + "\n"
        if !info.discussion.isEmpty { out += "\n" + wrap(info.discussion, indent: 0) + "\n" }
        out += "\n" + usage + "\n"
        let visible = info.parameters.filter { !$0.hidden }
        let arguments = visible.filter { $0.kind == .argument }
        if !arguments.isEmpty {
            out += "\nARGUMENTS:\n" + arguments.map { row($0.spelled, describe($0)) }.joined()
        }
        var options = visible.filter { $0.kind != .argument }.map { row(label($0), describe($0)) }
        if isRoot { options.append(row("--version", "Show the version.")) }
        options.append(row("-h, --help", "Show help information."))
        out += "\nOPTIONS:\n" + options.joined()
        if !info.subcommands.isEmpty {
            out += "\nSUBCOMMANDS:\n"
            for subcommand in info.subcommands {
                let sub = subcommand.info
                let isDefault = info.defaultSubcommand.map { $0.info.name == sub.name } ?? false
                out += row(sub.name + (isDefault ? " (default)" : ""), sub.abstract)
            }
            out += "\n  " + wrap("See 'loowi help \(isRoot ? "" : path.dropFirst().map(\.name).joined(separator: " ") + " ")<subcommand>' for detailed help.", indent: 2, from: 2) + "\n"
        }
        return out
    }

    /// `USAGE: loowi post [<text> ...] [--reply-to <id>] …`, or `loowi config <subcommand>`.
    var usage: String {
        var parts = ["USAGE:", commandName]
        if info.subcommands.isEmpty {
            parts += info.parameters.filter { !$0.hidden }.map(\.usage)
        } else {
            parts.append(info.defaultSubcommand == nil ? "<subcommand>" : "[<subcommand>]")
        }
        // Each parameter kept whole on its line: `[--account <handle>]` is not cut.
        return wrap(parts[...], indent: 7)
    }

    /// What a usage error adds to its message: the usage, and where the help is.
    var usageReminder: String {
        "Usage: " + usage.dropFirst("USAGE: ".count) + "\n  See '\(commandName) --help' for more information.\n"
    }

    private func label(_ parameter: Parameter) -> String {
        parameter.kind == .flag ? "--\(parameter.name)" : "--\(parameter.name) <\(parameter.valueName)>"
    }

    private func describe(_ parameter: Parameter) -> String {
        var help = parameter.help
        if let shown = parameter.shownDefault { help += " (default: \(shown))" }
        return help
    }

    /// Two columns: the label indented by two, the help from column 26 (below the label when
    /// the label is wider).
    private func row(_ label: String, _ help: String) -> String {
        let start = 26
        let head = "  " + label
        let body = wrap(help, indent: start, from: start)
        if head.count <= start - 2 {
            return head + String(repeating: " ", count: start - head.count) + body + "\n"
        }
        return head + "\n" + String(repeating: " ", count: start) + body + "\n"
    }

    /// Words wrapped to `columns`: the first line starts at column `from` (placed by the
    /// caller), the others are indented by `indent`.
    private func wrap(_ text: String, indent: Int, from firstColumn: Int = 0) -> String {
        wrap(text.split(separator: " "), indent: indent, from: firstColumn)
    }

    private func wrap(_ words: some Collection<some StringProtocol>, indent: Int, from firstColumn: Int = 0) -> String {
        let width = max(columns, indent + 20)
        var out = ""
        var column = firstColumn
        var lineHasWords = false
        for word in words {
            if lineHasWords, column + 1 + word.count > width {
                out += "\n" + String(repeating: " ", count: indent)
                column = indent
                lineHasWords = false
            }
            if lineHasWords {
                out += " "
                column += 1
            }
            out += word
            column += word.count
            lineHasWords = true
        }
        return out
    }

    /// The terminal's width when standard output is one; 80 otherwise.
    static var terminalColumns: Int {
        var size = winsize()
        guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
