import LoowiSupport

extension Loowi {
    struct Completions: Command {
        static let info = CommandInfo(
            name: "completions",
            abstract: "Print the completion script for a shell: bash, zsh or fish.",
            discussion: """
                For bash: loowi completions bash > ~/.local/share/bash-completion/completions/loowi. \
                For zsh: loowi completions zsh > ~/.zfunc/_loowi, with ~/.zfunc in fpath. \
                For fish: loowi completions fish > ~/.config/fish/completions/loowi.fish.
                """,
            parameters: [.argument("shell", help: "bash, zsh or fish.", values: .choice(CompletionTable.shells))])

        var shell: String

        static let unknownShellStatus: Int32 = 2

        init(_ values: ArgumentValues) { shell = values.string("shell") ?? "" }

        func run() async throws {
            guard let script = CompletionTable().script(for: shell) else {
                // 2, as shells and their tools answer a shell they do not know.
                Console.warn(
                    "loowi has no completions for \"\(ArgumentValues.shown(shell))\". Use one of: \(CompletionTable.shells.joined(separator: ", ")).")
                throw ExitStatus(Self.unknownShellStatus)
            }
            StandardStreams.writeOutput(script)
        }
    }
}
