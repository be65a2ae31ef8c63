import AccessibleControls

/// What loowi is, its version, and how to get help; Back.
@MainActor
final class AboutScreen: AppScreen {
    let screen: ControlScreen

    init(app: AppCore) {
        let s = app.strings
        let what = Label(id: "what", label: s(.aboutTitle), text: s(.aboutWhat))
        let version = Label(id: "version", label: s(.aboutVersionLabel), text: s(.aboutVersion, AppVersion.current))
        let help = Label(id: "help", label: s(.aboutHelpLabel), text: s(.aboutHelp))
        screen = ControlScreen(title: s(.aboutTitle), controls: [what, version, help], settings: app.settings, keymap: app.keymap)
    }
}

/// The version loowi reports (About, `--version`).
public enum AppVersion {
    public static let current = "0.2.0"
}
