import AccessibleControls
import Foundation
import TweetEngine

/// iLoowi's timeline: the wheel of posts first (moving it reads each post by the template),
/// then the post's author, time and text, Boost, Reply, Refresh, and where you are; toolbar
/// About (Back on someone's timeline), Info, Details, New post. Single letters do the common
/// actions without moving focus (`TimelineAction`, the keymap's `timeline` scope).
@MainActor
final class TimelineScreen: AppScreen {
    enum Source {
        case home
        case account(Account)
        /// The first screen's other status buffers (`BufferLoader` says where each comes from).
        case mentions, sent, favourites, bookmarks

        /// The buffer this source fills, nil for someone's timeline opened on top.
        var buffer: Buffer? {
            switch self {
            case .home: .home
            case .account: nil
            case .mentions: .mentions
            case .sent: .sent
            case .favourites: .favourites
            case .bookmarks: .bookmarks
            }
        }
    }

    enum ControlID: String {
        case posts, author, time, text, boost, reply, refresh, details, newPost
        case whereYouAre = "where"
    }

    nonisolated static let postLimit = 200

    let screen: ControlScreen
    unowned let app: AppCore
    let source: Source
    private(set) var page: Page<Status>?
    private(set) var posts: [Status] = []
    /// Posts whose text is shown behind their content warning.
    private var expanded: Set<String> = []
    /// What the user changed here (boosts, favourites), by the id of the post shown.
    private var reblogged: [String: Bool] = [:]
    private var favourited: [String: Bool] = [:]

    let wheel: Wheel
    let author: any Control
    let time: Label
    let text: Label
    let boostButton: Button
    let replyButton: Button
    let refreshButton: Button
    let whereLabel: Label

    private var s: AppStrings { app.strings }

    init(app: AppCore, source: Source, page: Page<Status>? = nil) {
        self.app = app
        self.source = source
        let s = app.strings
        wheel = Wheel(id: ControlID.posts.rawValue, label: s(.postsList), items: [s(.noPosts)], hint: s(.wheelHint))
        switch source {
        case .account:
            author = Label(id: ControlID.author.rawValue, label: s(.author), text: "")
        case .home, .mentions, .sent, .favourites, .bookmarks:
            author = Button(id: ControlID.author.rawValue, label: s(.author), hint: s(.authorHint))
        }
        time = Label(id: ControlID.time.rawValue, label: s(.time), text: "")
        text = Label(id: ControlID.text.rawValue, label: s(.postText), text: "")
        boostButton = Button(id: ControlID.boost.rawValue, label: s(.boost))
        replyButton = Button(id: ControlID.reply.rawValue, label: s(.reply))
        refreshButton = Button(id: ControlID.refresh.rawValue, label: s(.refresh))
        whereLabel = Label(id: ControlID.whereYouAre.rawValue, label: s(.whereLabel), text: "")
        let title: String
        let firstSlot: String?
        switch source {
        case .home:
            title = s(.homeTitle)
            firstSlot = s(.about)
        case .account(let account):
            title = s(.accountTimelineTitle, account.spokenName(options: app.textOptions))
            firstSlot = nil
        case .mentions, .sent, .favourites, .bookmarks:
            // The buffer's name is the title, so the full-screen mode shows which is open.
            title = source.buffer.map { s($0.name) } ?? ""
            firstSlot = s(.about)
        }
        let details = Button(id: ControlID.details.rawValue, label: s(.details))
        let newPost = Button(id: ControlID.newPost.rawValue, label: s(.newPost))
        screen = ControlScreen(
            title: title,
            controls: [wheel, author, time, text, boostButton, replyButton, refreshButton, whereLabel],
            toolbarThird: .button(details), toolbarFourth: .button(newPost), screenKeys: TimelineAction.keys,
            toolbarBackLabel: firstSlot, settings: app.settings, keymap: app.keymap)
        screen.onEvent = { [weak self] event, _ in self?.handle(event) ?? .none }
        screen.onAction(TimelineAction.self) { [weak self] action, _ in self?.perform(action) }
        if let page { show(page) }
    }

