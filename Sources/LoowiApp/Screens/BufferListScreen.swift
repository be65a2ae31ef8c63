import AccessibleControls
import FoundationEssentials
import LoowiSupport
import TweetEngine

/// The Notifications and Direct messages buffers: one wheel of sentences ("Ana Ruiz
/// favourited your post: ...", "With Grace Okafor, unread. ..."). Enter and `t` open the
/// item's post's thread (a conversation's last message, marking the conversation read);
/// Enter on a follow without a post opens the person's details; `u` refreshes; the digits
/// and `[` `]` switch buffers as on every buffer. On Notifications, `r`, `b` and `f` reply
/// to, boost and favourite the item's post, and `y` and `x` answer a follow request; the
/// buffer opens where the user stopped (the server's notifications marker, or the position
/// saved here).
@MainActor
final class BufferListScreen: AppScreen, BufferScreen {
    enum Kind {
        case notifications, conversations
    }

    /// What the buffer holds: notifications grouped (repeated favourites and boosts of one
    /// post are one item), or conversations.
    enum Items: Sendable {
        case notifications([NotificationGroup])
        case conversations([Conversation])

        var count: Int {
            switch self {
            case .notifications(let groups): groups.count
            case .conversations(let list): list.count
            }
        }

        /// Without what a "hide" filter matches: a notification about such a post is not shown.
        var visible: Items {
            switch self {
            case .notifications(let groups): .notifications(groups.filter { $0.status?.isHiddenByFilter != true })
            case .conversations(let list): .conversations(list.filter { $0.lastStatus?.isHiddenByFilter != true })
            }
        }
    }

    enum ControlID: String {
        case items
    }

    static let notificationLimit = 80
    static let conversationLimit = 40

    let screen: ControlScreen
    unowned let app: AppCore
    let kind: Kind
    private(set) var items: Items
    var paging = BufferPaging()
    /// Groups whose post was deleted on the server while focused: said "Deleted." until the
    /// user leaves them (`BufferListScreen+Live`).
    var deletedHere: Set<String> = []
    /// Where the wheel was before the last move, to hear it cross the end of what is new.
    private var lastIndex = 0
    let wheel: Wheel
    /// What Notifications has heard, and so where its marker may go and what it counts new
    /// ("Notifications, 3 new"; issue 35, item 12).
    private(set) var heardItems = HeardPosts()
    /// The user moved the wheel, or it opened where they stopped: a position to keep.
    private var hasPosition = false
    /// The people whose follow request was answered here: their request leaves the list and
    /// stays out after a refresh (some servers keep the notification), so it is never answered
    /// twice.
    private(set) var answeredRequests: Set<String> = []
    private lazy var toggles = PostToggles(app: app)

    private var s: AppStrings { app.strings }

    init(app: AppCore, kind: Kind, loaded: Loaded) {
        self.app = app
        self.kind = kind
        self.items = loaded.items.visible
        paging.next = loaded.next
        paging.previous = loaded.previous
        let s = app.strings
        let buffer: Buffer = kind == .notifications ? .notifications : .directMessages
        wheel = Wheel(id: ControlID.items.rawValue, label: s(buffer.name), items: [""], hint: s(kind == .notifications ? .bufferListHint : .conversationsHint))
        screen = ControlScreen(
            title: s(buffer.name), controls: [wheel], screenKeys: TimelineAction.keys, toolbarBackLabel: s(.about),
            settings: app.settings, keymap: app.keymap)
        screen.onEvent = { [weak self] event, _ in self?.handle(event) ?? .none }
        screen.onAction(TimelineAction.self) { [weak self] action, _ in self?.perform(action) }
        show(loaded.items)
    }

    private var buffer: Buffer { kind == .notifications ? .notifications : .directMessages }

    // MARK: Opening (only through `AppCore.switchBuffer`)

    static func open(_ kind: Kind, as buffer: Buffer, loading: String, app: AppCore) -> ScreenOutcome {
        let outcome = app.perform(
            loading,
            { engine in
                guard kind == .notifications else { return try await fetch(kind, engine) }
                // Where the user stopped, read when the buffer first opens (another client may
                // have moved it since start), alongside the list.
                async let markers = try? engine.markers()
                var loaded = try await fetch(kind, engine)
                loaded.markers = await markers
                return loaded
            },
            then: { (loaded: Loaded) in
                let screen = BufferListScreen(app: app, kind: kind, loaded: loaded)
                screen.openWhereLeft(loaded.markers)
                return app.arrive(at: screen, as: buffer)
            })
        return ScreenOutcome(outcome)
    }

