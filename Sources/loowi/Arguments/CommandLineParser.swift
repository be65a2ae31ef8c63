import LoowiSupport

/// Finds the command a command line names, then reads the rest of its words for it.
enum CommandLineParser {
    enum Outcome {
        /// The command, read and checked, and the commands it was reached through (root first).
        case run(any Command, path: [CommandInfo])
        case help(path: [CommandInfo])
        case version
    }

    /// A command line that cannot be run, and the command whose usage explains it.
    struct Failure: Error {
        let error: UsageError
        let path: [CommandInfo]
    }

    /// `loowi`, `loowi timeline --count 5`, `loowi config set rate 220`, `loowi help config`.
    /// Words before the command's name are the default command's (`loowi --line` runs
    /// `loowi run --line`).
    static func parse(_ words: [String], root: any Command.Type) throws(Failure) -> Outcome {
        var command = root
        var path = [root.info]
        var rest = words[...]
        while let info = path.last, !info.subcommands.isEmpty {
            if let first = rest.first {
                if let named = info.subcommands.first(where: { $0.info.name == first }) {
                    command = named
                    path.append(named.info)
                    rest = rest.dropFirst()
                    continue
                }
                if first == "-h" || first == "--help" { return .help(path: path) }
                if path.count == 1, first == "--version" { return .version }
                if path.count == 1, first == "help" { return try .help(path: helpPath(rest.dropFirst(), from: path)) }
            }
            guard let fallback = info.defaultSubcommand, rest.first.map({ ArgumentValues.isOptionLike($0) }) ?? true else {
                throw Failure(error: unknownCommand(rest.first, of: path), path: path)
            }
            command = fallback
            path.append(fallback.info)
        }
        if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) { return .help(path: path) }
        do {
            let values = try ArgumentValues.read(Array(rest), for: path[path.count - 1].parameters)
            let made = try command.init(values)
            try made.validate()
            return .run(made, path: path)
        } catch let error as UsageError {
            throw Failure(error: error, path: path)
        } catch {
            throw Failure(error: UsageError("\(error)"), path: path)
        }
    }

    /// `loowi help config set`: the commands named after `help`.
    private static func helpPath(_ names: ArraySlice<String>, from root: [CommandInfo]) throws(Failure) -> [CommandInfo] {
        var path = root
        for name in names {
            guard let info = path.last?.subcommands.first(where: { $0.info.name == name })?.info else {
                throw Failure(error: unknownCommand(name, of: path), path: path)
            }
            path.append(info)
        }
        return path
    }

    private static func unknownCommand(_ word: String?, of path: [CommandInfo]) -> UsageError {
        let group = path.map(\.name).joined(separator: " ")
        guard let word else { return UsageError("Name one of the commands of \(group).") }
        let names = path[path.count - 1].subcommands.map { $0.info.name }
        let close = names.filter { $0.editDistance(to: word) <= 2 || (word.count >= 3 && $0.hasPrefix(word)) }
        let hint = close.isEmpty ? "" : " Did you mean \(close.joined(separator: " or "))?"
        return UsageError("\"\(ArgumentValues.shown(word))\" is not a command of \(group).\(hint)")
    }
}
