import FoundationEssentials
import LoowiSupport

/// `/api/v1/conversations` (direct messages).
public enum ConversationsEndpoint: Sendable, Equatable {
    case list(limit: Int)
    case markRead(id: String)

    public var endpoint: Endpoint {
        switch self {
        case .list(let limit): Endpoint(.get, "/api/v1/conversations", query: [.limit(limit)])
        case .markRead(let id): Endpoint(.post, "/api/v1/conversations/\(PathSegment.escape(id))/read", form: [])
        }
    }
}