    /// A page of the list: what it shows and its links; on the first load of notifications,
    /// the server's markers asked alongside.
    struct Loaded: Sendable {
        var items: Items
        var next: URL?
        var previous: URL?
        var caughtUp = true
        var markers: Markers?

        init(groups page: Page<NotificationGroup>) {
            items = .notifications(page.items)
            next = page.next
            previous = page.previous
        }

        init(conversations page: Page<Conversation>) {
            items = .conversations(page.items)
            next = page.next
            previous = page.previous
        }
    }

    private static func fetch(_ kind: Kind, _ engine: TweetEngine) async throws -> Loaded {
        switch kind {
        case .notifications: Loaded(groups: try await engine.notificationGroups(upTo: notificationLimit))
        case .conversations: Loaded(conversations: try await engine.conversations(upTo: conversationLimit))
        }
    }

    /// Opens on the item the user stopped at: for notifications the more recent of the
    /// server's marker and the position saved here (the newest group not newer than it, as
    /// the server may have grouped the very notification into a newer group); for
    /// conversations the one saved here. Nothing known, or nothing loaded that old: the newest.
    private func openWhereLeft(_ markers: Markers?) {
        let saved = app.position?.load(buffer)
        guard kind == .notifications else {
            if let id = saved?.id, ids.contains(id) {
                show(items, keeping: id)
                hasPosition = true
            }
            return
        }
        let marker = markers?.notifications
        app.markerEvent(.read(marker), for: .notifications)
        heardItems = WhereLeft.heard(heardItems, marker: marker, saved: app.position?.loadHeard(.notifications), in: ids)
        if let mark = heardItems.mark, mark != marker?.lastReadID {
            // A mark the server never heard of (a write that did not go) is the app's to write.
            app.markerEvent(.focused(mark, byUser: false), for: .notifications)
        }
        guard let choice = WhereLeft.choose(marker: marker, saved: saved) else {
            // Nowhere known: the newest, said on arrival, is read, and so is all below it.
            heardItems.start(at: ids.first, in: ids)
            return
        }
        guard let index = ids.firstIndex(where: { !MarkerSync.isNewer($0, than: choice) }) else { return }
        show(items, keeping: ids[index])
        hasPosition = true
    }

    /// Notifications' mark and the items heard above it, kept here for the next start.
    func saveHeard() {
        guard kind == .notifications, let mark = heardItems.mark else { return }
        app.position?.save(read: mark, heard: heardItems.heardAbove(in: ids).reversed(), for: .notifications, at: app.engine.clock.now())
    }

    // MARK: Showing

    /// Shows `newItems` on the item holding `id` (the newest when nil or gone), or at
    /// `index` (an item's place, not counting the gap).
    func show(_ newItems: Items, keeping id: String? = nil, index itemIndex: Int? = nil) {
        items = newItems.visible
        if case .notifications(let groups) = items, !answeredRequests.isEmpty {
            items = .notifications(groups.filter { group in
                group.type.known != .followRequest || group.accounts.first.map { !answeredRequests.contains($0.id) } ?? true
            })
        }
        let count = items.count
        let index = min(itemIndex ?? id.flatMap { id in self.index(holding: id) } ?? 0, max(0, count - 1))
        let offset = paging.offset
        let gap = s(.gapItems)
        if count == 0 {
            wheel.setItems([s(kind == .notifications ? .noNotifications : .noConversations)], index: index + offset)
        } else {
            // Said when reached, so "5 minutes ago" stays true.
            wheel.setItems(count: count + offset, index: index + offset) { [weak self] index in
                index < offset ? gap : self?.sentence(at: index - offset) ?? ""
            }
        }
        lastIndex = wheel.index
    }

    /// The item holding `id`: a notification's group, or the conversation.
    private func index(holding id: String) -> Int? {
        switch items {
        case .notifications(let groups): groups.firstIndex { $0.notifications.contains { $0.id == id } }
        case .conversations(let list): list.firstIndex { $0.id == id }
        }
    }

    /// The focused item's place in `items`; nil on the gap.
    var itemIndex: Int? {
        let index = wheel.index - paging.offset
        return index >= 0 && index < items.count ? index : nil
    }

    private var isOnGap: Bool { paging.gapAtTop && wheel.index == 0 }

    var ids: [String] {
        switch items {
        case .notifications(let groups): groups.map(\.id)
        case .conversations(let list): list.map(\.id)
        }
    }

