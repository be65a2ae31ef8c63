import FoundationEssentials
import LoowiSupport

/// `/api/v1/notifications`, and `/api/v2/notifications` (grouped, Mastodon 4.3+).
public enum NotificationsEndpoint: Sendable, Equatable {
    /// `types` empty means all types.
    case list(limit: Int, types: [NotificationType])
    /// The server groups favourites, boosts and follows of one target itself.
    case grouped(limit: Int)

    public var endpoint: Endpoint {
        switch self {
        case .list(let limit, let types):
            Endpoint(.get, "/api/v1/notifications",
                     query: [.limit(limit)] + types.map { URLQueryItem(name: "types[]", value: $0.rawValue) })
        case .grouped(let limit):
            Endpoint(.get, "/api/v2/notifications", query: [.limit(limit)])
        }
    }
}
