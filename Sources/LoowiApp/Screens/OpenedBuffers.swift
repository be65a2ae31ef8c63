import AccessibleControls
import TweetEngine

/// Buffers opened after the seven (8, 9, ...): someone's posts (`Route.timeline(of:)`) and a
/// post's thread (`Route.thread(of:)`). Each becomes the first screen like a buffer switch;
/// opening the same one again goes to it with no request; Escape closes it and goes back
/// to where it was opened from.
extension AppCore {
    /// `Route.timeline(of:)`: someone's posts, loaded first.
    func openPosts(of account: Account) -> ScreenOutcome {
        let person = account.spokenName(options: textOptions)
        let key = OpenedBuffer.Key.posts(accountID: account.id)
        if let open = goToOpened(key) { return open }
        let outcome = perform(
            strings(.loadingPostsOf, person), BufferLoader.statuses(.account(account), me: me, limit: initialLoad),
            then: { [weak self] (loaded: BufferLoader.Loaded) in
                guard let self else { return .none }
                let screen = TimelineScreen(app: self, source: .account(account), page: loaded.page)
                return self.arrive(at: screen, opened: key, named: self.strings(.accountTimelineTitle, person))
            })
        return ScreenOutcome(outcome)
    }

    /// `Route.thread(of:)`: what the post answers, the post and its replies in reading order,
    /// focused on the post (the original of a boost). A post deleted since is said plainly.
    func openThread(of post: Status) -> ScreenOutcome {
        let focus = post.displayed
        let key = OpenedBuffer.Key.thread(statusID: focus.id)
        if let open = goToOpened(key) { return open }
        let outcome = perform(
            strings(.loadingThread), BufferLoader.statuses(.thread(focus), me: me, limit: initialLoad),
            then: { [weak self] (loaded: BufferLoader.Loaded) in
                guard let self else { return .none }
                let screen = TimelineScreen(app: self, source: .thread(focus), page: loaded.page)
                screen.show(loaded.page, keeping: focus.id)
                let name = self.strings(.threadTitle, focus.account.spokenName(options: self.textOptions))
                return self.arrive(at: screen, opened: key, named: name)
            },
            failed: { [weak self] error in
                guard let self else { return .none }
                if case .http(404, _) = error { return ScreenOutcome([.earcon(.softError), .say(self.strings(.threadGone))]) }
                return ScreenOutcome(self.spoken(error))
            })
        return ScreenOutcome(outcome)
    }

    /// `Route.catchUp`: home's posts above what was read, summarised in one line, then as a
    /// buffer. A catch-up already open is replaced (what came since is in the new one), and
    /// Escape still goes back to where the first was opened from.
    func openCatchUp() -> ScreenOutcome {
        guard let home = buffers.screen(.home) as? TimelineScreen else { return .none }
        // The user's own posts and boosts are not news to them.
        let new = home.postsNotRead.filter { $0.account.id != me?.id }
        guard !new.isEmpty else { return ScreenOutcome([.say(strings(.catchUpNothing))]) }
        let catchUp = CatchUp(newestFirst: new, me: me)
        let summary = CatchUpScreen.summaryLine(catchUp.summary, strings: strings, options: textOptions)
        let replaced = buffers.close(.catchUp)
        let origin = buffers.current == .opened(.catchUp) ? replaced?.origin : nil
        let screen = CatchUpScreen(app: self, catchUp: catchUp, names: home.names)
        return arrive(at: screen, opened: .catchUp, named: strings(.catchUpTitle), from: origin, saying: summary)
    }

    /// The opened buffer `key`, when it is open already: the screens on top close and it
    /// becomes the first screen, with no request.
    func goToOpened(_ key: OpenedBuffer.Key) -> ScreenOutcome? {
        guard buffers.opened(key) != nil else { return nil }
        closeScreensOnTop()
        return switchOpened(to: key)
    }

    /// A buffer just loaded becomes the first screen, after the seven and those opened before;
    /// past the limit the oldest opened closes, and that is said.
    /// `origin`: where Escape goes back to, when not the buffer shown now; `intro`: said
    /// before the buffer's name (the catch-up's summary).
    func arrive(
        at screen: any BufferScreen, opened key: OpenedBuffer.Key, named name: String, from origin: BufferPlace? = nil,
        saying intro: String? = nil
    ) -> ScreenOutcome {
        if let open = goToOpened(key) { return open }
        // Opened from a person's details or a post's action list on top: those close, and
        // Escape comes back to them, on the buffer underneath (DECISIONS.md).
        let above = origin == nil ? screensOnTop() : AppCore.ScreensSetAside()
        closeScreensOnTop()
        let origin = origin ?? buffers.current
        guard navigator.replaceRoot(with: screen.screen, now: now()) else { return .none }
        keep(screen)
        let closed = buffers.open(OpenedBuffer(key: key, name: name, screen: screen, origin: origin, above: above))
        listOpenedBuffers(on: screen)
        var feedback = arrival(at: screen, named: intro.map { $0 + " " + name } ?? name)
        if let closed {
            feedback.append(.speak(strings(.oldestBufferClosed, closed.name, String(BufferSet.openedLimit)), .announcement))
        }
        return ScreenOutcome(feedback + [.redraw])
    }

    /// An opened buffer, already loaded, becomes the first screen.
    func switchOpened(to key: OpenedBuffer.Key) -> ScreenOutcome {
        guard navigator.stack.count == 1 else {
            return ScreenOutcome([.earcon(.softError), .say(strings(.buffersFromFirstScreen))])
        }
        guard let buffer = buffers.opened(key), navigator.replaceRoot(with: buffer.screen.screen, now: now()) else { return .none }
        buffers.show(key)
        keep(buffer.screen)
        listOpenedBuffers(on: buffer.screen)
        return ScreenOutcome(arrival(at: buffer.screen, named: buffer.name) + [.redraw])
    }

    /// Escape on an opened buffer: it closes, and the buffer it was opened from is said as on
    /// any switch, or the screen on top of it the buffer was opened from (a post's action
    /// list). Nil on the seven, where Escape says it is the first screen.
    func closeOpenedBuffer() -> ScreenOutcome? {
        guard navigator.stack.count == 1, case .opened(let key) = buffers.current, let closed = buffers.close(key) else { return nil }
        let originOpen = buffers.number(of: closed.origin) != nil
        let switched = switchBuffer(to: originOpen ? closed.origin : .fixed(.home))
        // Only on the buffer they were open on, and only when it is shown now (not loading).
        guard originOpen, !closed.above.isEmpty, navigator.stack.count == 1, buffers.current == closed.origin else { return switched }
        return ScreenOutcome(putBack(closed.above) + [.redraw])
    }

    func closeScreensOnTop() {
        for screen in navigator.stack.dropFirst().reversed() { navigator.dismiss(screen, now: now()) }
    }

    /// F1 on a buffer lists the opened buffers with their numbers after its keys, one a line.
    func listOpenedBuffers(on screen: any BufferScreen) {
        let first = Buffer.allCases.count + 1
        let list = buffers.opened.enumerated().map { "\(first + $0.offset): \($0.element.name)" }
        screen.screen.extraHelp = list.isEmpty ? [] : [strings(.openedBuffersInfo)] + list
    }
}
