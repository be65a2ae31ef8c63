import Foundation

/// `/api/v1/accounts/…`
public enum AccountsEndpoint: Sendable, Equatable {
    case verifyCredentials
    case account(id: String)
    case lookup(acct: String)
    case statuses(id: String, limit: Int)
    case relationships(ids: [String])
    case follow(id: String)
    case unfollow(id: String)
    case followers(id: String, limit: Int)
    case following(id: String, limit: Int)

    public var endpoint: Endpoint {
        switch self {
        case .verifyCredentials: Endpoint(.get, "/api/v1/accounts/verify_credentials")
        case .account(let id): Endpoint(.get, "/api/v1/accounts/\(PathSegment.escape(id))")
        case .lookup(let acct):
            Endpoint(.get, "/api/v1/accounts/lookup", query: [URLQueryItem(name: "acct", value: Handle.normalize(acct))])
        case .statuses(let id, let limit):
            Endpoint(.get, "/api/v1/accounts/\(PathSegment.escape(id))/statuses", query: [.limit(limit)])
        case .relationships(let ids):
            Endpoint(.get, "/api/v1/accounts/relationships", query: ids.map { URLQueryItem(name: "id[]", value: $0) })
        case .follow(let id): Endpoint(.post, "/api/v1/accounts/\(PathSegment.escape(id))/follow", form: [])
        case .unfollow(let id): Endpoint(.post, "/api/v1/accounts/\(PathSegment.escape(id))/unfollow", form: [])
        case .followers(let id, let limit):
            Endpoint(.get, "/api/v1/accounts/\(PathSegment.escape(id))/followers", query: [.limit(limit)])
        case .following(let id, let limit):
            Endpoint(.get, "/api/v1/accounts/\(PathSegment.escape(id))/following", query: [.limit(limit)])
        }
    }
}

/// `/api/v1/preferences`
public enum PreferencesEndpoint: Sendable, Equatable {
    case preferences

    public var endpoint: Endpoint { Endpoint(.get, "/api/v1/preferences") }
}

/// `/api/v1/timelines/…`
public enum TimelinesEndpoint: Sendable, Equatable {
    case home(limit: Int)

    public var endpoint: Endpoint {
        switch self {
        case .home(let limit): Endpoint(.get, "/api/v1/timelines/home", query: [.limit(limit)])
        }
    }
}

/// `/api/v1/statuses/…`
public enum StatusesEndpoint: Sendable, Equatable {
    case post(Draft)
    case status(id: String)
    case context(id: String)
    case reblog(id: String)
    case unreblog(id: String)
    case favourite(id: String)
    case unfavourite(id: String)

    public var endpoint: Endpoint {
        switch self {
        case .post(let draft):
            var form: [URLQueryItem] = [
                URLQueryItem(name: "status", value: draft.text),
                URLQueryItem(name: "visibility", value: draft.visibility.rawValue),
            ]
            form.append("in_reply_to_id", draft.inReplyToID)
            if let warning = draft.contentWarning, !warning.isEmpty {
                form.append("spoiler_text", warning)
                form.append("sensitive", "true")
            }
            form.append("language", draft.language)
            return Endpoint(.post, "/api/v1/statuses", form: form)
        case .status(let id): return Endpoint(.get, "/api/v1/statuses/\(PathSegment.escape(id))")
        case .context(let id): return Endpoint(.get, "/api/v1/statuses/\(PathSegment.escape(id))/context")
        case .reblog(let id): return Endpoint(.post, "/api/v1/statuses/\(PathSegment.escape(id))/reblog", form: [])
        case .unreblog(let id): return Endpoint(.post, "/api/v1/statuses/\(PathSegment.escape(id))/unreblog", form: [])
        case .favourite(let id): return Endpoint(.post, "/api/v1/statuses/\(PathSegment.escape(id))/favourite", form: [])
        case .unfavourite(let id):
            return Endpoint(.post, "/api/v1/statuses/\(PathSegment.escape(id))/unfavourite", form: [])
        }
    }
}

/// `/api/v1/notifications`
public enum NotificationsEndpoint: Sendable, Equatable {
    /// `types` empty means all types.
    case list(limit: Int, types: [NotificationType])

    public var endpoint: Endpoint {
        switch self {
        case .list(let limit, let types):
            Endpoint(.get, "/api/v1/notifications",
                     query: [.limit(limit)] + types.map { URLQueryItem(name: "types[]", value: $0.rawValue) })
        }
    }
}

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

/// `/api/v2/instance`
public enum InstanceEndpoint: Sendable, Equatable {
    case instance

    public var endpoint: Endpoint {
        Endpoint(.get, "/api/v2/instance", authenticated: false)
    }
}

/// `/api/v1/trends/…`
public enum TrendsEndpoint: Sendable, Equatable {
    case tags(limit: Int)

    public var endpoint: Endpoint {
        switch self {
        case .tags(let limit): Endpoint(.get, "/api/v1/trends/tags", query: [.limit(limit)])
        }
    }
}

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

/// `/api/v1/streaming/…` (server-sent events).
public enum StreamingEndpoint: Sendable, Equatable {
    case user

    public var endpoint: Endpoint {
        var endpoint = Endpoint(.get, "/api/v1/streaming/user")
        endpoint.query = []
        return endpoint
    }
}

extension URLQueryItem {
    static func limit(_ value: Int) -> URLQueryItem { URLQueryItem(name: "limit", value: String(max(1, value))) }
}

/// Ids go into paths; anything outside `[A-Za-z0-9_-.~]` is percent-encoded so a hostile id
/// cannot change the path ("../", "?", "#").
enum PathSegment {
    static func escape(_ text: String) -> String { FormEncoding.escape(text) }
}

/// `@user@host`, `user@host`, `@user` → `user@host` / `user` (what `acct` expects).
public enum Handle {
    public static func normalize(_ handle: String) -> String {
        var text = handle.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("@") { text.removeFirst() }
        return text
    }
}
