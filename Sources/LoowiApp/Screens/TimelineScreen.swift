import AccessibleControls
import FoundationEssentials
import LoowiSupport
import TweetEngine

/// iLoowi's timeline: the wheel of posts first (moving it reads each post by the template),
/// then the post's author, time and text, Boost, Reply, Refresh, and where you are; toolbar
/// About (Back on an opened buffer: someone's posts, a thread), Info, Details, New post.
/// Single letters do the common actions without moving focus (`TimelineAction`, the keymap's
/// `timeline` scope).
@MainActor
final class TimelineScreen: AppScreen {
    enum Source {
        case home
        /// Someone's posts, opened after the seven buffers.
        case account(Account)
        /// A post's thread (the post given), opened after the seven buffers.
        case thread(Status)
        /// Public posts with a hashtag (its name, without "#"), opened after the seven.
        case hashtag(String)
        /// One of the user's lists, opened after the seven.
        case list(UserList)
        /// The server's public posts: its own (`local`) or all it knows, opened after the seven.
        case publicPosts(local: Bool)
        /// The first screen's other status buffers (`BufferLoader` says where each comes from).
        case mentions, sent, favourites, bookmarks

        /// The fixed buffer this source fills, nil for an opened one.
        var buffer: Buffer? {
            switch self {
            case .home: .home
            case .account, .thread, .hashtag, .list, .publicPosts: nil
            case .mentions: .mentions
            case .sent: .sent
            case .favourites: .favourites
            case .bookmarks: .bookmarks
            }
        }

        var isThread: Bool {
            if case .thread = self { return true }
            return false
        }
    }

    enum ControlID: String {
        case posts, author, time, text, boost, reply, refresh, details, newPost
        case whereYouAre = "where"
    }

    /// Posts a buffer loads when it opens; reaching its end loads more, to `buffer_limit`.
    nonisolated static let postLimit = 200

    let screen: ControlScreen
    unowned let app: AppCore
    let source: Source
    /// The server has answered once (the posts shown may be the cache's until then).
    private(set) var loaded = false
    private(set) var posts: [Status] = []
    /// Spoken names by account id of everyone who wrote here: whom a reply answers.
    private(set) var names: [String: String] = [:]
    /// Older and newer pages, the gap, the one load under way, where the new posts end.
    var paging = BufferPaging()
    /// Where the wheel was before the last move, to hear it cross the end of the new posts.
    private var lastIndex = 0
    /// Posts whose text is shown behind their content warning.
    private var expanded: Set<String> = []
    /// What the user boosted and favourited here.
    lazy var toggles = PostToggles(app: app)

    let wheel: Wheel
    let author: any Control
    let time: Label
    let text: Label
    let boostButton: Button
    let replyButton: Button
    let refreshButton: Button
    let whereLabel: Label

    private var s: AppStrings { app.strings }

    /// How many characters the focused post's words take: its glance's length.
    private var heardLength = 0
    /// What this buffer counts as read (Mentions: "Mentions, 2 new").
    var readMark = ReadMark()
    /// Home: the posts heard, and so where its marker may go (issue 35, item 12).
    private(set) var heardPosts = HeardPosts()
    /// Posts that came (a refresh, the gap, live) and were not focused since: "End of new
    /// posts." goes below the lowest of them, however they came (issue 35, item 13).
    var newUnheard: Set<String> = []
    /// Posts that came live since the last refresh and were not focused since: the next
    /// refresh counts them with what it brings.
    var liveUncounted: Set<String> = []
    /// The user moved the wheel, or it opened on the position saved last time: a position
    /// to keep across a restart.
    private var hasPosition = false
    /// On a hashtag's posts: whether the user follows it (nil until the server said).
    var followsHashtag: Bool?
    /// Posts deleted on the server while focused: said "Deleted." until the user leaves them,
    /// so the position stays true (`TimelineScreen+Live`).
    var deletedHere: Set<String> = []