    // MARK: Opening (only through `AppCore.open`)

    /// `Route.home`: the first screen. With a cache its first post is read at once and the
    /// server is asked behind it; without one the timeline loads first.
    static func openHome(app: AppCore) -> ScreenOutcome {
        let home = TimelineScreen(app: app, source: .home)
        app.startOver(with: home)
        app.buffers.adopt(home, as: .home)
        if let cached = app.cache?.load(), !cached.isEmpty {
            return ScreenOutcome(home.showCachedThenRefresh(cached))
        }
        return ScreenOutcome(home.load())
    }

    /// `Route.timeline(of:)`: someone's timeline, opened from a post or from their details.
    static func open(_ account: Account, app: AppCore) -> ScreenOutcome {
        let name = account.spokenName(options: app.textOptions)
        let loading = app.perform(
            app.strings(.loadingPostsOf, name),
            { engine in try await engine.accountTimeline(accountID: account.id, upTo: postLimit) },
            then: { page in app.push(TimelineScreen(app: app, source: .account(account), page: page)) })
        return ScreenOutcome(loading)
    }

    // MARK: Loading

    /// Loads the home timeline: the screen opens (where the user left off) as soon as the first
    /// page and the marker are in, and the rest (up to 200 posts) follows in the background.
    func load() -> [Feedback] {
        let needsMe = app.me == nil
        return app.perform(
            s(.loadingHome),
            { engine in try await HomeLoad.fetch(engine, needsMe: needsMe, firstPageOnly: true) },
            then: { [weak self] (load: HomeLoad) in
                guard let self else { return .none }
                self.adopt(load)
                let since = self.openWhereLeft(load.markers)
                var feedback: [Feedback] = [.earcon(.ready)] + self.app.navigator.announceCurrent(now: self.app.now())
                feedback += self.sincePhrase(since) + self.app.startupNotices() + self.loadRest()
                return ScreenOutcome(feedback)
            },
            failed: { [weak self] error in
                guard let self else { return .none }
                // Nothing loaded: the screen still opens, so Refresh (u) can try again.
                return ScreenOutcome(
                    self.app.navigator.announceCurrent(now: self.app.now()) + self.app.spoken(error)
                        + [.speak(self.s(.loadingFailed), .important)])
            })
    }

    /// Start-up with a cache: the first post is read at once; the server is asked in the
    /// background and what is new is announced without cutting into the reading.
    func showCachedThenRefresh(_ cached: [Status]) -> [Feedback] {
        show(Page(items: cached, next: nil, previous: nil, requests: 0), keeping: app.position?.load()?.home)
        let known = Set(cached.map(\.id))
        let needsMe = app.me == nil
        loadingInBackground = true
        let background = app.perform(
            s(.loadingHome), busy: false,
            { engine in try await HomeLoad.fetch(engine, needsMe: needsMe) },
            then: { [weak self] (load: HomeLoad) in
                guard let self else { return .none }
                self.loadingInBackground = false
                let before = self.current?.id
                self.adopt(load, keeping: before)
                let arrived = Self.unique(load.page.items).filter { !known.contains($0.id) }.count
                guard !self.userMovedHome else {
                    self.app.markerEvent(.read(load.markers?.home))
                    return arrived > 0 ? ScreenOutcome([.earcon(.newPost), .speak(self.newPostsPhrase(arrived), .announcement), .redraw]) : .none
                }
                if let since = self.openWhereLeft(load.markers) {
                    // Another client's marker moved the wheel: the post is read again where it is now.
                    let moved = self.current?.id != before && self.isOnTop ? self.app.navigator.announceCurrent(now: self.app.now()) : []
                    return ScreenOutcome([.earcon(.newPost)] + moved + self.sincePhrase(since) + [.redraw])
                }
                guard arrived > 0 else { return .none }
                return ScreenOutcome([.earcon(.newPost), .speak(self.newPostsPhrase(arrived), .announcement), .redraw])
            },
            failed: { [weak self] error in
                guard let self else { return .none }
                self.loadingInBackground = false
                let text = error.spoken(in: self.s.language, now: self.app.engine.clock.now(), timeZone: self.app.timeZone).text
                return ScreenOutcome([.earcon(.softError), .speak(self.s(.cachedOnly, text), .announcement)])
            })
        var feedback: [Feedback] = [.earcon(.ready)] + app.navigator.announceCurrent(now: app.now())
        feedback += app.startupNotices() + background
        return feedback
    }

