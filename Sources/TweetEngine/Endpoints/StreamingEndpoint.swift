import FoundationEssentials
import LoowiSupport

/// `/api/v1/streaming/…` (server-sent events).
public enum StreamingEndpoint: Sendable, Equatable {
    /// Home posts, notifications, deletes, edits, filter changes.
    case user
    /// Direct conversations (`conversation` events), which the user stream does not carry.
    case direct

    public var endpoint: Endpoint {
        switch self {
        case .user: Endpoint(.get, "/api/v1/streaming/user")
        case .direct: Endpoint(.get, "/api/v1/streaming/direct")
        }
    }
}
