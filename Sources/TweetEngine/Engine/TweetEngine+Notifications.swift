import Foundation

extension TweetEngine {
    /// The notifications as the buffer reads them: grouped by the server where it offers
    /// `/api/v2/notifications` (Mastodon 4.3+), else the v1 list grouped here. A server that
    /// answers v2 with 404, 405, 410 or 501, or with something that is not the grouped
    /// container, is remembered for the session and not asked again.
    public func notificationGroups(upTo limit: Int = PageSize.notifications) async throws -> Page<NotificationGroup> {
        if state.withLock({ $0.groupedNotifications }) != false {
            do {
                let wanted = min(limit, PageSize.notifications)
                let response = try await perform(NotificationsEndpoint.grouped(limit: wanted).endpoint)
                let container = try? decode(GroupedNotifications.self, from: response)
                if let container, container.isContainer {
                    state.withLock { $0.groupedNotifications = true }
                    let links = response.header("Link").map { LinkHeader($0, base: response.url) } ?? LinkHeader()
                    // A link to another host is never followed (it would not get the token).
                    let server = credentials?.server
                    let onServer = { (url: URL?) -> URL? in
                        guard let url, let server, RedirectPolicy.isSameHost(server, url) else { return nil }
                        return url
                    }
                    return Page(items: container.notificationGroups, next: onServer(links.next), previous: onServer(links.previous), requests: 1)
                }
            } catch EngineError.http(let status, _) where Self.notOffered.contains(status) {
                // Falls through to v1 below.
            }
            state.withLock { $0.groupedNotifications = false }
        }
        let page = try await notifications(upTo: limit)
        return Page(items: NotificationGroup.grouping(page.items), next: page.next, previous: page.previous, requests: page.requests)
    }

    /// What a server without grouped notifications answers for the v2 path.
    static let notOffered: Set<Int> = [404, 405, 410, 501]

    /// Whether the server groups notifications itself: nil until asked this session.
    public var offersGroupedNotifications: Bool? { state.withLock { $0.groupedNotifications } }

    /// Lets `accountID`, who asked to follow the user's locked account, follow it.
    @discardableResult
    public func authorizeFollowRequest(_ accountID: String) async throws -> Relationship {
        try await fetch(Relationship.self, FollowRequestsEndpoint.authorize(accountID: accountID).endpoint)
    }

    /// Turns down `accountID`'s request to follow the user.
    @discardableResult
    public func rejectFollowRequest(_ accountID: String) async throws -> Relationship {
        try await fetch(Relationship.self, FollowRequestsEndpoint.reject(accountID: accountID).endpoint)
    }
}
