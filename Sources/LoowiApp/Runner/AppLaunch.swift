import AccessibleControls
import TweetEngine

/// What the interactive app needs to start: whose account, which settings, where output goes.
/// Built by `loowi` (run) and `loowi demo`; the runner owns everything after that.
public struct AppLaunch: Sendable {
    public var engine: TweetEngine
    public var credentials: Credentials
    public var config: LoowiConfig
    public var paths: AppPaths
    /// Write speech into this WAV file instead of the sound device.
    public var wavPath: String?
    /// No sound at all (line mode for a console screen reader, or tests).
    public var silent: Bool
    /// Work that runs beside the app (the demo's first minute): started once the first
    /// screen is out, cancelled and awaited when the app ends. A sentence it returns (in the
    /// interface language it is given) is said once, as an announcement; nothing else of it
    /// reaches the user.
    public var background: (@Sendable (Language) async -> String?)?
    /// The other accounts F11 can switch to; nil: only this one (the demo).
    public var accounts: AccountChoices?
    /// The name of the first account's outbox (`Outbox.owner`: environment credentials
    /// share the command line's); nil: its handle.
    public var outboxOwner: String?

    public init(
        engine: TweetEngine, credentials: Credentials, config: LoowiConfig, paths: AppPaths, wavPath: String? = nil,
        silent: Bool = false
    ) {
        self.engine = engine
        self.credentials = credentials
        self.config = config
        self.paths = paths
        self.wavPath = wavPath
        self.silent = silent
    }
}
