import FoundationEssentials
import LoowiSupport

/// The user's own lists of people and hashtags they chose to hear less or more of:
/// `/api/v1/mutes`, `/api/v1/blocks`, `/api/v1/followed_tags`. Mastodon pages all three by
/// Link headers, like the timelines.
public enum ModerationListsEndpoint: Sendable, Equatable {
    case mutes(limit: Int)
    case blocks(limit: Int)
    case followedTags(limit: Int)

    public var endpoint: Endpoint {
        switch self {
        case .mutes(let limit): Endpoint(.get, "/api/v1/mutes", query: [.limit(limit)])
        case .blocks(let limit): Endpoint(.get, "/api/v1/blocks", query: [.limit(limit)])
        case .followedTags(let limit): Endpoint(.get, "/api/v1/followed_tags", query: [.limit(limit)])
        }
    }
}
