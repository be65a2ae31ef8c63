import Foundation

/// `/api/v1/timelines/…`
public enum TimelinesEndpoint: Sendable, Equatable {
    case home(limit: Int)

    public var endpoint: Endpoint {
        switch self {
        case .home(let limit): Endpoint(.get, "/api/v1/timelines/home", query: [.limit(limit)])
        }
    }
}
