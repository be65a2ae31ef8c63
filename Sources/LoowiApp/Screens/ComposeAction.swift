import AccessibleControls

/// The compose screen's own keys: Ctrl+S sends from any field, so Send is never two
/// Shift-Tabs away; Down and Up in the attachments field go through the files that match,
/// and elsewhere move the focus as on any screen without a list. The raw values are
/// config.toml's names (`"compose:F5" = "send"`).
enum ComposeAction: String, CaseIterable, Sendable {
    case send, nextFile, previousFile, spelling

    static let keys = ScreenKeys(
        name: "compose",
        spokenName: { AppStrings($0)(.composeKeys) },
        describe: { (action: ComposeAction, language) in AppStrings(language)(action.spokenName) },
        defaults: [.app(.send, .ctrl("s")), .app(.nextFile, .down), .app(.previousFile, .up), .app(.spelling, .f(6))])

    var spokenName: AppText {
        switch self {
        case .send: .actionSend
        case .nextFile: .actionNextFile
        case .previousFile: .actionPreviousFile
        case .spelling: .actionSpelling
        }
    }
}
