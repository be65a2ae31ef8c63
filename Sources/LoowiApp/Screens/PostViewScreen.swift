import AccessibleControls
import TweetEngine

/// Enter on a post, in any buffer: one list whose first item is the whole post (its text
/// behind any warning, media, poll, link titles, counts, what you did with it) and the rest
/// everything that can be done with it. Enter does the focused item; Escape goes back.
/// Deleting your post and blocking someone ask first: Enter a second time does it.
@MainActor
final class PostViewScreen: AppScreen {
    enum ControlID: String {
        case actions
    }

    enum Item: Equatable {
        case whole, reply, replyToAuthor, boost, favourite, bookmark, thread, link(Int), authorPosts, authorDetails
        /// Single choice: votes at once. Multiple: toggles the option; `sendVote` sends.
        case vote(Int), choose(Int), sendVote
        case edit, delete, mute, block, report
    }

    let screen: ControlScreen
    unowned let app: AppCore
    /// The post as the buffer holds it (a boost, when boosted); actions go to `shown`.
    private let post: Status
    private var shown: Status { post.displayed }
    private let toggles: PostToggles
    private let links: [PostLink]
    private let wheel: Wheel
    private var items: [Item] = []
    /// The poll as last known (a vote here brings the server's new count).
    private var poll: Poll?
    private var chosen: Set<Int> = []
    /// The item Enter was pressed on once, for those that ask first; any other key forgets it.
    private var asked: Item?

    private var s: AppStrings { app.strings }
    private var authorName: String { shown.account.spokenName(options: app.textOptions) }
    private var isMine: Bool { shown.account.id == app.me?.id }

    init(app: AppCore, post: Status, toggles: PostToggles) {
        self.app = app
        self.post = post
        self.toggles = toggles
        links = post.displayed.links
        poll = post.displayed.poll
        let s = app.strings
        wheel = Wheel(id: ControlID.actions.rawValue, label: s(.postActions), items: [""], hint: s(.postActionsHint))
        screen = ControlScreen(
            title: s(.postViewTitle, post.displayed.account.spokenName(options: app.textOptions)), controls: [wheel],
            screenKeys: BufferAction.postViewKeys, settings: app.settings, keymap: app.keymap)
        wheel.actsOnSelect = true
        // The post stays on screen while Down goes through what to do with it.
        screen.pinnedText = { [weak self] in
            guard let self, self.wheel.index > 0 else { return nil }
            return self.wheel.items.first
        }
        screen.onEvent = { [weak self] event, _ in self?.handle(event) ?? .none }
        app.takeBufferKeys(on: screen)
        refresh()
    }

    /// The items as things stand (a boost made here relabels Boost).
    private func refresh() {
        var list: [Item] = [.whole, .reply]
        let others = ReplyAddressees(shown, conversation: nil, me: app.me, options: app.textOptions).people
        // Replying to the author alone would drop the people of a direct post: never offered.
        if others.count > 1, shown.visibility.known != .direct { list.append(.replyToAuthor) }
        list += [.boost, .favourite, .bookmark, .thread]
        list += links.indices.map(Item.link)
        if let poll, !poll.expired, !poll.voted, !isMine {
            list += poll.options.indices.map { poll.multiple ? Item.choose($0) : Item.vote($0) }
            if poll.multiple { list.append(.sendVote) }
        }
        list += [.authorPosts, .authorDetails]
        list += isMine ? [.edit, .delete] : [.mute, .block, .report]
        items = list
        let keep = wheel.index
        wheel.setItems(list.map(words), index: min(keep, list.count - 1))
    }

    private func words(_ item: Item) -> String {
        switch item {
        case .whole: return whole()
        case .reply: return s(.itemReply)
        case .replyToAuthor: return s(.itemReplyToAuthor, authorName)
        case .boost: return s(toggles.isReblogged(post) ? .itemUnboost : .itemBoost)
        case .favourite: return s(toggles.isFavourited(post) ? .itemUnfavourite : .itemFavourite)
        case .bookmark: return s(toggles.isBookmarked(post) ? .itemUnbookmark : .itemBookmark)
        case .thread: return s(.itemThread)
        case .link(let index): return s(.itemOpenLink, links[index].spoken(in: s.language))
        case .authorPosts: return s(.itemAuthorPosts, authorName)
        case .authorDetails: return s(.itemAuthorDetails, authorName)
        case .vote(let index): return s(.itemVote, option(index))
        case .choose(let index): return s(chosen.contains(index) ? .itemChoiceChosen : .itemChoiceNotChosen, option(index))
        case .sendVote: return s(.itemSendVote)
        case .edit: return s(.itemEdit)
        case .delete: return s(.itemDelete)
        case .mute: return s(.itemMute, authorName)
        case .block: return s(.itemBlock, authorName)
        case .report: return s(.itemReport, authorName)
        }
    }

