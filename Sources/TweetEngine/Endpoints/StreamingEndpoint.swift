import Foundation

/// `/api/v1/streaming/…` (server-sent events).
public enum StreamingEndpoint: Sendable, Equatable {
    case user

    public var endpoint: Endpoint {
        var endpoint = Endpoint(.get, "/api/v1/streaming/user")
        endpoint.query = []
        return endpoint
    }
}
