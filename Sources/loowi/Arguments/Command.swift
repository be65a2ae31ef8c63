/// A loowi command: what its help says and takes (`info`), how it reads its words, and what it
/// does. The command line is matched against these tables directly, with no reflection: the
/// start of every command costs a few thousand instructions, not the 10 to 18 million that
/// swift-argument-parser's Mirror walks and conformance lookups took (DECISIONS.md, "the command
/// line without ArgumentParser").
protocol Command: SendableMetatype {
    static var info: CommandInfo { get }

    /// Reads the words given (`values` holds only names `info.parameters` declares).
    init(_ values: ArgumentValues) throws

    /// Checks the words together, after each was read; a `UsageError` is said with the usage.
    func validate() throws

    func run() async throws
}

extension Command {
    func validate() throws {}

    /// This command alone, read from `words` as if they followed its name (for tests and for
    /// building one command from another's settings).
    static func parse(_ words: [String]) throws -> Self {
        let command = try Self(ArgumentValues.read(words, for: info.parameters))
        try command.validate()
        return command
    }
}

/// Options several commands share (`--account`, the voice options, `--count`): their
/// parameters are added to each command's, and each command reads them with `init`.
protocol ArgumentGroup {
    static var parameters: [Parameter] { get }
    init(_ values: ArgumentValues) throws
}

/// A command's name, its help and what it takes; for a group of commands (`config`,
/// `outbox`), the commands under it.
struct CommandInfo: Sendable {
    let name: String
    let abstract: String
    var discussion = ""
    var parameters: [Parameter] = []
    var subcommands: [any Command.Type] = []
    /// Run when none of `subcommands` is named.
    var defaultSubcommand: (any Command.Type)?
    /// Opens libcurl while the command gets ready, because its first act is a request. By
    /// default, any command that takes `--account`; the app (`run`) opens it behind its first
    /// words instead.
    var opensNetworkAtOnce: Bool?

    var goesOnlineAtOnce: Bool { opensNetworkAtOnce ?? parameters.contains { $0.name == "account" } }

    /// The parameter with this name (a long option's name without dashes, or an argument's).
    func parameter(named name: String) -> Parameter? { parameters.first { $0.name == name } }
}

/// A command line that cannot be run as written: said with the command's usage, exit status
/// 64 (EX_USAGE), before anything is done.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// Stop with this exit status; what went wrong has been said already.
struct ExitStatus: Error {
    let code: Int32
    init(_ code: Int32) { self.code = code }
    static let failure = ExitStatus(1)
}
