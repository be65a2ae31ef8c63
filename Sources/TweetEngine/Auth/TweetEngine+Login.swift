import FoundationEssentials
import LoowiSupport

/// A login in progress: the user opens `authorizationURL`, approves loowi, and pastes the
/// code the server shows (the out-of-band flow, as toot and tut do it).
public struct PendingLogin: Sendable {
    public let server: URL
    public let authorizationURL: URL
    /// Whether the server takes PKCE (S256), so a stolen code alone is useless.
    public let usesPKCE: Bool
    let clientID: String
    let clientSecret: Secret
    let codeVerifier: Secret?
}

extension PendingLogin: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "PendingLogin(\(server.absoluteString), PKCE: \(usesPKCE))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension TweetEngine {
    /// Registers loowi with the server and returns the page the user must open.
    /// `server` may be a bare domain ("mastodon.social").
    public func beginLogin(server address: String) async throws -> PendingLogin {
        let server = try Self.serverURL(from: address)
        struct Registered: Decodable {
            let client_id: String
            let client_secret: String
        }
        let registration = OAuthEndpoint.registerApplication(
            name: options.applicationName, redirectURI: OAuthEndpoint.outOfBandRedirect, scopes: options.scopes,
            website: options.website)
        let registered = try decode(Registered.self, from: try await perform(registration.endpoint, server: server))
        let pkce = try await supportsPKCE(server: server) ? PKCE.generate() : nil
        let clientID = Sanitizer.clean(registered.client_id, for: .line)
        return PendingLogin(
            server: server,
            authorizationURL: OAuthEndpoint.authorizationURL(
                server: server, clientID: clientID, scopes: options.scopes, codeChallenge: pkce?.challenge),
            usesPKCE: pkce != nil, clientID: clientID, clientSecret: Secret(registered.client_secret),
            codeVerifier: pkce.map { Secret($0.verifier) })
    }

    /// Exchanges the pasted code for a token, checks it, saves the account (mode 0600 file)
    /// and uses it from now on.
    public func completeLogin(_ pending: PendingLogin, code: String) async throws -> Account {
        struct TokenAnswer: Decodable { let access_token: String }
        let exchange = OAuthEndpoint.token(
            code: code.trimmed(), clientID: pending.clientID,
            clientSecret: pending.clientSecret.value, redirectURI: OAuthEndpoint.outOfBandRedirect,
            codeVerifier: pending.codeVerifier?.value)
        let answer: TokenAnswer
        do {
            answer = try decode(TokenAnswer.self, from: try await perform(exchange.endpoint, server: pending.server))
        } catch EngineError.http(let status, let message) where (400...403).contains(status) {
            throw EngineError.loginRefused(message: message)
        }
        var credentials = Credentials(
            server: pending.server, accessToken: answer.access_token, clientID: pending.clientID,
            clientSecret: pending.clientSecret.value)
        var check = AccountsEndpoint.verifyCredentials.endpoint.request(server: pending.server)
        check.setHeader("Authorization", try credentials.accessToken.bearer())
        let account = try decode(Account.self, from: try await send(check, authenticated: false))
        credentials.accountID = account.id
        credentials.username = account.acct
        try tokenStore.save(credentials)
        use(credentials)
        return account
    }

    /// Revokes the current account's token on its server, then forgets it locally. If the
    /// server cannot be reached the token is kept (so logging out can be tried again);
    /// `forgetAccount(handle:)` removes it locally without asking the server. Credentials
    /// that did not come from `completeLogin` (no client id and secret) cannot be revoked
    /// and are only forgotten.
    public func logout() async throws {
        guard let credentials else { throw EngineError.notLoggedIn }
        if let clientID = credentials.clientID, let clientSecret = credentials.clientSecret {
            let revoke = OAuthEndpoint.revoke(
                token: credentials.accessToken.value, clientID: clientID, clientSecret: clientSecret.value)
            _ = try await perform(revoke.endpoint, server: credentials.server)
        }
        try forgetAccount(handle: credentials.handle)
    }

    /// Removes a saved account from this computer (no request to the server).
    public func forgetAccount(handle: String) throws {
        try tokenStore.remove(handle: handle)
        state.withLock { if $0.credentials?.handle == handle { $0.credentials = nil } }
    }

    /// The server's OAuth metadata says whether it takes S256; servers without the document
    /// (older Mastodon, some others) get the plain flow.
    private func supportsPKCE(server: URL) async throws -> Bool {
        struct Metadata: Decodable { let code_challenge_methods_supported: [String]? }
        do {
            let response = try await perform(OAuthEndpoint.serverMetadata.endpoint, server: server)
            let metadata = try? JSONDecoder().decode(Metadata.self, from: response.body)
            return metadata?.code_challenge_methods_supported?.contains("S256") ?? false
        } catch EngineError.http {
            return false
        }
    }

    /// "mastodon.social", "https://mastodon.social/", "http://127.0.0.1:3000" → a server URL.
    static func serverURL(from address: String) throws -> URL {
        var text = address.trimmed()
        if text.hasPrefix("@"), let at = text.dropFirst().firstIndex(of: "@") { text = String(text[text.index(after: at)...]) }
        if !text.contains("://") { text = "https://" + text }
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text), url.host != nil, url.path.isEmpty || url.path == "/" else {
            throw EngineError.transport(.invalidURL(address))
        }
        do {
            try URLPolicy.check(url)
        } catch {
            throw EngineError.transport(error)
        }
        return url
    }
}
