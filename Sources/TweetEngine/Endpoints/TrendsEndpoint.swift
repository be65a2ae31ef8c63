import FoundationEssentials
import LoowiSupport

/// `/api/v1/trends/…`
public enum TrendsEndpoint: Sendable, Equatable {
    case tags(limit: Int)

    public var endpoint: Endpoint {
        switch self {
        case .tags(let limit): Endpoint(.get, "/api/v1/trends/tags", query: [.limit(limit)])
        }
    }
}
