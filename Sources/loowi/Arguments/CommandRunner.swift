import LoowiSupport
import TweetEngine

/// Runs a command line to its exit status: help and the version on standard output, a usage
/// error with the command's usage on standard error (64), a command's own failure as it said
/// it (its `ExitStatus`, else 1).
enum CommandRunner {
    /// EX_USAGE from sysexits.h, as swift-argument-parser used.
    static let usageStatus: Int32 = 64

    static func run(_ words: [String]) async -> Int32 {
        let outcome: CommandLineParser.Outcome
        do {
            outcome = try CommandLineParser.parse(words, root: Loowi.self)
        } catch {
            return explain(error.error, path: error.path)
        }
        switch outcome {
        case .version:
            print(LoowiVersion.current)
            return 0
        case .help(let path):
            print(HelpText(path: path).text, terminator: "")
            return 0
        case .run(let command, let path):
            // libcurl and OpenSSL open on the other core while the command reads its settings
            // and builds its request; waited for before the exit, whose clean-up would run
            // against half-made state.
            let network = path[path.count - 1].goesOnlineAtOnce ? NetworkPreload.start() : nil
            defer { network?.wait() }
            do {
                try await command.run()
                return 0
            } catch let error as UsageError {
                return explain(error, path: path)
            } catch let status as ExitStatus {
                return status.code
            } catch {
                Console.warn(CommandSupport.message(for: error))
                return 1
            }
        }
    }

    private static func explain(_ error: UsageError, path: [CommandInfo]) -> Int32 {
        StandardStreams.writeError("Error: \(Sanitizer.clean(error.message, mode: .singleLine))\n" + HelpText(path: path, columns: 80).usageReminder)
        return usageStatus
    }
}
