import FoundationEssentials
import LoowiSupport

/// The OAuth calls for the out-of-band login.
public enum OAuthEndpoint: Sendable, Equatable {
    /// `POST /api/v1/apps`
    case registerApplication(name: String, redirectURI: String, scopes: String, website: String?)
    /// `GET /.well-known/oauth-authorization-server` (tells whether PKCE S256 is supported).
    case serverMetadata
    /// `POST /oauth/token` with the pasted code.
    case token(code: String, clientID: String, clientSecret: String, redirectURI: String, codeVerifier: String?)
    /// `POST /oauth/revoke`
    case revoke(token: String, clientID: String, clientSecret: String)

    public static let outOfBandRedirect = "urn:ietf:wg:oauth:2.0:oob"

    public var endpoint: Endpoint {
        switch self {
        case .registerApplication(let name, let redirectURI, let scopes, let website):
            var form = [
                URLQueryItem(name: "client_name", value: name), URLQueryItem(name: "redirect_uris", value: redirectURI),
                URLQueryItem(name: "scopes", value: scopes),
            ]
            form.append("website", website)
            return Endpoint(.post, "/api/v1/apps", form: form, authenticated: false)
        case .serverMetadata:
            return Endpoint(.get, "/.well-known/oauth-authorization-server", authenticated: false)
        case .token(let code, let clientID, let clientSecret, let redirectURI, let codeVerifier):
            var form = [
                URLQueryItem(name: "grant_type", value: "authorization_code"), URLQueryItem(name: "code", value: code),
                URLQueryItem(name: "client_id", value: clientID), URLQueryItem(name: "client_secret", value: clientSecret),
                URLQueryItem(name: "redirect_uri", value: redirectURI),
            ]
            form.append("code_verifier", codeVerifier)
            return Endpoint(.post, "/oauth/token", form: form, authenticated: false)
        case .revoke(let token, let clientID, let clientSecret):
            return Endpoint(.post, "/oauth/revoke", form: [
                URLQueryItem(name: "client_id", value: clientID), URLQueryItem(name: "client_secret", value: clientSecret),
                URLQueryItem(name: "token", value: token),
            ], authenticated: false)
        }
    }

    /// The page the user opens to approve loowi and get a code (`GET /oauth/authorize`).
    public static func authorizationURL(
        server: URL, clientID: String, scopes: String, codeChallenge: String?
    ) -> URL {
        var query = [
            URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: clientID),
            URLQueryItem(name: "redirect_uri", value: outOfBandRedirect), URLQueryItem(name: "scope", value: scopes),
        ]
        if let codeChallenge {
            query.append(URLQueryItem(name: "code_challenge", value: codeChallenge))
            query.append(URLQueryItem(name: "code_challenge_method", value: "S256"))
        }
        return Endpoint(.get, "/oauth/authorize", query: query, authenticated: false).request(server: server).url
    }
}

// Codes, client secrets and tokens must not appear when an endpoint is printed or dumped.
extension OAuthEndpoint: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        switch self {
        case .registerApplication(let name, _, let scopes, _): "registerApplication(\(name), scopes: \(scopes))"
        case .serverMetadata: "serverMetadata"
        case .token: "token(<redacted>)"
        case .revoke: "revoke(<redacted>)"
        }
    }

    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}
