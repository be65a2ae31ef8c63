import TweetEngine

/// The accounts the app can switch between without restarting (F11), given by the command
/// that started it: the saved logins, and how to open one (an engine on its credentials,
/// checked with the server). The demo has only its own account.
public struct AccountChoices: Sendable {
    /// The saved accounts, in the order `loowi accounts` lists them.
    public var saved: @Sendable () -> [Credentials]
    /// An engine for `credentials`, once the server has said they work; throws an
    /// `EngineError` (a refused token, a server down) that is said as usual.
    public var open: @Sendable (Credentials) async throws -> (TweetEngine, Credentials)

    public init(
        saved: @escaping @Sendable () -> [Credentials],
        open: @escaping @Sendable (Credentials) async throws -> (TweetEngine, Credentials)
    ) {
        self.saved = saved
        self.open = open
    }

    /// The current account and the saved ones, each once, the current first when it is not
    /// saved (an account from the environment).
    func listed(current: Credentials) -> [Credentials] {
        let saved = self.saved()
        return saved.contains { $0.handle == current.handle } ? saved : [current] + saved
    }
}
