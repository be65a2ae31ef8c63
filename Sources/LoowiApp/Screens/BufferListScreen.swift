import AccessibleControls
import Foundation
import TweetEngine

/// The Notifications and Direct messages buffers: one wheel of sentences ("Ana Ruiz
/// favourited your post: ...", "With Grace Okafor, unread. ..."). Enter on an item with a
/// post opens that post's author's timeline; `u` refreshes; the digits and `[` `]` switch
/// buffers as on every buffer.
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
    /// The notifications as the server sent them, which `items` groups; paging adds to these.
    private var notices: [MastodonNotification] = []
    private(set) var paging = BufferPaging()
    /// Where the wheel was before the last move, to hear it cross the end of what is new.
    private var lastIndex = 0
    let wheel: Wheel

    private var s: AppStrings { app.strings }

    init(app: AppCore, kind: Kind, loaded: Loaded) {
        self.app = app
        self.kind = kind
        self.items = loaded.items
        notices = loaded.notices
        paging.next = loaded.next
        paging.previous = loaded.previous
        let s = app.strings
        let buffer: Buffer = kind == .notifications ? .notifications : .directMessages
        wheel = Wheel(id: ControlID.items.rawValue, label: s(buffer.name), items: [""], hint: s(.bufferListHint))
        screen = ControlScreen(
            title: s(buffer.name), controls: [wheel], screenKeys: TimelineAction.keys, toolbarBackLabel: s(.about),
            settings: app.settings, keymap: app.keymap)
        screen.onEvent = { [weak self] event, _ in self?.handle(event) ?? .none }
        screen.onAction(TimelineAction.self) { [weak self] action, _ in self?.perform(action) }
        show(loaded.items)
    }

    // MARK: Opening (only through `AppCore.switchBuffer`)

    static func open(_ kind: Kind, as buffer: Buffer, loading: String, app: AppCore) -> ScreenOutcome {
        let outcome = app.perform(
            loading, { engine in try await fetch(kind, engine) },
            then: { (loaded: Loaded) in app.arrive(at: BufferListScreen(app: app, kind: kind, loaded: loaded), as: buffer) })
        return ScreenOutcome(outcome)
    }

    /// A page of the list: what it shows, the notifications it groups, and its links.
    struct Loaded: Sendable {
        var items: Items
        var notices: [MastodonNotification] = []
        var next: URL?
        var previous: URL?
        var caughtUp = true

        init(notices page: Page<MastodonNotification>) {
            items = .notifications(NotificationGroup.grouping(page.items))
            notices = page.items
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
        case .notifications: Loaded(notices: try await engine.notifications(upTo: notificationLimit))
        case .conversations: Loaded(conversations: try await engine.conversations(upTo: conversationLimit))
        }
    }

    // MARK: Showing

    /// Shows `newItems` on the item holding `id` (the newest when nil or gone), or at
    /// `index` (an item's place, not counting the gap).
    private func show(_ newItems: Items, keeping id: String? = nil, index itemIndex: Int? = nil) {
        items = newItems
        let index = itemIndex ?? id.flatMap { id in self.index(holding: id) } ?? 0
        let count = items.count
        let offset = paging.offset
        let rows = Array(repeating: "", count: count + offset)
        wheel.setItems(count == 0 ? [s(kind == .notifications ? .noNotifications : .noConversations)] : rows, index: index + offset)
        // Said when reached, so "5 minutes ago" stays true.
        let gap = s(.gapItems)
        wheel.renderItem = count == 0 ? nil : { [weak self] index in
            index < offset ? gap : self?.sentence(at: index - offset) ?? ""
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
    private var itemIndex: Int? {
        let index = wheel.index - paging.offset
        return index >= 0 && index < items.count ? index : nil
    }

    private var isOnGap: Bool { paging.gapAtTop && wheel.index == 0 }

    private var ids: [String] {
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
            return NotificationSpeech(groups[index], options: app.textOptions, now: now).sentence
        case .conversations(let list):
            guard list.indices.contains(index) else { return "" }
            return ConversationSpeech(list[index], options: app.textOptions, now: now).sentence
        }
    }

    /// The post behind the focused item, if it has one still.
    private var currentPost: Status? {
        guard let index = itemIndex else { return nil }
        switch items {
        case .notifications(let groups): return groups[index].status
        case .conversations(let list): return list[index].lastStatus
        }
    }

    // MARK: BufferScreen

    var focusedItem: String { wheel.currentItem }
    /// The gap counts as an item, as the wheel says it.
    var position: (index: Int, count: Int)? { items.count == 0 ? nil : (wheel.index, wheel.items.count) }
    var unreadCount: Int? {
        guard case .conversations(let list) = items else { return nil }
        return list.filter(\.unread).count
    }

    // MARK: Events and keys

    private func handle(_ event: ControlEvent) -> ScreenOutcome {
        if event.control(as: ToolbarControl.self) == .back, event.kind == .activated { return app.open(.about) }
        switch (event.control(as: ControlID.self), event.kind) {
        case (.items?, .changed):
            let from = lastIndex
            lastIndex = wheel.index
            var said: [Feedback] = []
            let seen = paging.firstSeenID.flatMap { index(holding: $0) }.map { $0 + paging.offset }
            if paging.crossedEndOfNew(from: from, to: wheel.index, seenAt: seen) {
                said.append(.speak(s(.endOfNewItems), .announcement))
            }
            if wheel.index == wheel.items.count - 1 { said += endReached() }
            return ScreenOutcome(said)
        case (.items?, .pushedPastEnd):
            return ScreenOutcome(endReached())
        case (.items?, .selected) where isOnGap:
            return ScreenOutcome(loadNewer(.gap))
        case (.items?, .selected):
            guard let post = currentPost else { return ScreenOutcome([.earcon(.softError), .say(s(.noPostHere))]) }
            return app.open(.timeline(of: post.displayed.account))
        default:
            return .none
        }
    }

    private func perform(_ action: TimelineAction) -> ScreenOutcome? {
        if let route = action.bufferRoute(from: app.buffers.current) { return app.open(route) }
        switch action {
        case .refresh: return ScreenOutcome(refresh())
        case .newPost: return app.open(.compose(.new))
        default: return nil
        }
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
    private func loadNewer(_ load: BufferPaging.Load) -> [Feedback] {
        guard paging.begin(load) else { return underWay() }
        let kind = self.kind
        let previous = paging.previous
        let knownNotices = Set(notices.map(\.id))
        return app.perform(
            s(.refreshingList),
            { engine in
                guard let previous else { return try await Self.fetch(kind, engine) }
                switch kind {
                case .notifications:
                    let links = Page<MastodonNotification>(items: [], next: nil, previous: previous, requests: 0)
                    let newer = try await engine.newer(than: links, known: knownNotices, pageSize: TweetEngine.PageSize.notifications)
                    return Loaded(newer: newer)
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
                return ScreenOutcome(self.adoptNewer(fresh, from: load))
            },
            failed: { [weak self] error in
                self?.paging.end()
                return ScreenOutcome(self?.app.spoken(error) ?? [])
            })
    }

    private func adoptNewer(_ fresh: Loaded, from load: BufferPaging.Load) -> [Feedback] {
        let keep = itemIndex.map { ids[$0] }
        let firstBefore: String? = switch items {
        case .notifications: notices.first?.id
        case .conversations(let list): list.first?.id
        }
        let arrived: Int
        let merged: Items
        switch (items, fresh.items) {
        case (.notifications, .notifications):
            let result = BufferPaging.merging(newer: fresh.notices, above: notices, id: \.id)
            notices = result.items
            arrived = result.arrived
            merged = .notifications(NotificationGroup.grouping(notices))
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
        if load == .gap {
            show(merged, index: max(0, arrived - 1))
            guard arrived > 0 else { return [.say(s(.nothingNew)), .redraw] }
            let position = Strings(s.language)(.positionOf, String(wheel.index + 1), String(wheel.items.count))
            return [.earcon(.newPost), .say(s(.newItems, String(arrived))), .speak(wheel.currentItem + ", " + position, .announcement), .redraw]
        }
        show(merged, keeping: keep)
        if arrived == 0 { return [.say(s(.nothingNew)), .redraw] }
        let said = paging.gapAtTop ? s(.newItemsAndGap, String(arrived)) : s(.newItems, String(arrived))
        return [.earcon(.newPost), .say(said), .redraw]
    }

    /// The wheel reached its last item: older ones load in the background, up to the limit.
    private func endReached() -> [Feedback] {
        let limit = app.config.bufferLimit
        switch paging.atEnd(count: kind == .notifications ? notices.count : items.count, limit: limit) {
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
                        let links = Page<MastodonNotification>(items: [], next: next, previous: nil, requests: 0)
                        let wanted = min(room, TweetEngine.PageSize.notifications)
                        return Loaded(notices: try await engine.more(after: links, upTo: wanted, pageSize: wanted))
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
        case (.notifications, .notifications):
            notices = BufferPaging.appending(older: older.notices, below: notices, id: \.id)
            show(.notifications(NotificationGroup.grouping(notices)), index: keep)
        case (.conversations(let list), .conversations(let more)):
            show(.conversations(BufferPaging.appending(older: more, below: list, id: \.id)), index: keep)
        default:
            break
        }
        paging.next = older.next
    }
}

extension BufferListScreen.Loaded {
    init(newer: Newer<MastodonNotification>) {
        self.init(notices: Page(items: newer.items, next: nil, previous: newer.previous, requests: newer.requests))
        caughtUp = newer.caughtUp
    }

    init(newer: Newer<Conversation>) {
        self.init(conversations: Page(items: newer.items, next: nil, previous: newer.previous, requests: newer.requests))
        caughtUp = newer.caughtUp
    }
}
