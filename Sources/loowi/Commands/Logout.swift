import ArgumentParser
import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi logout [--account H] [--local]`.
    struct Logout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "logout",
            abstract: "Log out: revoke the account's token on its server and forget it here.",
            discussion: "If the server cannot be reached the account is kept, so you can try again; --local forgets it on this computer only.")

        @OptionGroup var accountOptions: AccountOptions

        @Flag(name: .long, help: "Forget the account on this computer without asking the server to revoke the token.")
        var local = false

        func run() async throws {
            try await CommandSupport.reportingFailures {
                let resolver = AccountResolver()
                // Only a saved login can be logged out of; environment credentials are not ours to revoke.
                let account = try resolver.resolve(handle: accountOptions.account, allowEnvironment: false)
                let config = try CommandSupport.loadConfig()
                let session = AccountSession(
                    account: account, resolver: resolver, transport: try config.transport(),
                    options: CommandSupport.engineOptions(config.engineOptions, noWait: accountOptions.noWait))
                let handle = account.credentials.handle
                if local {
                    try session.engine.forgetAccount(handle: handle)
                    CommandSupport.printLine("Forgot \(handle) on this computer. Its token was not revoked on the server.")
                } else {
                    try await session.engine.logout()
                    CommandSupport.printLine("Logged out of \(handle).")
                }
            }
        }
    }
}
