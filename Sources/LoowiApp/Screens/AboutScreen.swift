import AccessibleControls

/// What loowi is, its version, and how to get help; Back.
@MainActor
final class AboutScreen: AppScreen {
    enum ControlID: String {
        case what, version, help
    }

    let screen: ControlScreen

    init(app: AppCore) {
        let s = app.strings
        let what = Label(id: ControlID.what.rawValue, label: s(.aboutTitle), text: s(.aboutWhat))
        let version = Label(id: ControlID.version.rawValue, label: s(.aboutVersionLabel), text: s(.aboutVersion, AppVersion.current))
        let help = Label(id: ControlID.help.rawValue, label: s(.aboutHelpLabel), text: s(.aboutHelp))
        screen = ControlScreen(title: s(.aboutTitle), controls: [what, version, help], settings: app.settings, keymap: app.keymap)
    }
}

/// The version loowi reports (About, `--version`).
public enum AppVersion {
    public static let current = "0.2.0"
}
