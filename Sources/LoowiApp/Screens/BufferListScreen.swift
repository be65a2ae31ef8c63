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
    let wheel: Wheel

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

    // MARK: Opening (only through `AppCore.switchBuffer`)

    static func open(_ kind: Kind, as buffer: Buffer, loading: String, app: AppCore) -> ScreenOutcome {
        let outcome = app.perform(
            loading, { engine in try await fetch(kind, engine) },
            then: { (items: Items) in app.arrive(at: BufferListScreen(app: app, kind: kind, items: items), as: buffer) })
        return ScreenOutcome(outcome)
    }

    private static func fetch(_ kind: Kind, _ engine: TweetEngine) async throws -> Items {
        switch kind {
        case .notifications:
            return .notifications(NotificationGroup.grouping(try await engine.notifications(upTo: notificationLimit).items))
        case .conversations:
            return .conversations(try await engine.conversations(upTo: conversationLimit).items)
        }
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
            return NotificationSpeech(groups[index], options: app.textOptions, now: now).sentence
        case .conversations(let list):
            guard list.indices.contains(index) else { return "" }
            return ConversationSpeech(list[index], options: app.textOptions, now: now).sentence
        }
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
        guard case .conversations(let list) = items else { return nil }
        return list.filter(\.unread).count
    }

    // MARK: Events and keys

    private func handle(_ event: ControlEvent) -> ScreenOutcome {
        if event.control(as: ToolbarControl.self) == .back, event.kind == .activated { return app.open(.about) }
        switch (event.control(as: ControlID.self), event.kind) {
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
        case .reply where kind == .conversations: return replyToConversation()
        default: return nil
        }
    }

    /// `r` on a conversation: a direct reply to its last message, addressed to everyone in it.
    private func replyToConversation() -> ScreenOutcome {
        guard case .conversations(let list) = items, list.indices.contains(wheel.index), let last = list[wheel.index].lastStatus else {
            return ScreenOutcome([.earcon(.softError), .say(s(.noMessageToAnswer))])
        }
        return app.open(.compose(.reply(last, conversation: list[wheel.index])))
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
