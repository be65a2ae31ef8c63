import AccessibleControls

/// Keys the app answers on every screen, whatever is focused: its settings and its accounts.
/// The raw values are the names config.toml uses (`"app:F9" = "settings"`).
enum AppAction: String, CaseIterable, Sendable {
    case settings

    static let keys = ScreenKeys(
        name: "app",
        spokenName: { AppStrings($0)(.appKeys) },
        describe: { (action: AppAction, language) in AppStrings(language)(action.spokenName) },
        defaults: [.app(.settings, .f(9))])

    var spokenName: AppText {
        switch self {
        case .settings: .actionSettings
        }
    }
}

extension AppCore {
    /// What an app key does, whatever screen is open.
    func perform(_ action: AppAction) -> ScreenOutcome? {
        switch action {
        case .settings:
            // Already there: where the user is, rather than a second settings screen.
            appScreen(at: navigator.stack.count - 1) is SettingsScreen
                ? ScreenOutcome(navigator.announceCurrent(now: now())) : open(.settings)
        }
    }
}
