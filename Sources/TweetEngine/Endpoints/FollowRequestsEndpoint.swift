import FoundationEssentials
import LoowiSupport

/// `/api/v1/follow_requests/:account_id/authorize|reject`: answering someone who asked to
/// follow a locked account.
public enum FollowRequestsEndpoint: Sendable, Equatable {
    case authorize(accountID: String)
    case reject(accountID: String)

    public var endpoint: Endpoint {
        switch self {
        case .authorize(let id): Endpoint(.post, "/api/v1/follow_requests/\(PathSegment.escape(id))/authorize", form: [])
        case .reject(let id): Endpoint(.post, "/api/v1/follow_requests/\(PathSegment.escape(id))/reject", form: [])
        }
    }
}