    /// `keeping`: the post to open on, when it is loaded (the position saved last time).
    init(app: AppCore, source: Source, page: Page<Status>? = nil, keeping postID: String? = nil) {
        self.app = app
        self.source = source
        let s = app.strings
        wheel = Wheel(id: ControlID.posts.rawValue, label: s(.postsList), items: [s(.noPosts)], hint: s(.wheelHint))
        switch source {
        case .account:
            author = Label(id: ControlID.author.rawValue, label: s(.author), text: "")
        case .home, .thread, .hashtag, .list, .publicPosts, .mentions, .sent, .favourites, .bookmarks:
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
        case .thread(let focus):
            title = s(.threadTitle, focus.account.spokenName(options: app.textOptions))
            firstSlot = nil
        case .hashtag(let name):
            title = s(.hashtagTitle, name)
            firstSlot = nil
        case .list(let list):
            title = s(.listTitle, list.title)
            firstSlot = nil
        case .publicPosts(let local):
            title = s(local ? .localTitle : .federatedTitle)
            firstSlot = nil
        case .mentions, .sent, .favourites, .bookmarks:
            // The buffer's name is the title, so the full-screen mode shows which is open.
            title = source.buffer.map { s($0.name) } ?? ""
            firstSlot = s(.about)
        }
        // On a hashtag's posts slot 3 follows the hashtag (its posts then come to home).
        let details: Button
        if case .hashtag(let name) = source {
            details = Button(id: ControlID.details.rawValue, label: s(.followHashtag, name))
        } else {
            details = Button(id: ControlID.details.rawValue, label: s(.details))
        }
        let newPost = Button(id: ControlID.newPost.rawValue, label: s(.newPost))
        screen = ControlScreen(
            title: title,
            controls: [wheel, author, time, text, boostButton, replyButton, refreshButton, whereLabel],
            toolbarThird: .button(details), toolbarFourth: .button(newPost), screenKeys: TimelineAction.keys,
            toolbarBackLabel: firstSlot, settings: app.settings, keymap: app.keymap)
        // Enter opens the post view, which is what is heard.
        wheel.actsOnSelect = true
        screen.onEvent = { [weak self] event, _ in self?.handle(event) ?? .none }
        screen.onAction(TimelineAction.self) { [weak self] action, _ in self?.perform(action) }
        if source.buffer == nil {
            // An opened buffer on the first screen: Escape closes it.
            screen.onBackAtRoot = { [weak self] _ in self?.app.closeOpenedBuffer() }
        }
        if let page {
            show(page, keeping: postID)
            hasPosition = postID != nil && current?.id == postID
        }
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
                var feedback: [Feedback] = [.earcon(.ready)] + self.app.navigator.announceCurrent(now: self.app.now()) + self.arrivalSounds
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
        loaded = false
        let known = Set(cached.map(\.id))
        let needsMe = app.me == nil
        _ = paging.begin(.starting)
        let initial = app.initialLoad
        // The cache's place is said once the server has answered (issue 35, item 13): what it
        // brings goes on top, and "25 of 113" would then no longer be true.
        wheel.withholdsPosition = true
        let background = app.perform(
            s(.loadingHome), busy: false,
            { engine in try await HomeLoad.fetch(engine, needsMe: needsMe, upTo: initial) },
            then: { [weak self] (load: HomeLoad) in
                guard let self else { return .none }
                self.paging.end()
                let before = self.current?.id
                let withheld = self.wheel.withholdsPosition
                self.wheel.withholdsPosition = false
                self.adopt(load, keeping: before)
                let came = Self.unique(load.page.items).map(\.id).filter { !known.contains($0) }
                let arrived = came.count
                // What the cache did not hold is new: reading down onto the rest says so.
                self.newUnheard.formUnion(came)
                self.markEndOfNew()
                let news: [Feedback] = arrived > 0 ? [.speak(self.newPostsPhrase(arrived), .announcement)] : []
                guard !self.userMovedHome else {
                    self.app.markerEvent(.read(load.markers?.home))
                    self.takeMarks(load.markers?.home)
                    let place = withheld ? self.placeWords() : []
                    return place.isEmpty && news.isEmpty ? .none : ScreenOutcome([.earcon(.newPost)] + place + news + [.redraw])
                }
                if let since = self.openWhereLeft(load.markers) {
                    // Another client's marker moved the wheel: the post is read again where it is now.
                    let moved = self.current?.id != before && self.isOnTop ? self.app.navigator.announceCurrent(now: self.app.now()) + self.arrivalSounds : []
                    let place = withheld && moved.isEmpty ? self.placeWords() : []
                    return ScreenOutcome([.earcon(.newPost)] + (moved.isEmpty ? place : moved) + self.sincePhrase(since) + [.redraw])
                }
                let place = withheld ? self.placeWords() : []
                guard arrived > 0 else { return place.isEmpty ? .none : ScreenOutcome(place) }
                return ScreenOutcome([.earcon(.newPost)] + place + news + [.redraw])
            },
            failed: { [weak self] error in
                guard let self else { return .none }
                self.paging.end()
                self.wheel.withholdsPosition = false
                let text = error.spoken(in: self.s.language, now: self.app.engine.clock.now(), timeZone: self.app.timeZone).text
                return ScreenOutcome([.earcon(.softError), .speak(self.s(.cachedOnly, text), .announcement)] + self.placeWords())
            })
        var feedback: [Feedback] = [.earcon(.ready)] + app.navigator.announceCurrent(now: app.now()) + arrivalSounds
        feedback += app.startupNotices() + background
        return feedback
    }