    /// The start-up load behind the cached posts is still under way (perhaps waiting for the
    /// server's rate limit): a refresh then would spend the new allowance twice and announce
    /// the same new posts twice.
    private(set) var loadingInBackground = false

    /// The user moved the home wheel themselves: a marker that arrives later no longer moves it.
    private var userMovedHome = false
    /// Where the user left off, when that post was not on the first page: the rest may bring it.
    private var awaitedPosition: (id: String, chosenHere: Bool)?

    private var isOnTop: Bool { app.navigator.stack.last === screen }

    /// The rest of the home timeline after the first page, in the background; the wheel stays
    /// where it is, unless the post the user left off at arrives before they moved.
    private func loadRest() -> [Feedback] {
        guard let first = page, first.next != nil, posts.count < Self.postLimit else {
            awaitedPosition = nil
            return []
        }
        loadingInBackground = true
        let wanted = Self.postLimit - posts.count
        return app.perform(
            s(.loadingHome), busy: false, { engine in try await engine.more(after: first, upTo: wanted) },
            then: { [weak self] (rest: Page<Status>) in
                guard let self else { return .none }
                self.loadingInBackground = false
                let awaited = self.awaitedPosition
                self.awaitedPosition = nil
                var merged = first
                merged.items = self.posts + rest.items
                merged.next = rest.next
                self.show(merged, keeping: self.current?.id)
                self.saveToCache()
                guard !self.userMovedHome, let awaited, let index = self.posts.firstIndex(where: { $0.id == awaited.id }) else {
                    return ScreenOutcome([.redraw])
                }
                self.refreshWheel(index: index)
                self.app.markerEvent(.focused(awaited.id, byUser: awaited.chosenHere))
                let moved = self.isOnTop ? self.app.navigator.announceCurrent(now: self.app.now()) : []
                return ScreenOutcome(moved + self.sincePhrase(index) + [.redraw])
            },
            failed: { [weak self] _ in
                // The first page is there to read; Refresh (u) asks again.
                self?.loadingInBackground = false
                self?.awaitedPosition = nil
                return .none
            })
    }

    /// Opens the home timeline where the user stopped: the more recent of the server's marker
    /// and the position saved here, when that post is loaded (else it stays on the newest).
    /// Returns how many posts are newer than it, or nil when neither is known or loaded.
    private func openWhereLeft(_ markers: Markers?) -> Int? {
        let marker = markers?.home
        app.markerEvent(.read(marker))
        let saved = app.position?.load()
        var target: String?
        var chosenHere = false
        switch (marker, saved) {
        case (let marker?, let saved?):
            chosenHere = saved.home != marker.lastReadID && saved.at > (marker.updatedAt ?? .distantPast)
            target = chosenHere ? saved.home : marker.lastReadID
        case (let marker?, nil): target = marker.lastReadID
        case (nil, let saved?): target = saved.home
        case (nil, nil): target = nil
        }
        guard let target, let index = posts.firstIndex(where: { $0.id == target }) else {
            // Opened on the newest as a fallback: not a position to write; the rest may bring it.
            awaitedPosition = target.map { ($0, chosenHere) }
            return nil
        }
        refreshWheel(index: index)
        // A position the user chose here and the server never heard of is theirs to write.
        app.markerEvent(.focused(target, byUser: chosenHere))
        return index
    }

