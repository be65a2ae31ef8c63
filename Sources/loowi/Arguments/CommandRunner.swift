import LoowiSupport
import TweetEngine

/// Runs a command line to its exit status: help and the version on standard output, a usage
/// error with the command's usage on standard error (64), a command's own failure as it said
/// it (its `ExitStatus`, else 1).
enum CommandRunner {
    /// EX_USAGE from sysexits.h, as swift-argument-parser used.
    static let usageStatus: Int32 = 64

    /// A command line read, and libcurl already opening on another core when the command's
    /// first act is a request (waited for before the exit, whose clean-up would run against
    /// half-made state).
    struct Prepared {
        let outcome: Result<CommandLineParser.Outcome, CommandLineParser.Failure>
        let network: ThreadResult<Void>?
    }

    /// Reads the command line. `Loowi.main` calls it on the main thread, before the first hop
    /// to the thread pool: libcurl starts opening about 0.2 ms sooner than when the words
    /// were read on the pool's first thread, which had to be started first.
    static func prepare(_ words: [String]) -> Prepared {
        let outcome = Result { () throws(CommandLineParser.Failure) in try CommandLineParser.parse(words, root: Loowi.self) }
        guard case .success(.run(_, let path)) = outcome, path[path.count - 1].goesOnlineAtOnce else {
            return Prepared(outcome: outcome, network: nil)
        }
        return Prepared(outcome: outcome, network: NetworkPreload.start())
    }

    static func run(_ prepared: Prepared) async -> Int32 {
        defer { prepared.network?.wait() }
        switch prepared.outcome {
        case .failure(let error):
            return explain(error.error, path: error.path)
        case .success(.version):
            print(LoowiVersion.current)
            return 0
        case .success(.help(let path)):
            print(HelpText(path: path).text, terminator: "")
            return 0
        case .success(.run(let command, let path)):
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
        StandardStreams.writeError("Error: \(Sanitizer.clean(error.message, for: .line))\n" + HelpText(path: path, columns: 80).usageReminder)
        return usageStatus
    }
}
