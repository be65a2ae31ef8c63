import FoundationEssentials
import LoowiSupport

/// The buffers TWBlue users keep open beside home: the server's public timelines, the
/// hashtags the user follows, and the people they muted or blocked (to take it back).
extension TweetEngine {
    /// Mastodon's largest page of followed hashtags (it gives 100 when not asked, 200 at most).
    public static let followedTagsPageSize = 200

    /// Up to `limit` public posts from people on the user's own server, newest first.
    public func localTimeline(upTo limit: Int = 200) async throws -> Page<Status> {
        try await collect(upTo: limit, pageSize: PageSize.statuses) { TimelinesEndpoint.publicPosts(localOnly: true, limit: $0).endpoint }
    }

    /// Up to `limit` public posts the server knows of, from anywhere, newest first.
    public func federatedTimeline(upTo limit: Int = 200) async throws -> Page<Status> {
        try await collect(upTo: limit, pageSize: PageSize.statuses) { TimelinesEndpoint.publicPosts(localOnly: false, limit: $0).endpoint }
    }

    /// The hashtags whose posts come to the user's home timeline.
    public func followedHashtags(upTo limit: Int = 200) async throws -> Page<Tag> {
        try await collect(upTo: limit, pageSize: Self.followedTagsPageSize) { ModerationListsEndpoint.followedTags(limit: $0).endpoint }
    }

    /// The accounts the user muted (their posts and, if chosen, notifications kept away).
    public func mutedAccounts(upTo limit: Int = 200) async throws -> Page<Account> {
        try await collect(upTo: limit, pageSize: PageSize.accounts) { ModerationListsEndpoint.mutes(limit: $0).endpoint }
    }

    /// The accounts the user blocked.
    public func blockedAccounts(upTo limit: Int = 200) async throws -> Page<Account> {
        try await collect(upTo: limit, pageSize: PageSize.accounts) { ModerationListsEndpoint.blocks(limit: $0).endpoint }
    }
}