    private func option(_ index: Int) -> String { poll?.options[index].title ?? "" }

    /// The post read whole: the text behind its warning too (the user asked for it), then the
    /// counts and whether it was edited.
    private func whole() -> String {
        var status = post
        if let poll { status.reblog == nil ? (status.poll = poll) : (status.reblog?.poll = poll) }
        var parts = [toggles.speech(status, now: app.engine.clock.now()).sentence(language: s.language)]
        let counts = [
            s.count(shown.repliesCount, .oneReply, .repliesCount), s.count(shown.reblogsCount, .oneBoost, .boostsCount),
            s.count(shown.favouritesCount, .oneFavourite, .favouritesCount),
        ]
        parts.append(counts.joined(separator: ", "))
        if shown.editedAt != nil { parts.append(s(.postEdited)) }
        return PostText.join(parts)
    }

    // MARK: Doing

    private func handle(_ event: ControlEvent) -> ScreenOutcome {
        switch event.kind {
        case .changed:
            asked = nil
            return .none
        case .selected(let index):
            guard items.indices.contains(index) else { return .none }
            return perform(items[index])
        default:
            return .none
        }
    }

    private func perform(_ item: Item) -> ScreenOutcome {
        let ask = asked
        asked = nil
        switch item {
        case .whole: return ScreenOutcome([.say(whole())])
        case .reply: return app.open(.compose(.reply(shown)))
        case .replyToAuthor: return app.open(.compose(.replyToAuthor(shown)))
        case .boost: return ScreenOutcome(toggles.toggleBoost(shown) { [weak self] in self?.refresh() })
        case .favourite: return ScreenOutcome(toggles.toggleFavourite(shown) { [weak self] in self?.refresh() })
        case .bookmark: return ScreenOutcome(toggles.toggleBookmark(shown) { [weak self] in self?.refresh() })
        case .thread: return app.open(.thread(of: shown))
        case .link(let index): return ScreenOutcome(app.openLink(links[index]))
        case .authorPosts: return app.open(.timeline(of: shown.account))
        case .authorDetails: return app.open(.details(shown.account))
        case .vote(let index): return vote([index + 1])
        case .choose(let index):
            if chosen.remove(index) == nil { chosen.insert(index) }
            refresh()
            return ScreenOutcome([.say(wheel.currentItem)])
        case .sendVote: return vote(chosen.sorted().map { $0 + 1 })
        case .edit: return app.open(.edit(shown))
        case .delete:
            guard ask == .delete else { return confirm(.delete, s(.deleteAsk)) }
            return delete()
        case .mute: return mute()
        case .block:
            guard ask == .block else { return confirm(.block, s(.blockAsk, authorName)) }
            return block()
        case .report: return app.open(.report(shown.account, posts: [shown.id]))
        }
    }

    private func confirm(_ item: Item, _ question: String) -> ScreenOutcome {
        asked = item
        return ScreenOutcome([.earcon(.softError), .say(question)])
    }

    private func vote(_ choices: [Int]) -> ScreenOutcome {
        guard let poll else { return .none }
        do throws(PollVoteError) {
            try PollVoteError.check(choices, in: poll)
        } catch {
            return ScreenOutcome([.earcon(.softError), .say(error.spoken(in: s.language))])
        }
        let names = choices.map { option($0 - 1) }
        return ScreenOutcome(
            app.perform(
                s(.voting), { engine in try await engine.vote(in: poll, choices: choices) },
                then: { [weak self] (answer: Poll) in
                    guard let self else { return .none }
                    self.poll = answer
                    self.chosen = []
                    // Home and the other buffers then read "You voted: …" too.
                    var voted = self.shown
                    voted.poll = answer
                    self.app.replaceEverywhere(voted)
                    self.refresh()
                    return ScreenOutcome([.earcon(.activate), .say(self.s(.voted, SpokenList.names(names, in: self.s.language))), .redraw])
                }))
    }

    private func delete() -> ScreenOutcome {
        let id = shown.id
        return ScreenOutcome(
            app.perform(
                s(.deleting), { engine in try await engine.delete(id) },
                then: { [weak self] _ in
                    guard let self else { return .none }
                    self.app.removeEverywhere(id)
                    return ScreenOutcome([.earcon(.activate), .speak(self.s(.postDeletedByYou), .important)], .pop)
                }))
    }

    /// The relationship is not loaded here: muting and blocking go one way (unmuting and
    /// unblocking are on the person's details).
    private func mute() -> ScreenOutcome {
        ScreenOutcome(ModerationAction.toggleMute(shown.account, relationship: nil, app: app) { _ in })
    }

    private func block() -> ScreenOutcome {
        ScreenOutcome(ModerationAction.toggleBlock(shown.account, relationship: nil, confirmed: true, app: app) { _ in })
    }
}