    /// The place held back at a cached start, said once it holds ("27 of 115"), when home is
    /// what the user is on.
    private func placeWords() -> [Feedback] {
        guard isOnTop, app.settings.announcesPositions, let position else { return [] }
        return [.speak(Strings(s.language)(.positionOf, String(position.index + 1), String(position.count)), .announcement)]
    }

    /// The user moved the home wheel themselves: a marker that arrives later no longer moves it.
    private var userMovedHome = false
    /// Where the user left off, when that post was not on the first page: the rest may bring it.
    private var awaitedPosition: String?

    private var isOnTop: Bool { app.navigator.stack.last === screen }

    /// The rest of the home timeline after the first page, in the background; the wheel stays
    /// where it is, unless the post the user left off at arrives before they moved.
    private func loadRest() -> [Feedback] {
        let initial = app.initialLoad
        guard paging.next != nil, posts.count < initial, paging.begin(.starting) else {
            awaitedPosition = nil
            return []
        }
        let first = Page<Status>(items: [], next: paging.next, previous: nil, requests: 0)
        let wanted = initial - posts.count
        return app.perform(
            s(.loadingHome), busy: false, { engine in try await engine.more(after: first, upTo: wanted) },
            then: { [weak self] (rest: Page<Status>) in
                guard let self else { return .none }
                self.paging.end()
                let awaited = self.awaitedPosition
                self.awaitedPosition = nil
                self.appendOlder(rest)
                // The marked post may have come with it: the posts heard above it join the run.
                if let mark = self.heardPosts.start(at: nil, in: self.posts.map(\.id)) {
                    self.app.markerEvent(.focused(mark, byUser: false))
                }
                guard !self.userMovedHome, let awaited, let index = self.posts.firstIndex(where: { $0.id == awaited }) else {
                    return ScreenOutcome([.redraw])
                }
                self.refreshWheel(postIndex: index)
                let moved = self.isOnTop ? self.app.navigator.announceCurrent(now: self.app.now()) + self.arrivalSounds : []
                return ScreenOutcome(moved + self.sincePhrase(self.heardPosts.unheard(self.posts.map(\.id))?.count) + [.redraw])
            },
            failed: { [weak self] _ in
                // The first page is there to read; Refresh (u) asks again.
                self?.paging.end()
                self?.awaitedPosition = nil
                return .none
            })
    }

    /// Opens the home timeline where the user stopped: the more recent of the server's marker
    /// and the position saved here, when that post is loaded (else it stays on the newest).
    /// Returns how many posts are not heard since, or nil when neither is known or loaded.
    private func openWhereLeft(_ markers: Markers?) -> Int? {
        let marker = markers?.home
        app.markerEvent(.read(marker))
        takeMarks(marker)
        let target = WhereLeft.choose(marker: marker, saved: app.position?.load(.home))
        guard let target, let index = posts.firstIndex(where: { $0.id == target }) else {
            // Opened on the newest as a fallback: not a position to keep; the rest may bring it.
            awaitedPosition = target
            return nil
        }
        refreshWheel(postIndex: index)
        return heardPosts.unheard(posts.map(\.id))?.count
    }

