import FoundationEssentials
import LoowiSupport

/// `/api/v2/search`
public enum SearchEndpoint: Sendable, Equatable {
    case search(query: String, type: SearchType?, limit: Int, resolve: Bool)

    public var endpoint: Endpoint {
        switch self {
        case .search(let query, let type, let limit, let resolve):
            var items = [URLQueryItem(name: "q", value: query)]
            items.append("type", type?.rawValue)
            items.append(.limit(limit))
            if resolve { items.append(URLQueryItem(name: "resolve", value: "true")) }
            return Endpoint(.get, "/api/v2/search", query: items)
        }
    }
}

public enum SearchType: String, Sendable, Equatable, CaseIterable {
    case accounts, statuses, hashtags
}