    private func sentence(at index: Int) -> String {
        let now = app.engine.clock.now()
        switch items {
        case .notifications(let groups):
            guard groups.indices.contains(index) else { return "" }
            let group = groups[index]
            if deletedHere.contains(group.id) { return s(.postDeleted) }
            let sentence = NotificationSpeech(group, options: app.textOptions, now: now).sentence
            guard group.type.known == .followRequest else { return sentence }
            guard app.settings.verbosity == .beginner, let accept = app.keyName(.acceptFollowRequest),
                let reject = app.keyName(.rejectFollowRequest)
            else { return sentence }
            return s(.followRequestHint, sentence, accept, reject)
        case .conversations(let list):
            guard list.indices.contains(index) else { return "" }
            return ConversationSpeech(list[index], options: app.textOptions, now: now).sentence
        }
    }

    private var currentGroup: NotificationGroup? {
        guard case .notifications(let groups) = items, let index = itemIndex else { return nil }
        return groups[index]
    }

    /// The post behind the focused item, if it has one still.
    private var currentPost: Status? {
        guard let index = itemIndex, !deletedHere.contains(ids[index]) else { return nil }
        switch items {
        case .notifications(let groups): return groups[index].status
        case .conversations(let list): return list[index].lastStatus
        }
    }

    // MARK: BufferScreen

    var focusedItem: String { wheel.currentItem }
    /// The gap counts as an item, as the wheel says it.
    var position: (index: Int, count: Int)? { items.count == 0 ? nil : (wheel.index, wheel.count) }
    var unreadCount: Int? {
        switch items {
        case .conversations(let list): list.filter(\.unreadByYou).count
        case .notifications: heardItems.unheard(ids)?.count
        }
    }
    var savedPosition: String? {
        guard hasPosition, let index = itemIndex else { return nil }
        return ids[index]
    }

    // MARK: Events and keys

    private func handle(_ event: ControlEvent) -> ScreenOutcome {
        if event.control(as: ToolbarControl.self) == .back, event.kind == .activated { return app.open(.about) }
        switch (event.control(as: ControlID.self), event.kind) {
        case (.items?, .changed):
            forgetDeletedLeft()
            focused()
            let from = lastIndex
            lastIndex = wheel.index
            var said: [Feedback] = []
            let seen = paging.firstSeenID.flatMap { index(holding: $0) }.map { $0 + paging.offset }
            if paging.crossedEndOfNew(from: from, to: wheel.index, seenAt: seen) {
                said.append(.speak(s(.endOfNewItems), .announcement))
            }
            if wheel.index == wheel.count - 1 { said += endReached() }
            return ScreenOutcome(said)
        case (.items?, .pushedPastEnd):
            return ScreenOutcome(endReached())
        case (.items?, .selected) where isOnGap:
            return ScreenOutcome(loadNewer(.gap))
        case (.items?, .selected):
            if currentPost == nil, let group = currentGroup, [.follow, .followRequest].contains(group.type.known),
                let account = group.accounts.first
            {
                return app.open(.details(account))
            }
            return openThread()
        default:
            return .none
        }
    }

    /// The user moved to an item: it is heard (the marker follows the run of heard items), and
    /// it is where they are.
    private func focused() {
        guard let index = itemIndex else { return }
        hasPosition = true
        let id = ids[index]
        guard kind == .notifications, let mark = heardItems.hear([id], in: ids) else { return }
        app.markerEvent(.focused(mark, byUser: true), for: .notifications)
    }

    private func perform(_ action: TimelineAction) -> ScreenOutcome? {
        if let outcome = app.performAnywhere(action) { return outcome }
        switch action {
        case .refresh: return ScreenOutcome(refresh())
        case .thread: return openThread()
        case .links:
            guard let post = currentPost ?? currentConversation?.lastStatus else {
                return ScreenOutcome([.earcon(.softError), .say(s(.noPostToActOn))])
            }
            return app.open(.links(of: post))
        case .reply where kind == .conversations: return replyToConversation()
        case .acceptFollowRequest: return ScreenOutcome(answerFollowRequest(accept: true))
        case .rejectFollowRequest: return ScreenOutcome(answerFollowRequest(accept: false))
        case .reply, .boost, .favourite:
            guard kind == .notifications else { return nil }
            guard let post = currentPost?.displayed else { return ScreenOutcome([.earcon(.softError), .say(s(.noPostToActOn))]) }
            return app.perform(action, on: post, toggles: toggles)
        default: return nil
        }
    }

    private var currentConversation: Conversation? {
        guard case .conversations(let list) = items, let index = itemIndex else { return nil }
        return list[index]
    }