    /// "12 new posts since you last read."; nothing when none are.
    private func sincePhrase(_ count: Int?) -> [Feedback] {
        guard let count, count > 0 else { return [] }
        return [.speak(count == 1 ? s(.oneNewSinceMarker) : s(.newSinceMarker, String(count)), .announcement)]
    }

    private func saveToCache() {
        guard case .home = source else { return }
        app.cache?.save(posts)
    }

    /// The home timeline as first loaded, with who you are and the server's post limit.
    struct HomeLoad: Sendable {
        var page: Page<Status>
        var me: Account?
        var limits: InstanceLimits?
        /// Where the user stopped reading, from any client (nil when the server has none).
        var markers: Markers?

        /// The four requests in parallel. Only the timeline is needed: a failed
        /// verify_credentials leaves `me` unknown, and the timeline says what is wrong anyway.
        static func fetch(_ engine: TweetEngine, needsMe: Bool, firstPageOnly: Bool = false) async throws -> HomeLoad {
            async let me = needsMe ? engine.verifyCredentials() : nil
            async let limits = try? engine.instanceLimits()
            async let markers = try? engine.markers()
            let page = try await firstPageOnly ? engine.homeTimelineFirstPage() : engine.homeTimeline(upTo: TimelineScreen.postLimit)
            return HomeLoad(page: page, me: try? await me, limits: await limits, markers: await markers)
        }
    }

    private func adopt(_ load: HomeLoad, keeping postID: String? = nil) {
        if let me = load.me { app.me = me }
        if let limits = load.limits { app.limits = limits }
        show(load.page, keeping: postID)
        saveToCache()
        // The server answers again: what waits in the outbox can go.
        app.retryWaitingPosts()
    }

    /// "1 new post." / "3 new posts."
    private func newPostsPhrase(_ count: Int) -> String {
        count == 1 ? s(.oneNewPost) : s(.newPosts, String(count))
    }

    func show(_ newPage: Page<Status>, keeping postID: String? = nil) {
        page = newPage
        posts = Self.unique(newPage.items)
        let index = postID.flatMap { id in posts.firstIndex { $0.id == id } } ?? 0
        refreshWheel(index: index)
    }

    /// The posts with each id once, the first time it comes. Servers repeat posts at page
    /// edges (GoToSocial answers `min_id` with the newest post again), and a post read twice,
    /// or counted as two new ones, is wrong.
    static func unique(_ items: [Status]) -> [Status] {
        var seen = Set<String>()
        return items.filter { seen.insert($0.id).inserted }
    }

    private func refreshWheel(index: Int? = nil) {
        let words = PostWords(strings: s)
        let template = PostTemplate(app.config.postTemplate)
        let now = app.engine.clock.now()
        let items = posts.map { render($0, template: template, words: words, now: now) }
        wheel.setItems(items.isEmpty ? [s(.noPosts)] : items, index: index)
        // "2 minutes ago" is worked out when it is said, not when the post was loaded.
        wheel.renderItem = posts.isEmpty ? nil : { [weak self] index in
            guard let self, self.posts.indices.contains(index) else { return "" }
            return self.render(self.posts[index], template: template, words: words, now: self.app.engine.clock.now())
        }
        updateLabels()
    }

    private func render(_ post: Status, template: PostTemplate, words: PostWords, now: Date) -> String {
        template.render(
            StatusSpeech(post, options: app.textOptions, now: now, hideTextBehindWarning: !expanded.contains(post.id)),
            words: words)
    }

    var current: Status? { posts.isEmpty ? nil : posts[wheel.index] }

