import FoundationEssentials
import LoowiSupport

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
    case mute(id: String)
    case unmute(id: String)
    case block(id: String)
    case unblock(id: String)
    /// A report to the server's moderators, with the posts it is about and a comment.
    case report(id: String, statusIDs: [String], comment: String)

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
        case .mute(let id): Endpoint(.post, "/api/v1/accounts/\(PathSegment.escape(id))/mute", form: [])
        case .unmute(let id): Endpoint(.post, "/api/v1/accounts/\(PathSegment.escape(id))/unmute", form: [])
        case .block(let id): Endpoint(.post, "/api/v1/accounts/\(PathSegment.escape(id))/block", form: [])
        case .unblock(let id): Endpoint(.post, "/api/v1/accounts/\(PathSegment.escape(id))/unblock", form: [])
        case .report(let id, let statusIDs, let comment):
            Endpoint(
                .post, "/api/v1/reports",
                form: [URLQueryItem(name: "account_id", value: id), URLQueryItem(name: "comment", value: comment)]
                    + statusIDs.map { URLQueryItem(name: "status_ids[]", value: $0) })
        }
    }
}
