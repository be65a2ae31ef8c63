import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi accounts`: the saved logins, the one commands use marked.
    struct Accounts: Command {
        static let info = CommandInfo(
            name: "accounts",
            abstract: "List the saved accounts; the one commands use is marked (current).",
            discussion: "Choose another for one command with --account HANDLE. No token is ever shown.")

        init(_ values: ArgumentValues) {}

        func run() async throws {
            try await CommandSupport.reportingFailures {
                let resolver = AccountResolver()
                let saved = try resolver.savedAccounts()
                let fromEnvironment = try resolver.environmentCredentials()
                if saved.isEmpty, fromEnvironment == nil {
                    print("No saved accounts. Log in with: loowi login mastodon.social")
                    return
                }
                for (index, account) in saved.enumerated() {
                    let current = fromEnvironment == nil && index == saved.count - 1
                    CommandSupport.printLine(account.handle + (current ? " (current)" : ""))
                }
                if let fromEnvironment {
                    CommandSupport.printLine(
                        "The account on \(fromEnvironment.server.absoluteString) from LOOWI_INSTANCE and LOOWI_TOKEN (current).")
                }
            }
        }
    }
}
