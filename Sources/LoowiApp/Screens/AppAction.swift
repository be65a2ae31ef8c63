import AccessibleControls

/// Keys the app answers on every screen, whatever is focused: its settings and its accounts.
/// The raw values are the names config.toml uses (`"app:F9" = "settings"`).
enum AppAction: String, CaseIterable, Sendable {
    case settings, accounts

    static let keys = ScreenKeys(
        name: "app",
        spokenName: { AppStrings($0)(.appKeys) },
        describe: { (action: AppAction, language) in AppStrings(language)(action.spokenName) },
        defaults: [.app(.settings, .f(9)), .app(.accounts, .f(11))])

    var spokenName: AppText {
        switch self {
        case .settings: .actionSettings
        case .accounts: .actionAccounts
        }
    }
}

extension AppCore {
    /// What an app key does, whatever screen is open.
    func perform(_ action: AppAction) -> ScreenOutcome? {
        switch action {
        case .settings: openOnce(.settings, SettingsScreen.self)
        case .accounts: openOnce(.accounts, AccountsScreen.self)
        }
    }

    /// Already there: where the user is, rather than a second screen of the same kind.
    private func openOnce<Screen>(_ route: Route, _ kind: Screen.Type) -> ScreenOutcome {
        if appScreen(at: navigator.stack.count - 1) is Screen { return ScreenOutcome(navigator.announceCurrent(now: now())) }
        return open(route)
    }
}
