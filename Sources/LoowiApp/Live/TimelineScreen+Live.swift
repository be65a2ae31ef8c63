import AccessibleControls
import TweetEngine

/// Live updates in a status buffer: posts arrive on top, are replaced when edited and leave
/// when deleted, and the focus stays on the post being read (its index shifts, so "N of M"
/// stays true). Nothing here speaks: `LiveUpdates` announces.
extension TimelineScreen {
    /// Puts the posts not shown yet on top; returns how many. A buffer not loaded yet is left
    /// alone: it loads fresh when opened.
    @discardableResult
    func insertLive(_ new: [Status]) -> Int {
        guard loaded else { return 0 }
        let known = Set(posts.map(\.id))
        // A post a "hide" filter matches is not shown, so it is not counted or announced either.
        let fresh = Status.visible(Self.unique(new)).filter { !known.contains($0.id) }
        guard !fresh.isEmpty else { return 0 }
        let keep = current?.id
        let newestBefore = posts.first?.id
        setPosts(fresh + Status.withNewestAccounts(posts, from: fresh))
        // Reading down onto what was there before says "End of new posts." once, and the next
        // refresh counts these with what it brings, until they are heard.
        newUnheard.formUnion(fresh.map(\.id))
        liveUncounted.formUnion(fresh.map(\.id))
        markEndOfNew()
        let index = keep.flatMap { id in posts.firstIndex { $0.id == id } } ?? (newestBefore == nil ? 0 : nil)
        refreshWheel(postIndex: index)
        saveToCache()
        return fresh.count
    }

    /// The edited post in place of the one shown (and inside any boost of it); true when held.
    @discardableResult
    func replaceLive(_ edited: Status) -> Bool {
        var changed = false
        var updated = posts
        for i in updated.indices {
            if updated[i].id == edited.id {
                updated[i] = edited
                changed = true
            } else if updated[i].reblog?.id == edited.id {
                updated[i].reblog = edited
                changed = true
            }
        }
        guard changed else { return false }
        setPosts(updated)
        refreshWheel(postIndex: nil)
        saveToCache()
        return true
    }

    /// The post (and boosts of it) leaves; the focused one stays, said "Deleted.", until the
    /// user moves off it. True when anything changed.
    @discardableResult
    func removeLive(_ statusID: String) -> Bool {
        let gone = { (post: Status) in post.id == statusID || post.reblog?.id == statusID }
        guard posts.contains(where: gone) else { return false }
        let keep = current?.id
        if let keep, let focused = current, gone(focused) { deletedHere.insert(keep) }
        setPosts(posts.filter { !gone($0) || $0.id == keep })
        refreshWheel(postIndex: keep.flatMap { id in posts.firstIndex { $0.id == id } })
        saveToCache()
        return true
    }

    /// The user took back their boost of `statusID`: their boosts of it leave. The focused one
    /// is not pulled from under the user: it reads as the post itself (no longer "You boosted"),
    /// unless the post is in the list already, and then it leaves at the next refresh.
    func withdrawOwnBoosts(of statusID: String, me: String) {
        let isOwnBoost = { (post: Status) in post.reblog?.id == statusID && post.account.id == me }
        guard posts.contains(where: isOwnBoost) else { return }
        let keep = current?.id
        let originalShown = posts.contains { $0.id == statusID }
        var updated: [Status] = []
        var focus: Int? = nil
        for post in posts {
            if post.id == keep { focus = updated.count }
            guard isOwnBoost(post) else { updated.append(post); continue }
            guard post.id == keep else { continue }
            updated.append(originalShown ? post : post.reblog ?? post)
        }
        setPosts(updated)
        refreshWheel(postIndex: focus)
        saveToCache()
    }

    /// The user moved: a deleted post left behind goes, and the focus stays where it went.
    func forgetDeletedLeft() {
        guard !deletedHere.isEmpty else { return }
        let keep = current?.id
        let leaving = deletedHere.subtracting(keep.map { [$0] } ?? [])
        guard !leaving.isEmpty else { return }
        deletedHere.subtract(leaving)
        setPosts(posts.filter { !leaving.contains($0.id) })
        refreshWheel(postIndex: keep.flatMap { id in posts.firstIndex { $0.id == id } })
        saveToCache()
    }
}
