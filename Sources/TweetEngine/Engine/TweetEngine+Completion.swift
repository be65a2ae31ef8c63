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

    /// Hashtags that start with `query`, from the server's search.
    public func hashtagsMatching(_ query: String, limit: Int = 10) async throws -> [Tag] {
        try await search(query, type: .hashtags, limit: limit, resolve: false).hashtags
    }

    /// The server's own emoji (`:blobcat:`); a server may have thousands, so at most `limit`.
    public func customEmojis(limit: Int = 5_000) async throws -> [CustomEmoji] {
        Array(try await fetch(LenientList<CustomEmoji>.self, CompletionEndpoint.customEmojis.endpoint).elements.prefix(limit))
    }
}
