import AccessibleControls
import TweetEngine

/// Boosting and favouriting a post, and remembering what the user changed (the post as loaded
/// keeps the server's old state): one place for every screen that shows posts (the timelines,
/// the Notifications buffer).
@MainActor
final class PostToggles {
    unowned let app: AppCore
    /// What the user changed here, by the id of the post shown.
    private var reblogged: [String: Bool] = [:]
    private var favourited: [String: Bool] = [:]

    init(app: AppCore) { self.app = app }

    private var s: AppStrings { app.strings }

    func isReblogged(_ post: Status) -> Bool { reblogged[post.displayed.id] ?? post.displayed.reblogged }
    func isFavourited(_ post: Status) -> Bool { favourited[post.displayed.id] ?? post.displayed.favourited }

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
                changed()
                return ScreenOutcome([.earcon(.boost), .say(self.s(undo ? .boostRemoved : .boosted)), .redraw])
            })
    }

    func toggleFavourite(_ post: Status) -> [Feedback] {
        let undo = isFavourited(post)
        let id = post.id
        let shown = post.displayed.id
        return app.perform(
            s(undo ? .unfavouriting : .favouriting),
            { engine in undo ? try await engine.unfavourite(id) : try await engine.favourite(id) },
            then: { [weak self] _ in
                guard let self else { return .none }
                self.favourited[shown] = !undo
                return ScreenOutcome([.earcon(.favourite), .say(self.s(undo ? .favouriteRemoved : .favourited))])
            })
    }
}
