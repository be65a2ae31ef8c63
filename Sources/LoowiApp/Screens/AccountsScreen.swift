import AccessibleControls
import TweetEngine

/// The saved accounts (F11, and from the settings): Enter on one reads it, without
/// restarting; each keeps its own drafts, outbox, positions and cache.
@MainActor
final class AccountsScreen: AppScreen {
    enum ControlID: String {
        case accounts, only
    }

    let screen: ControlScreen
    private let accounts: [Credentials]
    private weak var app: AppCore?

    init(app: AppCore) {
        self.app = app
        let s = app.strings
        let current = app.account
        accounts = current.map { app.accountChoices?.listed(current: $0) ?? [$0] } ?? []
        let control: any Control
        if accounts.count > 1 {
            let items = accounts.map { $0.handle == current?.handle ? s(.accountCurrent, $0.handle) : $0.handle }
            control = Wheel(
                id: ControlID.accounts.rawValue, label: s(.accountsList), items: items,
                index: accounts.firstIndex { $0.handle == current?.handle } ?? 0, hint: s(.accountsHint))
        } else {
            control = Label(id: ControlID.only.rawValue, label: s(.accountsList), text: s(.onlyAccount, current?.handle ?? ""))
        }
        screen = ControlScreen(title: s(.accountsTitle), controls: [control], settings: app.settings, keymap: app.keymap)
        screen.onEvent = { [weak self] event, _ in
            guard let self, event.control(as: ControlID.self) == .accounts, case .selected(let index) = event.kind,
                self.accounts.indices.contains(index)
            else { return .none }
            return self.app?.switchAccount(to: self.accounts[index]) ?? .none
        }
    }
}

extension AppCore {
    /// Opens `credentials` (the server checks them) and hands the new engine to the runner,
    /// which starts over on that account; a failure is said and the current account stays.
    func switchAccount(to credentials: Credentials) -> ScreenOutcome {
        guard credentials.handle != account?.handle else { return ScreenOutcome([.say(strings(.alreadyReadingAs, credentials.handle))]) }
        guard let choices = accountChoices else { return ScreenOutcome([.earcon(.softError), .say(strings(.onlyAccount, account?.handle ?? ""))]) }
        return ScreenOutcome(
            perform(
                strings(.openingAccount, credentials.handle), { _ in try await choices.open(credentials) },
                then: { [weak self] (opened: (TweetEngine, Credentials)) in
                    self?.switchAccount?(opened.0, opened.1)
                    return .none
                }))
    }
}
