import FoundationEssentials
import LoowiSupport

/// `/api/v1/preferences`
public enum PreferencesEndpoint: Sendable, Equatable {
    case preferences

    public var endpoint: Endpoint { Endpoint(.get, "/api/v1/preferences") }
}
