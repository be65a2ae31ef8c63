import FoundationEssentials
import LoowiSupport

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
                if let page = groupedPage(response) {
                    state.withLock { $0.groupedNotifications = true }
                    return page
                }
            } catch EngineError.http(let status, _) where Self.notOffered.contains(status) {
                // Falls through to v1 below.
            }
            state.withLock { $0.groupedNotifications = false }
        }
        let page = try await notifications(upTo: limit)
        return Page(items: NotificationGroup.grouping(page.items), next: page.next, previous: page.previous, requests: page.requests)
    }

    /// More groups below the page (its `next` link): one request of `limit`.
    public func moreNotificationGroups(after page: Page<NotificationGroup>, upTo limit: Int) async throws -> Page<NotificationGroup> {
        guard let next = page.next else { return Page(items: [], next: nil, previous: nil, requests: 0) }
        return try await notificationGroups(at: next, limit: limit)
    }

    /// What is newer than the page's top (its `prev` link), page by page until caught up, as
    /// `newer(than:known:)` does for other lists; `known` holds the notification ids shown.
    /// Merge the answer with `NotificationGroup.merging(newer:above:)`: a group that grew
    /// comes again.
    public func newerNotificationGroups(than page: Page<NotificationGroup>, known: Set<String>) async throws -> Newer<NotificationGroup> {
        let size = PageSize.notifications
        return try await newer(than: page, known: known, identity: \.id, pageSize: size) { url in
            try await self.notificationGroups(at: url, limit: size)
        }
    }

    /// A page at a link the server gave: the v2 path's links answer groups; v1's answer single
    /// notifications, each its own group, which `NotificationGroup.merging` joins as the
    /// buffer grows (grouping each page alone would hide how many notifications it held, and
    /// a short page is how the end of what is new is known).
    func notificationGroups(at url: URL, limit: Int) async throws -> Page<NotificationGroup> {
        if url.path.contains("/api/v2/") {
            var request = HTTPRequest(url: url.settingLimit(limit))
            request.setHeader("Accept", "application/json")
            let response = try await send(request, authenticated: true)
            guard let page = groupedPage(response) else { throw EngineError.decoding(detail: "not the grouped notifications container") }
            return page
        }
        let page: Page<MastodonNotification> = try await collect(upTo: limit, pageSize: limit, from: url, singleRequest: true)
        return Page(items: page.items.map(NotificationGroup.init), next: page.next, previous: page.previous, requests: page.requests)
    }

    /// The grouped container with its links, or nil when the answer is something else.
    private func groupedPage(_ response: HTTPResponse) -> Page<NotificationGroup>? {
        guard let container = try? decode(GroupedNotifications.self, from: response), container.isContainer else { return nil }
        let links = response.header("Link").map { LinkHeader($0, base: response.url) } ?? LinkHeader()
        // A link to another host is never followed (it would not get the token).
        let server = credentials?.server
        let onServer = { (url: URL?) -> URL? in
            guard let url, let server, RedirectPolicy.isSameHost(server, url) else { return nil }
            return url
        }
        return Page(items: container.notificationGroups, next: onServer(links.next), previous: onServer(links.previous), requests: 1)
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