    /// Home's mark from the server's marker and what was heard here (`WhereLeft.heard`); with
    /// neither, the post said on arrival. A mark newer than the server's (a write that did
    /// not go) is the app's to write.
    private func takeMarks(_ marker: Marker?) {
        let ids = posts.map(\.id)
        heardPosts = WhereLeft.heard(heardPosts, marker: marker, saved: app.position?.loadHeard(.home), in: ids)
        if heardPosts.mark == nil {
            heardPosts.start(at: current?.id, in: ids)
        } else if let mark = heardPosts.mark, mark != marker?.lastReadID {
            app.markerEvent(.focused(mark, byUser: false))
        }
    }

    /// Home: posts `ids` were heard (focused and read, here or in the catch-up); the marker
    /// follows the run of heard posts. True when it moved.
    @discardableResult
    private func hear(_ ids: [String], byUser: Bool = true) -> Bool {
        guard case .home = source, let mark = heardPosts.hear(ids, in: posts.map(\.id)) else { return false }
        app.markerEvent(.focused(mark, byUser: byUser))
        return true
    }

    /// Home's mark and the posts heard above it, kept here for the next start.
    func saveHeard() {
        guard case .home = source, let mark = heardPosts.mark else { return }
        app.position?.save(read: mark, heard: heardPosts.heardAbove(in: posts.map(\.id)).reversed(), for: .home, at: app.engine.clock.now())
    }

    /// More new posts than this at start and the catch-up (`c`) is offered.
    static let catchUpOfferedAbove = 20

    /// "12 new posts since you last read."; above 20, with the key that catches up; nothing
    /// when none are.
    private func sincePhrase(_ count: Int?) -> [Feedback] {
        guard let count, count > 0 else { return [] }
        if count > Self.catchUpOfferedAbove, let key = app.keyName(.catchUp) {
            return [.speak(s(.catchUpOffer, String(count), key), .announcement)]
        }
        return [.speak(count == 1 ? s(.oneNewSinceMarker) : s(.newSinceMarker, String(count)), .announcement)]
    }

    /// Home's posts not heard, newest first: what a catch-up is about. With no mark known,
    /// those above the focused post.
    var postsNotRead: [Status] {
        guard let unheard = heardPosts.unheard(posts.map(\.id)) else { return Array(posts.prefix(max(0, wheel.index - paging.offset))) }
        let wanted = Set(unheard)
        return posts.filter { wanted.contains($0.id) }
    }

    /// The catch-up's posts `ids` were heard: when that moves the mark, home goes there,
    /// without a word (the user is elsewhere). The items stay as drawn: a key in the catch-up
    /// does not render Home's 200 posts again.
    func heardInCatchUp(_ ids: [String]) {
        guard hear(ids), let mark = heardPosts.mark, let index = posts.firstIndex(where: { $0.id == mark }) else { return }
        wheel.select(index + paging.offset)
        lastIndex = wheel.index
        updateLabels()
        hasPosition = true
        userMovedHome = true
    }

    func saveToCache() {
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
        static func fetch(_ engine: TweetEngine, needsMe: Bool, firstPageOnly: Bool = false, upTo limit: Int = postLimit) async throws -> HomeLoad {
            async let me = needsMe ? engine.currentAccount() : nil
            async let limits = try? engine.instanceLimits()
            async let markers = try? engine.markers()
            let page = try await firstPageOnly ? engine.homeTimelineFirstPage() : engine.homeTimeline(upTo: limit)
            return HomeLoad(page: page, me: try? await me, limits: await limits, markers: await markers)
        }
    }

