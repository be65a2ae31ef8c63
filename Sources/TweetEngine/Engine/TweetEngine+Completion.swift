extension TweetEngine {
    /// Accounts whose names or handles match `query`: the people you follow first, then the
    /// rest the server knows, each once.
    public func accountsMatching(_ query: String, limit: Int = 10) async throws -> [Account] {
        let followed = try await fetch(
            LenientList<Account>.self, CompletionEndpoint.accounts(query: query, following: true, limit: limit).endpoint
        ).elements
        guard followed.count < limit else { return Array(followed.prefix(limit)) }
        let everyone = try await fetch(
            LenientList<Account>.self, CompletionEndpoint.accounts(query: query, following: false, limit: limit).endpoint
        ).elements
        var seen = Set(followed.map(\.id))
        return Array((followed + everyone.filter { seen.insert($0.id).inserted }).prefix(limit))
    }

    /// Hashtags that start with `query`: `yours` first (the followed ones, as
    /// `followedHashtags` gives them, then those the user wrote lately), then the server's
    /// search, each once.
    public func hashtagsMatching(_ query: String, yours: [Tag] = [], limit: Int = 10) async throws -> [Tag] {
        let first = Self.hashtags(matching: query, yours: yours, found: [], limit: limit)
        guard first.count < limit else { return first }
        let found = try await search(query, type: .hashtags, limit: limit, resolve: false).hashtags
        return Self.hashtags(matching: query, yours: yours, found: found, limit: limit)
    }

    /// The user's own hashtags (followed, then lately written) that start with `query`, then
    /// `found`, at most `limit`; a name is kept once whatever its case (#Bread followed, #bread
    /// found), as the server has one tag.
    public static func hashtags(matching query: String, yours: [Tag], found: [Tag], limit: Int) -> [Tag] {
        let prefix = query.lowercased()
        var seen = Set<String>()
        let mine = yours.filter { $0.name.lowercased().hasPrefix(prefix) }
        return Array((mine + found).filter { seen.insert($0.name.lowercased()).inserted }.prefix(limit))
    }

    /// The server's own emoji (`:blobcat:`); a server may have thousands, so at most `limit`.
    public func customEmojis(limit: Int = 5_000) async throws -> [CustomEmoji] {
        Array(try await fetch(LenientList<CustomEmoji>.self, CompletionEndpoint.customEmojis.endpoint).elements.prefix(limit))
    }
}