    /// The post the labels and buttons act on follows the wheel.
    private func updateLabels() {
        switch source {
        case .home:
            whereLabel.setText(s(.homeWhere, String(posts.count)))
        case .account(let account):
            whereLabel.setText(s(.accountWhere, account.spokenName(options: app.textOptions), String(posts.count)))
        case .mentions, .sent, .favourites, .bookmarks:
            whereLabel.setText(s(.bufferWhere, source.buffer.map { s($0.name) } ?? "", String(posts.count)))
        }
        guard let post = current else {
            setAuthor(s(.noPosts))
            time.setText("")
            text.setText(s(.noPosts))
            return
        }
        let speech = StatusSpeech(
            post, options: app.textOptions, now: app.engine.clock.now(), hideTextBehindWarning: !expanded.contains(post.id))
        setAuthor(speech.booster.map { PostWords(strings: s).boosted($0, speech.author) } ?? speech.author)
        time.setText(speech.time ?? "")
        var body = speech.text
        if let warning = speech.contentWarning {
            let words = PostWords(strings: s)
            body = words.contentWarning(warning) + " " + (body.isEmpty ? words.hiddenText : body)
        }
        text.setText(body)
        boostButton.label = isReblogged(post) ? s(.unboost) : s(.boost)
    }

    private func setAuthor(_ name: String) {
        if let button = author as? Button { button.label = name } else if let label = author as? Label { label.setText(name) }
    }

    private func isReblogged(_ post: Status) -> Bool { reblogged[post.displayed.id] ?? post.displayed.reblogged }
    private func isFavourited(_ post: Status) -> Bool { favourited[post.displayed.id] ?? post.displayed.favourited }

    // MARK: Events and keys

    private func handle(_ event: ControlEvent) -> ScreenOutcome {
        // Slot 1 of the home timeline (the first screen) is About.
        if event.control(as: ToolbarControl.self) == .back, event.kind == .activated { return app.open(.about) }
        switch (event.control(as: ControlID.self), event.kind) {
        case (.posts?, .changed):
            updateLabels()
            if case .home = source, let id = current?.id {
                userMovedHome = true
                app.homeFocused(id)
            }
            return ScreenOutcome(arrivalSounds)
        case (.author?, .activated): return perform(.openAuthor) ?? .none
        case (.boost?, .activated): return perform(.boost) ?? .none
        case (.reply?, .activated): return perform(.reply) ?? .none
        case (.refresh?, .activated): return perform(.refresh) ?? .none
        case (.details?, .activated):
            if case .account(let account) = source { return app.open(.details(account)) }
            return perform(.authorDetails) ?? .none
        case (.newPost?, .activated): return perform(.newPost) ?? .none
        default:
            return .none
        }
    }

    /// The timeline's accelerators and buttons, one place for both.
    func perform(_ action: TimelineAction) -> ScreenOutcome? {
        if let route = action.bufferRoute(from: app.buffers.current) { return app.open(route) }
        switch action {
        case .newPost:
            return app.open(.compose(.new))
        case .refresh:
            return ScreenOutcome(refresh())
        default:
            break
        }
        guard let post = current else { return ScreenOutcome([.earcon(.softError), .say(s(.noPostSelected))]) }
        let shown = post.displayed
        switch action {
        case .boost:
            return ScreenOutcome(toggleBoost(shown))
        case .favourite:
            return ScreenOutcome(toggleFavourite(shown))
        case .reply:
            return app.open(.compose(.reply(shown)))
        case .openAuthor:
            return app.open(.timeline(of: shown.account))
        case .authorDetails:
            return app.open(.details(shown.account))
        case .directMessage:
            return app.open(.directMessage(to: shown.account))
        case .expand:
            guard shown.hasContentWarning else { return ScreenOutcome([.say(s(.noWarningHere))]) }
            if expanded.insert(post.id).inserted == false { expanded.remove(post.id) }
            refreshWheel()
            return ScreenOutcome([.say(wheel.currentItem), .redraw])
        case .newPost, .refresh, .buffer1, .buffer2, .buffer3, .buffer4, .buffer5, .buffer6, .buffer7, .previousBuffer, .nextBuffer:
            return nil
        }
    }

