import AccessibleControls
import Foundation
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
    }

    /// The first load: the items, and for notifications the server's markers asked alongside.
    struct Loaded: Sendable {
        var items: Items
        var markers: Markers?
    }

    enum ControlID: String {
        case items
    }

    /// How a follow request was answered here; the item says so afterwards.
    enum FollowAnswer {
        case accepted, rejected
    }

    static let notificationLimit = 80
    static let conversationLimit = 40

    let screen: ControlScreen
    unowned let app: AppCore
    let kind: Kind
    private(set) var items: Items
    let wheel: Wheel
    /// What Notifications counts as read ("Notifications, 3 new").
    private(set) var readMark = ReadMark()
    /// The user moved the wheel, or it opened where they stopped: a position to keep.
    private var hasPosition = false
    private(set) var answered: [String: FollowAnswer] = [:]
    private lazy var toggles = PostToggles(app: app)

    private var s: AppStrings { app.strings }

    init(app: AppCore, kind: Kind, items: Items) {
        self.app = app
        self.kind = kind
        self.items = items
        let s = app.strings
        let buffer: Buffer = kind == .notifications ? .notifications : .directMessages
        wheel = Wheel(id: ControlID.items.rawValue, label: s(buffer.name), items: [""], hint: s(.bufferListHint))
        screen = ControlScreen(
            title: s(buffer.name), controls: [wheel], screenKeys: TimelineAction.keys, toolbarBackLabel: s(.about),
            settings: app.settings, keymap: app.keymap)
        screen.onEvent = { [weak self] event, _ in self?.handle(event) ?? .none }
        screen.onAction(TimelineAction.self) { [weak self] action, _ in self?.perform(action) }
        show(items)
    }

    private var buffer: Buffer { kind == .notifications ? .notifications : .directMessages }

    // MARK: Opening (only through `AppCore.switchBuffer`)

    static func open(_ kind: Kind, as buffer: Buffer, loading: String, app: AppCore) -> ScreenOutcome {
        let outcome = app.perform(
            loading,
            { engine in
                guard kind == .notifications else { return Loaded(items: try await fetch(kind, engine)) }
                // Where the user stopped, read when the buffer first opens (another client may
                // have moved it since start), alongside the list.
                async let markers = try? engine.markers()
                let items = try await fetch(kind, engine)
                return Loaded(items: items, markers: await markers)
            },
            then: { (loaded: Loaded) in
                let screen = BufferListScreen(app: app, kind: kind, items: loaded.items)
                screen.openWhereLeft(loaded.markers)
                return app.arrive(at: screen, as: buffer)
            })
        return ScreenOutcome(outcome)
    }

    private static func fetch(_ kind: Kind, _ engine: TweetEngine) async throws -> Items {
        switch kind {
        case .notifications:
            return .notifications(try await engine.notificationGroups(upTo: notificationLimit).items)
        case .conversations:
            return .conversations(try await engine.conversations(upTo: conversationLimit).items)
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
        guard let choice = WhereLeft.choose(marker: marker, saved: saved) else {
            // Nowhere known: the newest, said on arrival, is read, and so is all below it.
            readMark.read(ids.first)
            return
        }
        readMark.read(choice.id)
        guard let index = ids.firstIndex(where: { !MarkerSync.isNewer($0, than: choice.id) }) else { return }
        show(items, keeping: ids[index])
        hasPosition = true
        // A position chosen here that the server never heard of is the app's to write.
        app.markerEvent(.focused(choice.id, byUser: choice.chosenHere), for: .notifications)
    }

    // MARK: Showing

    private func show(_ newItems: Items, keeping id: String? = nil) {
        items = newItems
        let index = id.flatMap { id in ids.firstIndex(of: id) } ?? 0
        let count = items.count
        wheel.setItems(count == 0 ? [s(kind == .notifications ? .noNotifications : .noConversations)] : Array(repeating: "", count: count), index: index)
        // Said when reached, so "5 minutes ago" stays true.
        wheel.renderItem = count == 0 ? nil : { [weak self] index in self?.sentence(at: index) ?? "" }
    }

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
            let group = groups[index]
            let sentence = NotificationSpeech(group, options: app.textOptions, now: now).sentence
            guard group.type.known == .followRequest else { return sentence }
            switch answered[group.id] {
            case .accepted?: return s(.followRequestAcceptedItem, sentence)
            case .rejected?: return s(.followRequestRejectedItem, sentence)
            case nil:
                guard app.settings.verbosity == .beginner, let accept = keyName(.acceptFollowRequest),
                    let reject = keyName(.rejectFollowRequest)
                else { return sentence }
                return s(.followRequestHint, sentence, accept, reject)
            }
        case .conversations(let list):
            guard list.indices.contains(index) else { return "" }
            return ConversationSpeech(list[index], options: app.textOptions, now: now).sentence
        }
    }

    /// The key bound to `action` as the hint says it ("Y"), nil when none is.
    private func keyName(_ action: TimelineAction) -> String? {
        guard let key = app.keymap.keys(for: .screen(action.rawValue), in: TimelineAction.keys).first else { return nil }
        let name = Strings(s.language).spokenName(of: key)
        return name.count == 1 ? name.uppercased() : name
    }

    private var currentGroup: NotificationGroup? {
        guard case .notifications(let groups) = items, groups.indices.contains(wheel.index) else { return nil }
        return groups[wheel.index]
    }

    /// The post behind the focused item, if it has one still.
    private var currentPost: Status? {
        switch items {
        case .notifications(let groups): groups.indices.contains(wheel.index) ? groups[wheel.index].status : nil
        case .conversations(let list): list.indices.contains(wheel.index) ? list[wheel.index].lastStatus : nil
        }
    }

    // MARK: BufferScreen

    var focusedItem: String { wheel.currentItem }
    var position: (index: Int, count: Int)? { items.count == 0 ? nil : (wheel.index, items.count) }
    var unreadCount: Int? {
        switch items {
        case .conversations(let list): list.filter(\.unread).count
        case .notifications: readMark.unread(ids)
        }
    }
    var savedPosition: String? {
        guard hasPosition, ids.indices.contains(wheel.index) else { return nil }
        return ids[wheel.index]
    }

    // MARK: Events and keys

    private func handle(_ event: ControlEvent) -> ScreenOutcome {
        if event.control(as: ToolbarControl.self) == .back, event.kind == .activated { return app.open(.about) }
        switch (event.control(as: ControlID.self), event.kind) {
        case (.items?, .changed):
            focused()
            return .none
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

    /// The user moved to an item: it and everything older is read, and it is where they are.
    private func focused() {
        guard ids.indices.contains(wheel.index) else { return }
        hasPosition = true
        let id = ids[wheel.index]
        guard kind == .notifications else { return }
        readMark.read(id, in: ids)
        app.markerEvent(.focused(id, byUser: true), for: .notifications)
    }

    private func perform(_ action: TimelineAction) -> ScreenOutcome? {
        if let outcome = app.switchBuffer(for: action) { return outcome }
        switch action {
        case .refresh: return ScreenOutcome(refresh())
        case .newPost: return app.open(.compose(.new))
        case .thread: return openThread()
        case .acceptFollowRequest: return ScreenOutcome(answerFollowRequest(.accepted))
        case .rejectFollowRequest: return ScreenOutcome(answerFollowRequest(.rejected))
        case .reply, .boost, .favourite:
            guard kind == .notifications else { return nil }
            guard let post = currentPost?.displayed else { return ScreenOutcome([.earcon(.softError), .say(s(.noPostToActOn))]) }
            switch action {
            case .reply: return app.open(.compose(.reply(post)))
            case .boost: return ScreenOutcome(toggles.toggleBoost(post))
            default: return ScreenOutcome(toggles.toggleFavourite(post))
            }
        default: return nil
        }
    }

    private var currentConversation: Conversation? {
        guard case .conversations(let list) = items, list.indices.contains(wheel.index) else { return nil }
        return list[wheel.index]
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
                let focused = self.ids.indices.contains(self.wheel.index) ? self.ids[self.wheel.index] : nil
                self.show(.conversations(list), keeping: focused)
                return ScreenOutcome([.redraw])
            },
            failed: { _ in .none })
    }

    /// `y` and `x`: the focused follow request is accepted or rejected, and the item says so
    /// from then on (it stays, so "3 of 7" stays true).
    private func answerFollowRequest(_ answer: FollowAnswer) -> [Feedback] {
        guard let group = currentGroup, group.type.known == .followRequest else {
            return [.earcon(.softError), .say(s(.notAFollowRequest))]
        }
        guard answered[group.id] == nil else { return [.earcon(.softError), .say(s(.followRequestAlreadyAnswered))] }
        guard let account = group.accounts.first else { return [.earcon(.softError), .say(s(.followRequestGone))] }
        let id = account.id
        let name = account.spokenName(options: app.textOptions)
        let accept = answer == .accepted
        return app.perform(
            s(accept ? .acceptingFollowRequest : .rejectingFollowRequest),
            { engine in accept ? try await engine.authorizeFollowRequest(id) : try await engine.rejectFollowRequest(id) },
            then: { [weak self] _ in
                guard let self else { return .none }
                self.answered[group.id] = answer
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

    private func refresh() -> [Feedback] {
        let kind = self.kind
        let keep = ids.indices.contains(wheel.index) ? ids[wheel.index] : nil
        let known = Set(ids)
        return app.perform(
            s(.refreshingList), { engine in try await Self.fetch(kind, engine) },
            then: { [weak self] (fresh: Items) in
                guard let self else { return .none }
                self.show(fresh, keeping: keep)
                let arrived = self.ids.filter { !known.contains($0) }.count
                if arrived == 0 { return ScreenOutcome([.say(self.s(.nothingNew)), .redraw]) }
                return ScreenOutcome([.earcon(.newPost), .say(self.s(.newItems, String(arrived))), .redraw])
            })
    }
}
