import FoundationEssentials
import LoowiSupport
import Synchronization

/// The Mastodon engine: one async method per action, success or a spoken-ready
/// `EngineError` back to the screen (iLoowi's TwitterEngine, ported).
///
/// `TweetEngine.shared` is the app's instance (libcurl, the system clock, the token file);
/// tests create their own with a stub transport, a manual clock and an in-memory store.
///
/// A typical session:
///
///     let engine = TweetEngine.shared
///     if try engine.restoreSession() == nil {
///         let login = try await engine.beginLogin(server: "mastodon.social")
///         // show login.authorizationURL, read the code the user pastes
///         _ = try await engine.completeLogin(login, code: code)
///     }
///     let home = try await engine.homeTimeline(upTo: 200)       // 5 requests
///     let now = engine.clock.now()
///     let lines = home.items.map { StatusSpeech($0, now: now).sentence(language: .english) }
///     for await event in engine.liveUpdates(since: LiveCursor()) { … }
///
/// Every failure is an `EngineError`; `error.spoken(in:retryIn:now:)` gives what to say.
public final class TweetEngine: Sendable {
    public static let shared = TweetEngine()

    public let transport: any HTTPTransport
    public let clock: any EngineClock
    public let tokenStore: any TokenStore
    public let options: Options

    struct State {
        var credentials: Credentials?
        var rateLimit: RateLimitStatus?
        /// Set by a 429: nothing is sent before this time.
        var blockedUntil: Date?
        var instanceLimits: InstanceLimits?
        /// The streaming API's base once the instance was asked (`streamingBase()`).
        var streamingBase: URL?
        /// The instance names a `ws://` or `wss://` streaming address (a WebSocket server).
        var streamingDeclaredWebSocket = false
        /// The transport the streaming API answered on, remembered per server.
        var streamingChoice: StreamingTransportChoice?
        var preferences: Preferences?
        /// The server answered that it has no preferences endpoint.
        var preferencesMissing = false
        /// The logged-in account, once asked (`currentAccount()`).
        var me: Account?
        /// Whether the server answers `/api/v2/notifications`; nil until asked.
        var groupedNotifications: Bool?
    }

    let state = Mutex(State())

    public init(
        transport: any HTTPTransport = CurlTransport.shared, clock: any EngineClock = SystemClock(),
        tokenStore: any TokenStore = FileTokenStore.standard(), options: Options = Options()
    ) {
        self.transport = transport
        self.clock = clock
        self.tokenStore = tokenStore
        self.options = options
    }

    // MARK: Session

    /// The account requests are made for (nil before login).
    public var credentials: Credentials? { state.withLock { $0.credentials } }

    /// Uses these credentials from now on (no request is made).
    public func use(_ credentials: Credentials) {
        state.withLock {
            if $0.credentials?.server != credentials.server {
                $0.instanceLimits = nil
                $0.streamingBase = nil
                $0.streamingDeclaredWebSocket = false
                $0.streamingChoice = nil
                $0.groupedNotifications = nil
            }
            if $0.credentials?.accessToken != credentials.accessToken {
                $0.preferences = nil
                $0.preferencesMissing = false
                $0.me = nil
            }
            $0.credentials = credentials
        }
    }

    /// Accounts saved by earlier logins.
    public func savedAccounts() throws -> [Credentials] { try tokenStore.loadAll() }

    /// Picks a saved account (by handle, or the most recent) and uses it; nil if none.
    @discardableResult
    public func restoreSession(handle: String? = nil) throws -> Credentials? {
        let accounts = try tokenStore.loadAll()
        let chosen = handle.map { wanted in accounts.first { $0.handle == wanted } } ?? accounts.last
        guard let chosen else { return nil }
        use(chosen)
        return chosen
    }

    /// The request budget from the last response's headers, for callers to show or pace by.
    public var rateLimit: RateLimitStatus? { state.withLock { $0.rateLimit } }

    /// When a 429 said to stop, until when (nil when requests may be sent).
    public var rateLimitedUntil: Date? {
        let now = clock.now()
        return state.withLock { state in state.blockedUntil.flatMap { $0 > now ? $0 : nil } }
    }
}

