import FoundationEssentials
import LoowiSupport

/// `/api/v1/timelines/…`, and the user's own lists of posts (favourites, bookmarks), which
/// page the same way.
public enum TimelinesEndpoint: Sendable, Equatable {
    case home(limit: Int)
    case favourites(limit: Int)
    case bookmarks(limit: Int)
    /// Public posts with a hashtag (the name without "#").
    case hashtag(String, limit: Int)
    /// Public posts: only the user's own server's (Local), or every one the server knows of
    /// (Federated).
    case publicPosts(localOnly: Bool, limit: Int)

    public var endpoint: Endpoint {
        switch self {
        case .home(let limit): Endpoint(.get, "/api/v1/timelines/home", query: [.limit(limit)])
        case .favourites(let limit): Endpoint(.get, "/api/v1/favourites", query: [.limit(limit)])
        case .bookmarks(let limit): Endpoint(.get, "/api/v1/bookmarks", query: [.limit(limit)])
        case .hashtag(let name, let limit): Endpoint(.get, "/api/v1/timelines/tag/\(PathSegment.escape(name))", query: [.limit(limit)])
        case .publicPosts(let localOnly, let limit):
            Endpoint(.get, "/api/v1/timelines/public", query: (localOnly ? [URLQueryItem(name: "local", value: "true")] : []) + [.limit(limit)])
        }
    }
}