    private func toggleBoost(_ post: Status) -> [Feedback] {
        let undo = isReblogged(post)
        let id = post.id
        return app.perform(
            s(undo ? .unboosting : .boosting), { engine in undo ? try await engine.unreblog(id) : try await engine.reblog(id) },
            then: { [weak self] _ in
                guard let self else { return .none }
                self.reblogged[id] = !undo
                self.updateLabels()
                return ScreenOutcome([.earcon(.boost), .say(self.s(undo ? .boostRemoved : .boosted)), .redraw])
            })
    }

    private func toggleFavourite(_ post: Status) -> [Feedback] {
        let undo = isFavourited(post)
        let id = post.id
        return app.perform(
            s(undo ? .unfavouriting : .favouriting),
            { engine in undo ? try await engine.unfavourite(id) : try await engine.favourite(id) },
            then: { [weak self] _ in
                guard let self else { return .none }
                self.favourited[id] = !undo
                return ScreenOutcome([.earcon(.favourite), .say(self.s(undo ? .favouriteRemoved : .favourited))])
            })
    }

    /// New posts above the first one: one request while fewer than a page arrived, the whole
    /// timeline again otherwise. The wheel stays on the post being read.
    private func refresh() -> [Feedback] {
        if loadingInBackground {
            let label = s(.loadingHome)
            let what = label.prefix(1).lowercased() + label.dropFirst()
            let sentence = [s(.alreadyUnderWay, what), app.pendingWait()].compactMap { $0 }.joined(separator: " ")
            return [.say(sentence)]
        }
        guard let page else { return load() }
        let keep = current?.id
        let source = self.source
        let reload = BufferLoader.statuses(source, me: app.me)
        return app.perform(
            s(.refreshing),
            { engine in
                let newer = try await engine.newer(than: page)
                if newer.complete { return (newer.page, true) }
                switch source {
                case .home: return (try await engine.homeTimeline(upTo: Self.postLimit), false)
                case .account(let account): return (try await engine.accountTimeline(accountID: account.id, upTo: Self.postLimit), false)
                case .mentions, .sent, .favourites, .bookmarks: return (try await reload(engine).page, false)
                }
            },
            then: { [weak self] (result: (Page<Status>, Bool)) in
                guard let self else { return .none }
                let (fetched, isNewerOnly) = result
                // What is shown now, not when the refresh started: two refreshes may overlap.
                let known = Set(self.posts.map(\.id))
                let arrived = Self.unique(fetched.items).filter { !known.contains($0.id) }
                defer {
                    self.saveToCache()
                    self.app.retryWaitingPosts()
                }
                if isNewerOnly {
                    var merged = page
                    merged.items = arrived + self.posts
                    if fetched.previous != nil { merged.previous = fetched.previous }
                    self.show(merged, keeping: keep)
                } else {
                    self.show(fetched, keeping: keep)
                }
                if arrived.isEmpty { return ScreenOutcome([.say(self.s(.noNewPosts))]) }
                return ScreenOutcome([.earcon(.newPost), .say(self.newPostsPhrase(arrived.count)), .redraw])
            })
    }
}

extension TimelineScreen: BufferScreen {
    /// A direct message read among other posts (home, mentions) is marked by its sound, once,
    /// on arriving at it: the wheel reports only moves, so a key that stays puts no sound.
    var arrivalSounds: [Feedback] { current?.displayed.visibility.known == .direct ? [.earcon(.directMessage)] : [] }
    var focusedItem: String { wheel.currentItem }
    var position: (index: Int, count: Int)? { posts.isEmpty ? nil : (wheel.index, posts.count) }
    var unreadCount: Int? { nil }
}
