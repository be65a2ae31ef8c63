import FoundationEssentials
import LoowiSupport

/// Hashtags: their timelines, and following them (their posts then come to home).
extension TweetEngine {
    /// A name as the API wants it: without "#", and without anything that is not part of one.
    public static func hashtagName(_ text: String) -> String {
        let name = text.trimmingSpaces().drop { $0 == "#" }
        return String(name.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    /// Up to `limit` posts with the hashtag, newest first.
    public func hashtagTimeline(_ name: String, upTo limit: Int = 200) async throws -> Page<Status> {
        try await collect(upTo: limit, pageSize: PageSize.statuses) { TimelinesEndpoint.hashtag(name, limit: $0).endpoint }
    }

    /// The hashtag, with whether the user follows it.
    public func hashtag(_ name: String) async throws -> Tag {
        try await fetch(Tag.self, Endpoint(.get, "/api/v1/tags/\(PathSegment.escape(name))"))
    }

    public func followHashtag(_ name: String) async throws -> Tag {
        try await fetch(Tag.self, Endpoint(.post, "/api/v1/tags/\(PathSegment.escape(name))/follow", form: []))
    }

    public func unfollowHashtag(_ name: String) async throws -> Tag {
        try await fetch(Tag.self, Endpoint(.post, "/api/v1/tags/\(PathSegment.escape(name))/unfollow", form: []))
    }
}