    private func adopt(_ load: HomeLoad, keeping postID: String? = nil) {
        if let me = load.me { app.me = me }
        // The notifications marker came too: Mentions counts what is new by it.
        if let marker = load.markers?.notifications { app.markerEvent(.read(marker), for: .notifications) }
        if let limits = load.limits { app.limits = limits }
        show(load.page, keeping: postID)
        saveToCache()
        // The server answers again: what waits in the outbox can go.
        app.retryWaitingPosts()
        if case .home = source { app.startLiveUpdates() }
    }

    /// "1 new post." / "3 new posts."
    private func newPostsPhrase(_ count: Int) -> String {
        count == 1 ? s(.oneNewPost) : s(.newPosts, String(count))
    }

    /// A whole list from the server (or the cache) in place of what was shown.
    func show(_ newPage: Page<Status>, keeping postID: String? = nil) {
        loaded = true
        paging.next = newPage.next
        paging.previous = newPage.previous
        paging.gapAtTop = false
        setPosts(Self.unique(newPage.items))
        let index = postID.flatMap { id in posts.firstIndex { $0.id == id } } ?? 0
        refreshWheel(postIndex: index)
    }

    /// An older page below what is shown; the wheel stays on the post being read.
    private func appendOlder(_ older: Page<Status>) {
        setPosts(BufferPaging.appending(older: older.items, below: posts, id: \.id))
        paging.next = older.next
        refreshWheel(postIndex: nil)
        saveToCache()
    }

    /// Every change of the posts goes through here: whom each reply answers is named from them.
    func setPosts(_ new: [Status]) {
        // A post a "hide" filter matches is never shown, whichever way it came.
        posts = Status.visible(new)
        names = StatusThread.names(of: posts, options: app.textOptions)
        // The user's own posts and boosts are not news to them (as in the catch-up): heard as
        // they come, so they never hold the marker back.
        if case .home = source, let me = app.me {
            let own = posts.filter { $0.account.id == me.id }.map(\.id)
            if !own.isEmpty { hear(own, byUser: false) }
        }
    }

    /// The posts with each id once, the first time it comes. Servers repeat posts at page
    /// edges (GoToSocial answers `min_id` with the newest post again), and a post read twice,
    /// or counted as two new ones, is wrong.
    static func unique(_ items: [Status]) -> [Status] {
        var seen = Set<String>()
        return items.filter { seen.insert($0.id).inserted }
    }

    /// The wheel from the posts (and the gap on top): on the post at `postIndex`, or where it
    /// is when nil (nothing above it changed).
    func refreshWheel(postIndex: Int? = nil) {
        let template = PostTemplate(app.config.postTemplate)
        let offset = paging.offset
        let gap = s(.gapPosts)
        if posts.isEmpty {
            wheel.setItems([paging.gapAtTop ? gap : s(.noPosts)])
        } else {
            // Each post is rendered when it is said: "2 minutes ago" is true then, and a start
            // with 200 cached posts renders the one it says, not 200.
            wheel.setItems(count: posts.count + offset, index: postIndex.map { $0 + offset }) { [weak self] index in
                guard let self else { return "" }
                guard index >= offset else { return gap }
                guard self.posts.indices.contains(index - offset) else { return "" }
                // The words of now, not of when the list was made: a language chosen in F9 is
                // heard on the next post said.
                let words = PostWords(strings: self.s)
                return self.render(self.posts[index - offset], template: template, words: words, now: self.app.engine.clock.now())
            }
        }
        lastIndex = wheel.index
        updateLabels()
    }

    private func render(_ post: Status, template: PostTemplate, words: PostWords, now: Date) -> String {
        if deletedHere.contains(post.id) { return s(.postDeleted) }
        let speech = toggles.speech(post, now: now, hideTextBehindWarning: !expanded.contains(post.id), names: names)
        let said = template.render(speech, words: words, glanced: app.glancesPosts)
        // An edit is news about the post: said last, after its time.
        return post.displayed.editedAt == nil ? said : said + ", " + s(.postEdited)
    }

    /// The focused post; nil on the gap.
    var current: Status? {
        let index = wheel.index - paging.offset
        return posts.indices.contains(index) ? posts[index] : nil
    }

    private var isOnGap: Bool { paging.gapAtTop && wheel.index == 0 }

