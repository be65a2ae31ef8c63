import FoundationEssentials
import LoowiSupport

/// What a buffer asks for once it is loaded: older pages at its end, newer ones at its top.
extension TweetEngine {
    /// Newer pages one refresh follows at most (200 posts): the rest waits behind a gap the
    /// user loads when they reach it, so a refresh after a week away stays a few requests.
    public static let newerPagesPerRefresh = 5

    /// More of any list, following its `next` URL.
    public func more<T: Decodable & Sendable>(after page: Page<T>, upTo limit: Int, pageSize: Int = PageSize.statuses)
        async throws -> Page<T>
    {
        guard let next = page.next else { return Page(items: [], next: nil, previous: nil, requests: 0) }
        return try await collect(upTo: limit, pageSize: pageSize, from: next)
    }

    /// Everything newer than the list, following its `prev` URL (`min_id`) page by page until
    /// caught up, at most `maxPages` pages. Each id comes once and none of `known` comes back:
    /// servers repeat items (GoToSocial answers `min_id` with the newest post again).
    public func newer<T: Decodable & Sendable & Identifiable>(
        than page: Page<T>, known: Set<String>, maxPages: Int = newerPagesPerRefresh, pageSize: Int = PageSize.statuses
    ) async throws -> Newer<T> where T.ID == String {
        try await newer(than: page, known: known, identity: { $0.id }, maxPages: maxPages, pageSize: pageSize)
    }

    /// As `newer(than:known:)`, with items told apart by `identity` (mention notifications
    /// by their post, which is what the buffer shows).
    public func newer<T: Decodable & Sendable>(
        than page: Page<T>, known: Set<String>, identity: (T) -> String, maxPages: Int = newerPagesPerRefresh,
        pageSize: Int = PageSize.statuses
    ) async throws -> Newer<T> {
        try await newer(than: page, known: known, identity: identity, maxPages: maxPages, pageSize: pageSize) { link in
            try await self.collect(upTo: pageSize, pageSize: pageSize, from: link, singleRequest: true)
        }
    }

    /// The walk up through `prev` links, with each page read by `fetch` (one request).
    func newer<T: Sendable>(
        than page: Page<T>, known: Set<String>, identity: (T) -> String, maxPages: Int = newerPagesPerRefresh,
        pageSize: Int, fetch: (URL) async throws -> Page<T>
    ) async throws -> Newer<T> {
        guard var link = page.previous else { return Newer(items: [], previous: nil, caughtUp: true, requests: 0) }
        var seen = known
        var items: [T] = []
        var requests = 0
        for _ in 0..<max(1, maxPages) {
            let fetched = try await fetch(link)
            requests += fetched.requests
            let fresh = fetched.items.filter { seen.insert(identity($0)).inserted }
            // Each page is newer than the one before: it goes on top.
            items = fresh + items
            // An empty answer has no links: the same link asks again next time.
            if let previous = fetched.previous { link = previous }
            let caughtUp = fresh.isEmpty || fetched.items.count < pageSize || fetched.previous == nil
            if caughtUp { return Newer(items: items, previous: link, caughtUp: true, requests: requests) }
        }
        return Newer(items: items, previous: link, caughtUp: false, requests: requests)
    }
}

/// What a refresh brought: the new items newest first, where to ask next time, and whether
/// that was all (false: more remain above, behind a gap).
public struct Newer<Element: Sendable>: Sendable {
    public var items: [Element]
    public var previous: URL?
    public var caughtUp: Bool
    public var requests: Int

    public init(items: [Element], previous: URL?, caughtUp: Bool, requests: Int) {
        self.items = items
        self.previous = previous
        self.caughtUp = caughtUp
        self.requests = requests
    }
}

extension Newer: Equatable where Element: Equatable {}
