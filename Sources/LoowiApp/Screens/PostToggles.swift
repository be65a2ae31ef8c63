import AccessibleControls
import FoundationEssentials
import LoowiSupport
import TweetEngine

/// Boosting, favouriting and bookmarking a post, and remembering what the user changed (the
/// post as loaded keeps the server's old state): one place for every screen that shows posts
/// (the timelines, the Notifications buffer) and the post view opened from them.
@MainActor
final class PostToggles {
    unowned let app: AppCore
    /// What the user changed here, by the id of the post shown.
    private var reblogged: [String: Bool] = [:]
    private var favourited: [String: Bool] = [:]
    private var bookmarked: [String: Bool] = [:]

    init(app: AppCore) { self.app = app }

    private var s: AppStrings { app.strings }

    func isReblogged(_ post: Status) -> Bool { reblogged[post.displayed.id] ?? post.displayed.reblogged }
    func isFavourited(_ post: Status) -> Bool { favourited[post.displayed.id] ?? post.displayed.favourited }
    func isBookmarked(_ post: Status) -> Bool { bookmarked[post.displayed.id] ?? post.displayed.bookmarked }

    /// The post's words with the user's marks as they are now (a boost made since it loaded).
    func speech(
        _ post: Status, now: Date, hideTextBehindWarning: Bool = false, names: [String: String] = [:]
    ) -> StatusSpeech {
        var speech = StatusSpeech(post, options: app.textOptions, now: now, hideTextBehindWarning: hideTextBehindWarning, names: names)
        speech.markYours(
            boosted: isReblogged(post), favourited: isFavourited(post), bookmarked: isBookmarked(post), language: app.strings.language)
        return speech
    }

    /// Boosts `post`, or takes the boost back; `changed` runs once the server agreed (a
    /// screen relabels its Boost button).
    func toggleBoost(_ post: Status, changed: @escaping @MainActor () -> Void = {}) -> [Feedback] {
        let undo = isReblogged(post)
        let id = post.id
        // Kept by the post shown, as `isReblogged` reads it (a boost's own id is not the post's).
        let shown = post.displayed.id
        return app.perform(
            s(undo ? .unboosting : .boosting), { engine in undo ? try await engine.unreblog(id) : try await engine.reblog(id) },
            then: { [weak self] _ in
                guard let self else { return .none }
                self.reblogged[shown] = !undo
                // Taken back: the user's own boost of it is no longer in Home.
                if undo { self.app.removeOwnBoosts(of: shown) }
                changed()
                return ScreenOutcome([.earcon(.boost), .say(self.s(undo ? .boostRemoved : .boosted)), .redraw])
            })
    }

    func toggleFavourite(_ post: Status, changed: @escaping @MainActor () -> Void = {}) -> [Feedback] {
        let undo = isFavourited(post)
        let id = post.id
        let shown = post.displayed.id
        return app.perform(
            s(undo ? .unfavouriting : .favouriting),
            { engine in undo ? try await engine.unfavourite(id) : try await engine.favourite(id) },
            then: { [weak self] _ in
                guard let self else { return .none }
                self.favourited[shown] = !undo
                changed()
                return ScreenOutcome([.earcon(.favourite), .say(self.s(undo ? .favouriteRemoved : .favourited))])
            })
    }

    /// Keeps the post among the bookmarks, or takes it out (nobody else is told).
    func toggleBookmark(_ post: Status, changed: @escaping @MainActor () -> Void = {}) -> [Feedback] {
        let undo = isBookmarked(post)
        let id = post.displayed.id
        return app.perform(
            s(undo ? .unbookmarking : .bookmarking),
            { engine in undo ? try await engine.unbookmark(id) : try await engine.bookmark(id) },
            then: { [weak self] _ in
                guard let self else { return .none }
                self.bookmarked[id] = !undo
                changed()
                return ScreenOutcome([.say(self.s(undo ? .bookmarkRemoved : .bookmarked))])
            })
    }
}
