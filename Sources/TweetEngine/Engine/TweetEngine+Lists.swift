import FoundationEssentials
import LoowiSupport

/// The user's lists: their timelines, and who is in them.
extension TweetEngine {
    public func lists() async throws -> [UserList] {
        try await fetch(LenientList<UserList>.self, Endpoint(.get, "/api/v1/lists")).elements
    }

    /// The lists `accountID` is in (of the user's own).
    public func lists(containing accountID: String) async throws -> [UserList] {
        try await fetch(LenientList<UserList>.self, Endpoint(.get, "/api/v1/accounts/\(PathSegment.escape(accountID))/lists")).elements
    }

    /// Up to `limit` posts of the list's people, newest first.
    public func listTimeline(_ listID: String, upTo limit: Int = 200) async throws -> Page<Status> {
        try await collect(upTo: limit, pageSize: PageSize.statuses) {
            Endpoint(.get, "/api/v1/timelines/list/\(PathSegment.escape(listID))", query: [.limit($0)])
        }
    }

    public func addToList(_ listID: String, accountID: String) async throws {
        _ = try await perform(
            Endpoint(.post, "/api/v1/lists/\(PathSegment.escape(listID))/accounts", form: [URLQueryItem(name: "account_ids[]", value: accountID)]))
    }

    public func removeFromList(_ listID: String, accountID: String) async throws {
        _ = try await perform(
            Endpoint(.delete, "/api/v1/lists/\(PathSegment.escape(listID))/accounts", query: [URLQueryItem(name: "account_ids[]", value: accountID)]))
    }
}
