import AccessibleControls
import TweetEngine

/// A hashtag's posts as a buffer: slot 3 of the toolbar follows or unfollows the hashtag.
extension TimelineScreen {
    /// The follow button says what pressing it does.
    func showFollowing(_ following: Bool?, hashtag name: String) {
        followsHashtag = following
        let button = screen.focus.controls.first { $0.id == ControlID.details.rawValue } as? Button
        button?.label = app.strings(following == true ? .unfollowHashtag : .followHashtag, name)
    }

    func toggleFollowing(hashtag name: String) -> [Feedback] {
        let undo = followsHashtag == true
        let s = app.strings
        return app.perform(
            s(.followingHashtagProgress, name),
            { engine in undo ? try await engine.unfollowHashtag(name) : try await engine.followHashtag(name) },
            then: { [weak self] (tag: Tag) in
                let now = tag.following ?? !undo
                self?.showFollowing(now, hashtag: name)
                return ScreenOutcome([.earcon(.follow), .say(s(now ? .followingHashtag : .unfollowedHashtag, name)), .redraw])
            })
    }
}

extension AppCore {
    /// `Route.publicPosts`: the Local or Federated timeline, as a buffer after the seven, with
    /// the paging and remembered position of the other opened buffers (no server marker).
    func openPublicPosts(local: Bool) -> ScreenOutcome {
        let key = OpenedBuffer.Key.publicPosts(local: local)
        if let open = goToOpened(key) { return open }
        let load = BufferLoader.statuses(.publicPosts(local: local), me: me, limit: initialLoad)
        let name = strings(local ? .localTitle : .federatedTitle)
        return ScreenOutcome(
            perform(
                strings(local ? .loadingLocal : .loadingFederated), load,
                then: { [weak self] (loaded: BufferLoader.Loaded) in
                    guard let self else { return .none }
                    let screen = TimelineScreen(app: self, source: .publicPosts(local: local), page: loaded.page)
                    return self.arrive(at: screen, opened: key, named: name)
                }))
    }

    /// `Route.hashtag`: the hashtag's posts, loaded with whether the user follows it, as a
    /// buffer after the seven.
    func openHashtag(_ text: String) -> ScreenOutcome {
        let name = TweetEngine.hashtagName(text)
        guard !name.isEmpty else { return ScreenOutcome([.earcon(.softError), .say(strings(.nothingToSearch))]) }
        let key = OpenedBuffer.Key.hashtag(name.lowercased())
        if let open = goToOpened(key) { return open }
        let load = BufferLoader.statuses(.hashtag(name), me: me, limit: initialLoad)
        let outcome = perform(
            strings(.loadingHashtag, name),
            { engine in
                async let tag = try? engine.hashtag(name)
                let loaded = try await load(engine)
                return (loaded, await tag)
            },
            then: { [weak self] (loaded: (BufferLoader.Loaded, Tag?)) in
                guard let self else { return .none }
                let screen = TimelineScreen(app: self, source: .hashtag(name), page: loaded.0.page)
                screen.showFollowing(loaded.1?.following, hashtag: name)
                return self.arrive(at: screen, opened: key, named: self.strings(.hashtagTitle, name))
            })
        return ScreenOutcome(outcome)
    }
}