    /// `r` on a conversation: a direct reply to its last message, addressed to everyone in it.
    private func replyToConversation() -> ScreenOutcome {
        guard let conversation = currentConversation, let last = conversation.lastStatus else {
            return ScreenOutcome([.earcon(.softError), .say(s(.noMessageToAnswer))])
        }
        return app.open(.compose(.reply(last, conversation: conversation)))
    }

    /// The focused item's post as a thread; a conversation is read once opened, which the
    /// server hears in the background.
    private func openThread() -> ScreenOutcome {
        guard let post = currentPost else { return ScreenOutcome([.earcon(.softError), .say(s(.noPostHere))]) }
        var outcome = app.open(.thread(of: post))
        if let conversation = currentConversation, conversation.unread { outcome.feedback += markRead(conversation.id) }
        return outcome
    }

    /// No busy indicator and nothing said: the thread is what the user waits for. Once the
    /// server has it, the conversation no longer says unread and the buffer's count drops;
    /// if it fails, it stays unread, as it is on the server.
    private func markRead(_ id: String) -> [Feedback] {
        app.perform(
            s(.markingRead), busy: false, { engine in try await engine.markConversationRead(id) },
            then: { [weak self] _ in
                guard let self, case .conversations(var list) = self.items, let index = list.firstIndex(where: { $0.id == id }) else {
                    return .none
                }
                list[index].unread = false
                self.show(.conversations(list), index: self.wheel.index - self.paging.offset)
                return ScreenOutcome([.redraw])
            },
            failed: { _ in .none })
    }

    /// `y` and `x`: the focused follow request is accepted or rejected, and it leaves the list
    /// (answered, it is no longer a request); the focus goes to the item that took its place.
    private func answerFollowRequest(accept: Bool) -> [Feedback] {
        guard let group = currentGroup, group.type.known == .followRequest else {
            return [.earcon(.softError), .say(s(.notAFollowRequest))]
        }
        guard let account = group.accounts.first else { return [.earcon(.softError), .say(s(.followRequestGone))] }
        guard !answeredRequests.contains(account.id) else { return [.earcon(.softError), .say(s(.followRequestAlreadyAnswered))] }
        let id = account.id
        let name = account.spokenName(options: app.textOptions)
        return app.perform(
            s(accept ? .acceptingFollowRequest : .rejectingFollowRequest),
            { engine in accept ? try await engine.authorizeFollowRequest(id) : try await engine.rejectFollowRequest(id) },
            then: { [weak self] _ in
                guard let self else { return .none }
                self.answeredRequests.insert(id)
                self.show(self.items, index: max(0, self.wheel.index - self.paging.offset))
                if accept { return ScreenOutcome([.earcon(.follow), .say(self.s(.followRequestAccepted, name)), .redraw]) }
                return ScreenOutcome([.earcon(.activate), .say(self.s(.followRequestRejected, name)), .redraw])
            },
            failed: { [weak self] error in
                guard let self else { return .none }
                // The account left, or the request was withdrawn or answered elsewhere.
                if case .http(404, _) = error { return ScreenOutcome([.earcon(.softError), .say(self.s(.followRequestGone))]) }
                return ScreenOutcome(self.app.spoken(error))
            })
    }

    private func refresh() -> [Feedback] { loadNewer(.newer) }

    /// "Already under way: loading older items." and the wait it is in, if any.
    private func underWay() -> [Feedback] {
        let label = s(paging.underWay == .older ? .loadingOlderItems : .refreshingList)
        let what = label.prefix(1).lowercased() + label.dropFirst()
        return [.say([s(.alreadyUnderWay, what), app.pendingWait()].compactMap { $0 }.joined(separator: " "))]
    }

    /// `u` or Enter on the gap: what is newer than the top, through the `prev` link until
    /// caught up (a list without one is asked again from the top and merged).
    /// `quiet`: in the background and saying nothing (a direct message announced live).
    func loadNewer(_ load: BufferPaging.Load, quiet: Bool = false) -> [Feedback] {
        guard paging.begin(load) else { return quiet ? [] : underWay() }
        let kind = self.kind
        let previous = paging.previous
        let knownNotices: Set<String> = switch items {
        case .notifications(let groups): Set(groups.flatMap { $0.notifications.map(\.id) })
        case .conversations: []
        }
        return app.perform(
            s(.refreshingList), busy: !quiet,
            { engine in
                guard let previous else { return try await Self.fetch(kind, engine) }
                switch kind {
                case .notifications:
                    let links = Page<NotificationGroup>(items: [], next: nil, previous: previous, requests: 0)
                    return Loaded(newer: try await engine.newerNotificationGroups(than: links, known: knownNotices))
                case .conversations:
                    // A conversation with a new message comes again, newer: it replaces the old one.
                    let links = Page<Conversation>(items: [], next: nil, previous: previous, requests: 0)
                    let newer = try await engine.newer(than: links, known: [], pageSize: TweetEngine.PageSize.conversations)
                    return Loaded(newer: newer)
                }
            },
            then: { [weak self] (fresh: Loaded) in
                guard let self else { return .none }
                self.paging.end()
                let said = self.adoptNewer(fresh, from: load)
                return ScreenOutcome(quiet ? [.redraw] : said)
            },
            failed: { [weak self] error in
                self?.paging.end()
                return quiet ? .none : ScreenOutcome(self?.app.spoken(error) ?? [])
            })
    }

