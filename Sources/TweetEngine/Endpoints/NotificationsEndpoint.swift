import Foundation

/// `/api/v1/notifications`
public enum NotificationsEndpoint: Sendable, Equatable {
    /// `types` empty means all types.
    case list(limit: Int, types: [NotificationType])

    public var endpoint: Endpoint {
        switch self {
        case .list(let limit, let types):
            Endpoint(.get, "/api/v1/notifications",
                     query: [.limit(limit)] + types.map { URLQueryItem(name: "types[]", value: $0.rawValue) })
        }
    }
}