extension TweetEngine {
    public struct Options: Sendable {
        /// On a 429, wait for the reset when it is at most this far away; otherwise throw
        /// `EngineError.rateLimited(until:)` at once.
        public var maximumRateLimitWait: Duration
        /// How many times one call may wait for a reset before giving up.
        public var rateLimitWaits: Int
        /// The app name shown on the server's "authorised apps" page.
        public var applicationName: String
        public var website: String?
        public var scopes: String
        public var streamBackoff: Backoff
        /// A stream that sends nothing for this long (Mastodon's heartbeat comes every 15 s)
        /// is treated as dead and reopened.
        public var streamSilenceLimit: Duration
        /// Keep iLoowi's rule: a direct message only to someone who follows you.
        public var directMessagesOnlyToFollowers: Bool
        /// Told about waits the user should hear about ("waiting for the server until 12:05").
        public var onEvent: (@Sendable (EngineEvent) -> Void)?
        /// Where what the server says about itself is kept between runs (nil: asked once per run).
        public var instanceStore: (any InstanceStore)?

        public init(
            maximumRateLimitWait: Duration = .seconds(300), rateLimitWaits: Int = 2, applicationName: String = "loowi",
            website: String? = nil, scopes: String = "read write follow", streamBackoff: Backoff = Backoff(),
            streamSilenceLimit: Duration = .seconds(45), directMessagesOnlyToFollowers: Bool = true, onEvent: (@Sendable (EngineEvent) -> Void)? = nil
        ) {
            self.maximumRateLimitWait = maximumRateLimitWait
            self.rateLimitWaits = rateLimitWaits
            self.applicationName = applicationName
            self.website = website
            self.scopes = scopes
            self.streamBackoff = streamBackoff
            self.streamSilenceLimit = streamSilenceLimit
            self.directMessagesOnlyToFollowers = directMessagesOnlyToFollowers
            self.onEvent = onEvent
        }
    }
}

/// Things the engine reports while it works.
public enum EngineEvent: Sendable, Equatable {
    /// The server's rate limit was reached; the call continues after `until` (at most 24
    /// hours on, `ServerNumber.longestWait`).
    case waitingForRateLimit(until: Date)
    /// An uploaded file is still being processed by the server (said once per file, by name).
    case processingMedia(name: String)
}

extension TweetEngine {
    /// Told about the waits of the calls made inside `withValue`, and of the child tasks they
    /// start: the app binds one per job, so each wait is said by the job it holds up, while
    /// `Options.onEvent` (fixed when the engine is made) serves a command's one engine.
    @TaskLocal public static var eventHandler: (@Sendable (EngineEvent) -> Void)?

    /// Runs `operation` with `handler` as the `eventHandler`. Always through here: in the
    /// optimized build, binding a closure converted to an optional in place crashed in
    /// `swift_task_localValuePush` (the temporary freed out of order, as swiftlang/swift#75501
    /// and others report), and took the demo down on its first request. The value is made
    /// a local of this frame first, which keeps the task allocator's order.
    @inline(never)
    public static func reporting<T: Sendable>(
        to handler: @escaping @Sendable (EngineEvent) -> Void, _ operation: @Sendable () async throws -> T
    ) async throws -> T {
        let bound: (@Sendable (EngineEvent) -> Void)? = handler
        return try await $eventHandler.withValue(bound, operation: operation)
    }
}

/// Exponential backoff: `initial`, doubled each time, never more than `maximum`.
public struct Backoff: Sendable, Equatable {
    public var initial: Duration
    public var maximum: Duration

    public init(initial: Duration = .seconds(1), maximum: Duration = .seconds(60)) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The wait before attempt `attempt` (1 is the first retry).
    public func delay(forAttempt attempt: Int) -> Duration {
        var delay = initial
        for _ in 1..<max(1, attempt) {
            delay = delay * 2
            if delay >= maximum { return maximum }
        }
        return min(delay, maximum)
    }
}
