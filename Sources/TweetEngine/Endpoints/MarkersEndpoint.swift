import FoundationEssentials
import LoowiSupport

/// `/api/v1/markers` (saved reading positions).
public enum MarkersEndpoint: Sendable, Equatable {
    case get
    case set(home: String?, notifications: String?)

    public var endpoint: Endpoint {
        switch self {
        case .get:
            Endpoint(.get, "/api/v1/markers", query: [
                URLQueryItem(name: "timeline[]", value: "home"), URLQueryItem(name: "timeline[]", value: "notifications"),
            ])
        case .set(let home, let notifications):
            Endpoint(.post, "/api/v1/markers", form: {
                var form: [URLQueryItem] = []
                form.append("home[last_read_id]", home)
                form.append("notifications[last_read_id]", notifications)
                return form
            }())
        }
    }
}