    private func adoptNewer(_ fresh: Loaded, from load: BufferPaging.Load) -> [Feedback] {
        let keep = itemIndex.map { ids[$0] }
        let firstBefore = ids.first
        let arrived: Int
        let merged: Items
        switch (items, fresh.items) {
        case (.notifications(let old), .notifications(let new)):
            let result = NotificationGroup.merging(newer: new, above: old)
            arrived = result.arrived
            merged = .notifications(result.groups)
        case (.conversations(let old), .conversations(let new)):
            let result = BufferPaging.merging(newer: new, above: old, id: \.id)
            // An updated conversation is new again even though its id is known.
            arrived = new.filter { conversation in !old.contains(conversation) }.count
            merged = .conversations(result.items)
        default:
            return []
        }
        if let previous = fresh.previous { paging.previous = previous }
        paging.gapAtTop = !fresh.caughtUp
        if arrived > 0, paging.firstSeenID == nil, load == .newer { paging.firstSeenID = firstBefore }
        if load == .gap { show(merged, index: max(0, arrived - 1)) } else { show(merged, keeping: keep) }
        return paging.arrivalWords(
            arrived, from: load, nothingNew: s(.nothingNew), count: { self.s(.newItems, String($0)) },
            countAndGap: { self.s(.newItemsAndGap, String($0)) }, focused: { self.focusedItemAndPosition(self.s.language) })
    }

    /// The wheel reached its last item: older ones load in the background, up to the limit.
    private func endReached() -> [Feedback] {
        let limit = app.config.bufferLimit
        switch paging.atEnd(count: items.count, limit: limit) {
        case .nothing: return []
        case .full: return [.speak(s(.bufferFull, String(limit)), .announcement)]
        case .load(let room):
            guard paging.begin(.older) else { return underWay() }
            let kind = self.kind
            let next = paging.next
            let background = app.perform(
                s(.loadingOlderItems), busy: false,
                { engine in
                    switch kind {
                    case .notifications:
                        let links = Page<NotificationGroup>(items: [], next: next, previous: nil, requests: 0)
                        let wanted = min(room, TweetEngine.PageSize.notifications)
                        return Loaded(groups: try await engine.moreNotificationGroups(after: links, upTo: wanted))
                    case .conversations:
                        let links = Page<Conversation>(items: [], next: next, previous: nil, requests: 0)
                        let wanted = min(room, TweetEngine.PageSize.conversations)
                        return Loaded(conversations: try await engine.more(after: links, upTo: wanted, pageSize: wanted))
                    }
                },
                then: { [weak self] (older: Loaded) in
                    guard let self else { return .none }
                    self.paging.end()
                    self.appendOlder(older)
                    return ScreenOutcome([.redraw])
                },
                failed: { [weak self] error in
                    self?.paging.end()
                    return ScreenOutcome(self?.app.spoken(error) ?? [])
                })
            return [.speak(s(.loadingOlderItems), .announcement)] + background
        }
    }

    /// An older page below; the wheel stays on the item being read.
    private func appendOlder(_ older: Loaded) {
        let keep = wheel.index - paging.offset
        switch (items, older.items) {
        case (.notifications(let groups), .notifications(let more)):
            show(.notifications(NotificationGroup.appending(older: more, below: groups)), index: keep)
        case (.conversations(let list), .conversations(let more)):
            show(.conversations(BufferPaging.appending(older: more, below: list, id: \.id)), index: keep)
        default:
            break
        }
        paging.next = older.next
    }
}

extension BufferListScreen.Loaded {
    init(newer: Newer<NotificationGroup>) {
        self.init(groups: Page(items: newer.items, next: nil, previous: newer.previous, requests: newer.requests))
        caughtUp = newer.caughtUp
    }

    init(newer: Newer<Conversation>) {
        self.init(conversations: Page(items: newer.items, next: nil, previous: newer.previous, requests: newer.requests))
        caughtUp = newer.caughtUp
    }
}
