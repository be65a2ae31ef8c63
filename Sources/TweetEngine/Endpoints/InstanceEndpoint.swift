import FoundationEssentials
import LoowiSupport

/// `/api/v2/instance`
public enum InstanceEndpoint: Sendable, Equatable {
    case instance

    public var endpoint: Endpoint {
        Endpoint(.get, "/api/v2/instance", authenticated: false)
    }
}
