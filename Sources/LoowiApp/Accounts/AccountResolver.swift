import FoundationEssentials
import LoowiSupport
import TweetEngine

/// Where the account a command uses came from.
public enum AccountSource: Sendable, Equatable {
    /// `LOOWI_INSTANCE` and `LOOWI_TOKEN` (tests, scripts, the demo).
    case environment
    /// A login saved in the token file (`loowi login`).
    case saved
    /// The demo user on the demo's own server (never saved).
    case demo
}

/// The account a command will use, and where it came from.
public struct ResolvedAccount: Sendable {
    public var credentials: Credentials
    public var source: AccountSource

    public init(credentials: Credentials, source: AccountSource) {
        self.credentials = credentials
        self.source = source
    }

    /// Whether the handle is known without asking the server (environment credentials have
    /// only a server and a token until `AccountSession.identify()` asks who they belong to).
    public var isIdentified: Bool { credentials.accountID != nil && credentials.username != nil }
}

/// Why no account could be chosen. Each case reads as one or two plain sentences.
public enum AccountError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing saved and nothing in the environment: the first-run message.
    case noAccount
    /// `--account` named a handle that is not saved.
    case unknownAccount(handle: String, saved: [String])
    /// A shortened handle (`ada`) fits more than one saved account.
    case ambiguousAccount(handle: String, matches: [String])
    /// Only one of `LOOWI_INSTANCE` and `LOOWI_TOKEN` is set, or the instance is not an address.
    case incompleteEnvironment(String)

    public var description: String {
        switch self {
        case .noAccount:
            return Self.firstRunMessage
        case .unknownAccount(let handle, let saved):
            let known = saved.isEmpty ? "There are no saved accounts." : "Saved accounts: \(saved.joined(separator: ", "))."
            return "There is no saved account \(handle). \(known)"
        case .ambiguousAccount(let handle, let matches):
            return "\(handle) could be \(matches.joined(separator: " or ")). Give the whole handle, with the server."
        case .incompleteEnvironment(let problem):
            return problem
        }
    }

    /// What loowi says the first time it runs, before any login.
    public static let firstRunMessage =
        "No account yet. To log in, type loowi login and your server, for example: loowi login mastodon.social. To hear loowi work without an account, type: loowi demo."
}

/// Picks the account for a command: `LOOWI_INSTANCE` and `LOOWI_TOKEN` when both are set,
/// else the saved account named by `--account`, else the most recent login, else
/// `AccountError.noAccount` (the first-run message). Reads only; no request is made.
public struct AccountResolver: Sendable {
    public static let instanceVariable = "LOOWI_INSTANCE"
    public static let tokenVariable = "LOOWI_TOKEN"

    public let environment: [String: String]
    public let tokenStore: any TokenStore

    /// `tokenStore` defaults to the token file the environment's XDG paths point at.
    public init(
        environment: [String: String] = ProcessEnvironment.current, tokenStore: (any TokenStore)? = nil
    ) {
        self.environment = environment
        self.tokenStore = tokenStore ?? FileTokenStore(fileURL: FileTokenStore.defaultLocation(environment: environment))
    }

    /// The credentials from the environment, nil when neither variable is set.
    public func environmentCredentials() throws -> Credentials? {
        let instance = environment[Self.instanceVariable].flatMap { $0.isEmpty ? nil : $0 }
        let token = environment[Self.tokenVariable].flatMap { $0.isEmpty ? nil : $0 }
        switch (instance, token) {
        case (nil, nil):
            return nil
        case (.some, nil):
            throw AccountError.incompleteEnvironment(
                "\(Self.instanceVariable) is set but \(Self.tokenVariable) is not. Set both, or unset \(Self.instanceVariable) to use a saved account.")
        case (nil, .some):
            throw AccountError.incompleteEnvironment(
                "\(Self.tokenVariable) is set but \(Self.instanceVariable) is not. Set both, or unset \(Self.tokenVariable) to use a saved account.")
        case (let instance?, let token?):
            guard let server = Self.serverURL(instance) else {
                throw AccountError.incompleteEnvironment(
                    "\(Self.instanceVariable) must be a server such as mastodon.social or http://127.0.0.1:3000.")
            }
            let credentials = Credentials(server: server, accessToken: token.trimmed())
            // A CR or LF would add header lines of the variable's own: refused before any request.
            try credentials.accessToken.check()
            return credentials
        }
    }

