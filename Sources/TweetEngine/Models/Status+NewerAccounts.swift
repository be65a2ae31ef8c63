extension Status {
    /// `posts` with each author (and each boosted post's author) as the newest answer
    /// `newer` shows them: a display name changed since the older posts were fetched, or
    /// read from the cache, is heard on every post after a refresh, not only on new ones.
    /// Posts whose authors `newer` does not show are returned unchanged.
    public static func withNewestAccounts(_ posts: [Status], from newer: [Status]) -> [Status] {
        var newest: [String: Account] = [:]
        // `newer` is newest first: the first time an account is seen is its latest form.
        for post in newer {
            if newest[post.account.id] == nil { newest[post.account.id] = post.account }
            if let original = post.reblog, newest[original.account.id] == nil { newest[original.account.id] = original.account }
        }
        guard !newest.isEmpty else { return posts }
        return posts.map { post in
            var post = post
            if let account = newest[post.account.id], account != post.account { post.account = account }
            if var original = post.reblog, let account = newest[original.account.id], account != original.account {
                original.account = account
                post.reblog = original
            }
            return post
        }
    }
}
