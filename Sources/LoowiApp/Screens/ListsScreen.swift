import AccessibleControls
import TweetEngine

/// The user's lists (`l`): Enter opens one's posts as a buffer after the seven.
@MainActor
final class ListsScreen: AppScreen {
    enum ControlID: String {
        case lists
    }

    let screen: ControlScreen
    unowned let app: AppCore
    private let lists: [UserList]

    init(app: AppCore, lists: [UserList]) {
        self.app = app
        self.lists = lists
        let s = app.strings
        let wheel = Wheel(
            id: ControlID.lists.rawValue, label: s(.listsList), items: lists.isEmpty ? [s(.noLists)] : lists.map(\.title), hint: s(.listsHint))
        wheel.actsOnSelect = true
        screen = ControlScreen(title: s(.listsTitle), controls: [wheel], settings: app.settings, keymap: app.keymap)
        screen.onEvent = { [weak self] event, _ in
            guard let self, case .selected(let index) = event.kind else { return .none }
            guard self.lists.indices.contains(index) else { return ScreenOutcome([.earcon(.softError), .say(s(.noLists))]) }
            return self.app.open(.list(self.lists[index]))
        }
    }

    /// `Route.lists`: the lists are asked for first.
    static func open(app: AppCore) -> ScreenOutcome {
        ScreenOutcome(
            app.perform(
                app.strings(.loadingLists), { engine in try await engine.lists() },
                then: { (lists: [UserList]) in app.push(ListsScreen(app: app, lists: lists)) }))
    }
}

/// Which of the user's lists someone is in (`l` on a person): Enter adds them to the list or
/// takes them out, checked on the server.
@MainActor
final class ListMembershipScreen: AppScreen {
    enum ControlID: String {
        case lists
    }

    let screen: ControlScreen
    unowned let app: AppCore
    private let account: Account
    private let lists: [UserList]
    private var member: Set<String>
    private let wheel: Wheel

    private var name: String { account.spokenName(options: app.textOptions) }

    init(app: AppCore, account: Account, lists: [UserList], member: Set<String>) {
        self.app = app
        self.account = account
        self.lists = lists
        self.member = member
        let s = app.strings
        wheel = Wheel(id: ControlID.lists.rawValue, label: s(.listsList), items: [s(.noLists)], hint: s(.memberHint))
        wheel.actsOnSelect = true
        screen = ControlScreen(
            title: s(.memberTitle, account.spokenName(options: app.textOptions)), controls: [wheel], settings: app.settings, keymap: app.keymap)
        screen.onEvent = { [weak self] event, _ in
            guard let self, case .selected(let index) = event.kind else { return .none }
            return self.toggle(index)
        }
        refresh()
    }

    private func refresh() {
        guard !lists.isEmpty else { return }
        let s = app.strings
        wheel.setItems(lists.map { member.contains($0.id) ? s(.memberItem, $0.title, name) : s(.notMemberItem, $0.title) })
    }

    private func toggle(_ index: Int) -> ScreenOutcome {
        let s = app.strings
        guard lists.indices.contains(index) else { return ScreenOutcome([.earcon(.softError), .say(s(.noLists))]) }
        let list = lists[index]
        let (listID, accountID, name) = (list.id, account.id, self.name)
        let out = member.contains(list.id)
        return ScreenOutcome(
            app.perform(
                s(out ? .removingFromList : .addingToList, name, list.title),
                { engine in out ? try await engine.removeFromList(listID, accountID: accountID) : try await engine.addToList(listID, accountID: accountID) },
                then: { [weak self] _ in
                    guard let self else { return .none }
                    if out { self.member.remove(listID) } else { self.member.insert(listID) }
                    self.refresh()
                    return ScreenOutcome([.earcon(.activate), .say(s(out ? .removedFromList : .addedToList, name, list.title)), .redraw])
                }))
    }

    /// `Route.listsOf`: the lists and those they are in, in one wait.
    static func open(_ account: Account, app: AppCore) -> ScreenOutcome {
        let id = account.id
        return ScreenOutcome(
            app.perform(
                app.strings(.loadingLists),
                { engine in
                    async let theirs = engine.lists(containing: id)
                    let all = try await engine.lists()
                    return (all, Set(try await theirs.map(\.id)))
                },
                then: { (result: ([UserList], Set<String>)) in
                    app.push(ListMembershipScreen(app: app, account: account, lists: result.0, member: result.1))
                }))
    }
}

extension AppCore {
    /// `Route.list`: a list's posts as a buffer after the seven.
    func openList(_ list: UserList) -> ScreenOutcome {
        let key = OpenedBuffer.Key.list(id: list.id)
        if let open = goToOpened(key) { return open }
        let load = BufferLoader.statuses(.list(list), me: me, limit: initialLoad)
        return ScreenOutcome(
            perform(
                strings(.loadingList, list.title), { engine in try await load(engine) },
                then: { [weak self] (loaded: BufferLoader.Loaded) in
                    guard let self else { return .none }
                    let screen = TimelineScreen(app: self, source: .list(list), page: loaded.page)
                    return self.arrive(at: screen, opened: key, named: self.strings(.listTitle, list.title))
                }))
    }
}
