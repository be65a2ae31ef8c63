import FoundationEssentials
import LoowiSupport

/// What compose's completion asks: accounts by what was typed after "@" (people you follow
/// first, with `following`), and the server's own emoji.
public enum CompletionEndpoint: Sendable, Equatable {
    case accounts(query: String, following: Bool, limit: Int)
    case customEmojis

    public var endpoint: Endpoint {
        switch self {
        case .accounts(let query, let following, let limit):
            var items = [URLQueryItem(name: "q", value: query), .limit(limit)]
            if following { items.append(URLQueryItem(name: "following", value: "true")) }
            // No lookup of remote handles for every letter typed: that is the server's slow path.
            items.append(URLQueryItem(name: "resolve", value: "false"))
            return Endpoint(.get, "/api/v1/accounts/search", query: items)
        case .customEmojis:
            return Endpoint(.get, "/api/v1/custom_emojis", authenticated: false)
        }
    }
}
