import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi logout [--account H] [--local]`.
    struct Logout: Command {
        static let info = CommandInfo(
            name: "logout",
            abstract: "Log out: revoke the account's token on its server and forget it here.",
            discussion: "If the server cannot be reached the account is kept, so you can try again; --local forgets it on this computer only.",
            parameters: AccountOptions.parameters + [
                .flag("local", help: "Forget the account on this computer without asking the server to revoke the token.")
            ])

        var accountOptions: AccountOptions
        var local: Bool

        init(_ values: ArgumentValues) {
            accountOptions = AccountOptions(values)
            local = values.flag("local")
        }

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