    /// The post the labels and buttons act on follows the wheel.
    private func updateLabels() {
        switch source {
        case .home:
            whereLabel.setText(s(.homeWhere, String(posts.count)))
        case .account(let account):
            whereLabel.setText(s(.accountWhere, account.spokenName(options: app.textOptions), String(posts.count)))
        case .thread, .hashtag, .list, .publicPosts:
            whereLabel.setText(s(.bufferWhere, screen.title, String(posts.count)))
        case .mentions, .sent, .favourites, .bookmarks:
            whereLabel.setText(s(.bufferWhere, source.buffer.map { s($0.name) } ?? "", String(posts.count)))
        }
        guard let post = current, !deletedHere.contains(post.id) else {
            let nothing = isOnGap ? s(.gapPosts) : current == nil ? s(.noPosts) : s(.postDeleted)
            setAuthor(nothing)
            time.setText("")
            text.setText(nothing)
            return
        }
        let speech = StatusSpeech(
            post, options: app.textOptions, now: app.engine.clock.now(), hideTextBehindWarning: !expanded.contains(post.id))
        heardLength = speech.text.count
        setAuthor(speech.booster.map { PostWords(strings: s).boosted($0, speech.author) } ?? speech.author)
        time.setText(speech.time ?? "")
        var body = speech.text
        let words = PostWords(strings: s)
        let warnings = [speech.contentWarning.map(words.contentWarning), speech.filteredBy.map(words.filtered)].compactMap { $0 }
        if !warnings.isEmpty { body = warnings.joined(separator: " ") + " " + (body.isEmpty ? words.hiddenText : body) }
        // Space reads the shown text word by word, each emoji of a counted run on its own.
        let units = speech.text.isEmpty
            ? nil
            : LanguageMarks.words(in: warnings.joined(separator: " "))
                + post.displayed.textWords(options: app.textOptions).map { app.textOptions.inPostLanguage($0, post.displayed.language, author: post.displayed.account.acct) }
        text.setText(body, words: units)
        boostButton.label = toggles.isReblogged(post) ? s(.unboost) : s(.boost)
    }

    private func setAuthor(_ name: String) {
        if let button = author as? Button { button.label = name } else if let label = author as? Label { label.setText(name) }
    }

    // MARK: Events and keys

    private func handle(_ event: ControlEvent) -> ScreenOutcome {
        // Slot 1 of a buffer is About; of an opened buffer, Back, which closes it.
        if event.control(as: ToolbarControl.self) == .back, event.kind == .activated {
            if source.buffer == nil { return app.closeOpenedBuffer() ?? .none }
            return app.open(.about)
        }
        switch (event.control(as: ControlID.self), event.kind) {
        case (.posts?, .changed):
            forgetDeletedLeft()
            updateLabels()
            hasPosition = true
            readMark.read(current?.id, in: posts.map(\.id))
            if let id = current?.id {
                newUnheard.remove(id)
                liveUncounted.remove(id)
            }
            if case .home = source, let id = current?.id {
                userMovedHome = true
                hear([id])
            }
            let from = lastIndex
            lastIndex = wheel.index
            var said: [Feedback] = []
            let seen = paging.firstSeenID.flatMap { id in posts.firstIndex { $0.id == id } }.map { $0 + paging.offset }
            if paging.crossedEndOfNew(from: from, to: wheel.index, seenAt: seen) {
                said.append(.speak(s(.endOfNewPosts), .announcement))
            }
            if wheel.index == wheel.count - 1 { said += endReached() }
            return ScreenOutcome(arrivalSounds + said)
        case (.posts?, .pushedPastEnd):
            return ScreenOutcome(endReached())
        case (.posts?, .selected):
            if isOnGap { return ScreenOutcome(loadNewer(.gap)) }
            guard let post = current, !deletedHere.contains(post.id) else {
                return ScreenOutcome([.earcon(.softError), .say(s(.noPostSelected))])
            }
            return app.open(.post(post, toggles: toggles))
        case (.author?, .activated): return perform(.openAuthor) ?? .none
        case (.boost?, .activated): return perform(.boost) ?? .none
        case (.reply?, .activated): return perform(.reply) ?? .none
        case (.refresh?, .activated): return perform(.refresh) ?? .none
        case (.details?, .activated):
            if case .account(let account) = source { return app.open(.details(account)) }
            if case .hashtag(let name) = source { return ScreenOutcome(toggleFollowing(hashtag: name)) }
            return perform(.authorDetails) ?? .none
        case (.newPost?, .activated): return perform(.newPost) ?? .none
        default:
            return .none
        }
    }