    /// The account a command uses. `handle` is `--account` (whole or shortened: `@ada@host`,
    /// `ada@host`, `ada`); when given it picks a saved account even if the environment is set.
    public func resolve(handle: String? = nil, allowEnvironment: Bool = true) throws -> ResolvedAccount {
        if let handle {
            return ResolvedAccount(credentials: try savedAccount(matching: handle), source: .saved)
        }
        if allowEnvironment, let credentials = try environmentCredentials() {
            return ResolvedAccount(credentials: credentials, source: .environment)
        }
        guard let latest = try tokenStore.loadAll().last else { throw AccountError.noAccount }
        return ResolvedAccount(credentials: latest, source: .saved)
    }

    /// Saved accounts, oldest login first (the last is the one used by default).
    public func savedAccounts() throws -> [Credentials] { try tokenStore.loadAll() }

    /// The saved account a handle names.
    public func savedAccount(matching handle: String) throws -> Credentials {
        let saved = try tokenStore.loadAll()
        let wanted = Self.normalised(handle)
        if let exact = saved.first(where: { Self.normalised($0.handle) == wanted }) { return exact }
        // "ada" (no server) matches the username of every saved account.
        if !wanted.dropFirst().contains("@") {
            let matches = saved.filter { ($0.username ?? "").lowercased() == wanted.dropFirst() }
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 { throw AccountError.ambiguousAccount(handle: handle, matches: matches.map(\.handle)) }
        }
        throw AccountError.unknownAccount(handle: handle, saved: saved.map(\.handle))
    }

    /// `@Ada@Host` and `ada@host` are the same handle.
    static func normalised(_ handle: String) -> String {
        let trimmed = handle.trimmingSpaces().lowercased()
        return trimmed.hasPrefix("@") ? trimmed : "@" + trimmed
    }

    /// "mastodon.social" → https://mastodon.social; "http://127.0.0.1:3000/" kept (without the
    /// slash). The transport still refuses plain http anywhere but loopback.
    static func serverURL(_ text: String) -> URL? {
        var address = text.trimmed()
        if !address.contains("://") { address = "https://" + address }
        while address.hasSuffix("/") { address.removeLast() }
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false, url.path.isEmpty
        else { return nil }
        return url
    }
}

/// An engine bound to a resolved account: what every account command works with.
public struct AccountSession: Sendable {
    public let engine: TweetEngine
    public private(set) var account: ResolvedAccount

    public init(account: ResolvedAccount, engine: TweetEngine) {
        self.account = account
        self.engine = engine
        engine.use(account.credentials)
    }

    /// An engine on the real network, saving to the resolver's token store.
    public init(
        account: ResolvedAccount, resolver: AccountResolver, transport: any HTTPTransport = CurlTransport.shared,
        options: TweetEngine.Options = .init()
    ) {
        self.init(
            account: account, engine: TweetEngine(transport: transport, tokenStore: resolver.tokenStore, options: options))
    }

    public var credentials: Credentials { account.credentials }

    /// Fills in the account id and handle by asking the server (`verify_credentials`) when
    /// they are not known yet (environment credentials); a saved account is already known.
    @discardableResult
    public mutating func identify() async throws -> Credentials {
        guard !account.isIdentified else { return account.credentials }
        let me = try await engine.currentAccount()
        account.credentials.accountID = me.id
        account.credentials.username = me.acct
        engine.use(account.credentials)
        return account.credentials
    }
}
