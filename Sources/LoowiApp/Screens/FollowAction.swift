import AccessibleControls
import TweetEngine

/// Follow or unfollow, said the same way wherever it is done (details, a list of people,
/// search results). Unfollowing asks first ("Stop following Javier? Enter: yes."): one key
/// does both, and a stale or misheard state must never unfollow by surprise. Following asks
/// the server first, so someone already followed is said so and nothing is sent.
@MainActor
enum FollowAction {
    static func toggle(
        _ account: Account, relationship: Relationship?, app: AppCore, updated: @escaping @MainActor (Relationship) -> Void
    ) -> [Feedback] {
        let s = app.strings
        let name = account.spokenName(options: app.textOptions)
        if relationship?.following == true || relationship?.requested == true {
            let request = relationship?.following != true
            return app.navigator.ask(
                s(request ? .withdrawRequestAsk : .unfollowAsk, name),
                no: [.say(s(request ? .withdrawRequestCancelled : .unfollowCancelled, name))],
                // Weak: the navigator keeps the question, and the app keeps the navigator.
                yes: { [weak app] _ in app.map { ScreenOutcome(unfollow(account, app: $0, updated: updated)) } ?? .none })
        }
        return follow(account, app: app, updated: updated)
    }

    private static func follow(_ account: Account, app: AppCore, updated: @escaping @MainActor (Relationship) -> Void) -> [Feedback] {
        let s = app.strings
        let name = account.spokenName(options: app.textOptions)
        let id = account.id
        return app.perform(
            s(.followingProgress, name), { engine in try await engine.startFollowing(id) },
            then: { result in
                updated(result.relationship)
                switch result {
                case .following: return ScreenOutcome([.earcon(.follow), .say(s(.nowFollowing, name)), .redraw])
                case .requested: return ScreenOutcome([.earcon(.follow), .say(s(.followRequested, name)), .redraw])
                // The list's state was old: say how things are, having sent nothing.
                case .alreadyFollowing: return ScreenOutcome([.say(s(.alreadyFollowingPerson, name)), .redraw])
                case .alreadyRequested: return ScreenOutcome([.say(s(.alreadyRequestedPerson, name)), .redraw])
                }
            })
    }

    private static func unfollow(_ account: Account, app: AppCore, updated: @escaping @MainActor (Relationship) -> Void) -> [Feedback] {
        let s = app.strings
        let name = account.spokenName(options: app.textOptions)
        let id = account.id
        return app.perform(
            s(.unfollowing, name), { engine in try await engine.stopFollowing(id) },
            then: { result in
                updated(result.relationship)
                switch result {
                case .stopped: return ScreenOutcome([.earcon(.follow), .say(s(.stoppedFollowing, name)), .redraw])
                case .withdrewRequest: return ScreenOutcome([.earcon(.follow), .say(s(.followRequestWithdrawn, name)), .redraw])
                // The list said "Unfollow" from an old answer: say how things are now.
                case .wasNotFollowing: return ScreenOutcome([.say(s(.wereNotFollowing, name)), .redraw])
                }
            })
    }
}

extension Catalogue where TextKey == AppText {
    /// How you and someone stand, as a list item says it after their name ("you follow them,
    /// follows you"); nil when there is nothing to say (neither follows, or not known).
    func relation(_ relationship: Relationship?) -> String? {
        guard let relationship else { return nil }
        let parts: [AppText?] = [
            relationship.following ? .relationFollowing : relationship.requested ? .relationRequested : nil,
            relationship.followedBy ? .relationFollowsYou : nil,
            relationship.muting ? .relationMuted : nil,
            relationship.blocking ? .relationBlocked : nil,
        ]
        let words = parts.compactMap { $0.map { self($0) } }
        return words.isEmpty ? nil : words.joined(separator: ", ")
    }

    /// A person as a list item: "Tom Walsh, @tom, you follow them, follows you".
    func personItem(name: String, handle: String, relationship: Relationship?) -> String {
        relation(relationship).map { self(.personWithRelation, name, handle, $0) } ?? self(.personItem, name, handle)
    }
}