    /// The timeline's accelerators and buttons, one place for both.
    func perform(_ action: TimelineAction) -> ScreenOutcome? {
        if let outcome = app.performAnywhere(action) { return outcome }
        switch action {
        case .refresh:
            return ScreenOutcome(refresh())
        case .acceptFollowRequest, .rejectFollowRequest:
            return ScreenOutcome([.earcon(.softError), .say(s(.notAFollowRequest))])
        default:
            break
        }
        guard let post = current, !deletedHere.contains(post.id) else {
            return ScreenOutcome([.earcon(.softError), .say(s(.noPostSelected))])
        }
        let shown = post.displayed
        guard action == .expand else { return app.perform(action, on: shown, toggles: toggles) { [weak self] in self?.updateLabels() } }
        guard shown.hasContentWarning || !post.warningFilters.isEmpty else { return ScreenOutcome([.say(s(.noWarningHere))]) }
        if expanded.insert(post.id).inserted == false { expanded.remove(post.id) }
        refreshWheel(postIndex: nil)
        return ScreenOutcome([.say(wheel.currentItem), .redraw])
    }

    /// `u`: what is newer than the newest post, through the `prev` link until caught up (at
    /// most `newerPagesPerRefresh` pages, then the gap). The wheel stays on the post being read.
    private func refresh() -> [Feedback] {
        if case .home = source, !loaded, paging.underWay == nil { return load() }
        return loadNewer(.newer)
    }

    /// "Already under way: loading older posts." and the wait it is in, if any.
    private func underWay() -> [Feedback] {
        let label: String = switch paging.underWay {
        case .starting?: s(.loadingHome)
        case .older?: s(.loadingOlder)
        case .gap?: s(.loadingGap)
        case .newer?, nil: s(.refreshing)
        }
        let what = label.prefix(1).lowercased() + label.dropFirst()
        return [.say([s(.alreadyUnderWay, what), app.pendingWait()].compactMap { $0 }.joined(separator: " "))]
    }

    /// A refresh (`.newer`) or Enter on the gap (`.gap`): both ask for what is newer than the
    /// newest post; the gap's focus then goes to the oldest post it brought, the next one up
    /// for someone reading towards the newest.
    private func loadNewer(_ load: BufferPaging.Load) -> [Feedback] {
        guard paging.begin(load) else { return underWay() }
        let links = Page<Status>(items: [], next: nil, previous: paging.previous, requests: 0)
        let known = Set(posts.map(\.id))
        let newer = BufferLoader.newer(source)
        // A list the server gave no `prev` link for is asked again from the top.
        let reload = BufferLoader.statuses(source, me: app.me, limit: app.initialLoad)
        return app.perform(
            s(load == .gap ? .loadingGap : .refreshing),
            { engine in
                if links.previous != nil { return try await newer(engine, links, known) }
                let page = try await reload(engine).page
                return Newer(items: page.items, previous: page.previous, caughtUp: true, requests: page.requests)
            },
            then: { [weak self] (fetched: Newer<Status>) in
                guard let self else { return .none }
                self.paging.end()
                defer {
                    self.saveToCache()
                    self.app.retryWaitingPosts()
                }
                return ScreenOutcome(self.adoptNewer(fetched, from: load))
            },
            failed: { [weak self] error in
                self?.paging.end()
                return ScreenOutcome(self?.app.spoken(error) ?? [])
            })
    }

