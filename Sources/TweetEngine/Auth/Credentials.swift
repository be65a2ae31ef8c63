import FoundationEssentials
import LoowiSupport

/// One logged-in account: the server, the token, and what is needed to revoke it.
public struct Credentials: Sendable, Hashable, Codable {
    public var server: URL
    public var accessToken: Secret
    public var clientID: String?
    public var clientSecret: Secret?
    public var accountID: String?
    /// The account's username on its server (`acct` of verify_credentials).
    public var username: String?

    public init(
        server: URL, accessToken: String, clientID: String? = nil, clientSecret: String? = nil,
        accountID: String? = nil, username: String? = nil
    ) {
        self.server = server
        self.accessToken = Secret(accessToken)
        self.clientID = clientID
        self.clientSecret = clientSecret.map(Secret.init)
        self.accountID = accountID
        self.username = username
    }

    /// `@ada@mastodon.social`, the name accounts are listed and chosen by.
    public var handle: String {
        "@\(username ?? "?")@\(serverName)"
    }

    /// `mastodon.social`, or `127.0.0.1:18080` when the address names a port: the server as
    /// the user wrote it, so two servers on one host are told apart.
    public var serverName: String {
        var host = server.host ?? server.absoluteString
        if let port = server.port { host += ":\(port)" }
        return host
    }
}

extension Credentials: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "Credentials(\(handle), token: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}