    private func adoptNewer(_ fetched: Newer<Status>, from load: BufferPaging.Load) -> [Feedback] {
        // What is shown now, not when the request started.
        let keep = current?.id
        let (merged, arrived): ([Status], Int)
        if source.isThread {
            // A thread is read top down and comes whole: the new replies sit where they answer.
            let known = Set(posts.map(\.id))
            let thread = Status.visible(Self.unique(fetched.items))
            (merged, arrived) = (thread, thread.count { !known.contains($0.id) })
        } else {
            let fresh = Status.visible(fetched.items)
            (merged, arrived) = BufferPaging.merging(newer: fresh, above: Status.withNewestAccounts(posts, from: fresh), id: \.id)
        }
        let held = Set(posts.map(\.id))
        setPosts(merged)
        if let previous = fetched.previous { paging.previous = previous }
        paging.gapAtTop = !fetched.caughtUp
        newUnheard.formUnion(posts.lazy.map(\.id).filter { !held.contains($0) })
        // What came live and was not heard is news to the user as much as what this brought.
        let ids = Set(posts.map(\.id))
        let told = arrived + (load == .newer ? liveUncounted.intersection(ids).count : 0)
        if load == .newer { liveUncounted = [] }
        markEndOfNew()
        refreshWheel(postIndex: load == .gap ? max(0, arrived - 1) : keep.flatMap { id in posts.firstIndex { $0.id == id } } ?? 0)
        return paging.arrivalWords(
            told, from: load, nothingNew: s(.noNewPosts), count: newPostsPhrase, countAndGap: { self.s(.newPostsAndGap, String($0)) },
            focused: { self.focusedItemAndPosition(self.s.language) })
    }

    /// "End of new posts." is said on the post below the lowest one that came and was not
    /// heard: new posts heard already are not new, and what came live counts as what a
    /// refresh brought. A thread is read top down and has no such end.
    func markEndOfNew() {
        guard !source.isThread else { return }
        newUnheard.formIntersection(posts.map(\.id))
        guard let lowest = posts.lastIndex(where: { newUnheard.contains($0.id) }), lowest + 1 < posts.count else { return }
        paging.firstSeenID = posts[lowest + 1].id
    }

    /// The wheel reached its last post: older ones load in the background, once, up to the
    /// buffer's limit; the wheel stays where it is and simply has more.
    private func endReached() -> [Feedback] {
        let limit = app.config.bufferLimit
        switch paging.atEnd(count: posts.count, limit: limit) {
        case .nothing: return []
        case .full: return [.speak(s(.bufferFull, String(limit)), .announcement)]
        case .load(let room):
            guard paging.begin(.older) else { return underWay() }
            let links = Page<Status>(items: [], next: paging.next, previous: nil, requests: 0)
            let older = BufferLoader.older(source)
            let wanted = min(room, TweetEngine.PageSize.statuses)
            let background = app.perform(
                s(.loadingOlder), busy: false, { engine in try await older(engine, links, wanted) },
                then: { [weak self] (page: Page<Status>) in
                    guard let self else { return .none }
                    self.paging.end()
                    self.appendOlder(page)
                    return ScreenOutcome([.redraw])
                },
                failed: { [weak self] error in
                    self?.paging.end()
                    return ScreenOutcome(self?.app.spoken(error) ?? [])
                })
            return [.speak(s(.loadingOlder), .announcement)] + background
        }
    }
}

extension TimelineScreen: BufferScreen {
    /// On arriving at a post, its glance when posts have one (under the words just said); else a
    /// direct message read among other posts (home, mentions) is marked by its sound. Once:
    /// the wheel reports only moves, so a key that stays puts no sound.
    var arrivalSounds: [Feedback] {
        guard let post = current, !deletedHere.contains(post.id) else { return [] }
        if app.glancesPosts { return [.glance(PostGlance(post, heard: heardLength))] }
        return post.displayed.visibility.known == .direct ? [.earcon(.directMessage)] : []
    }
    var focusedItem: String { wheel.currentItem }
    /// The gap is an item of the wheel and counts as one, as the wheel says it.
    var position: (index: Int, count: Int)? { posts.isEmpty ? nil : (wheel.index, wheel.count) }
    var unreadCount: Int? {
        guard case .mentions = source else { return nil }
        return readMark.unread(posts.map(\.id))
    }
    var savedPosition: String? { hasPosition ? current?.id : nil }
}
