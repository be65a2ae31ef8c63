import AccessibleControls
import TweetEngine

/// Reporting someone (and the post it was opened from) to the server's moderators: one field
/// for what is wrong, sent with Ctrl+S or Send report; Escape sends nothing.
@MainActor
final class ReportScreen: AppScreen {
    enum ControlID: String {
        case comment, send
    }

    let screen: ControlScreen
    unowned let app: AppCore
    private let account: Account
    private let statusIDs: [String]
    private let field: TextField
    private var sent = false

    init(app: AppCore, account: Account, statusIDs: [String]) {
        self.app = app
        self.account = account
        self.statusIDs = statusIDs
        let s = app.strings
        field = TextField(id: ControlID.comment.rawValue, label: s(.reportField), hint: s(.reportHint))
        let send = Button(id: ControlID.send.rawValue, label: s(.sendReport))
        screen = ControlScreen(
            title: s(.reportTitle, account.spokenName(options: app.textOptions)), controls: [field, send], screenKeys: ComposeAction.keys,
            toolbarBackLabel: s(.cancel), settings: app.settings, keymap: app.keymap)
        screen.onEvent = { [weak self] event, _ in
            guard let self, event.control(as: ControlID.self) == .send, event.kind == .activated else { return .none }
            return self.send()
        }
        screen.onAction(ComposeAction.self) { [weak self] action, _ in
            switch action {
            case .send: self?.send()
            // No attachments here: the keys do nothing, as anywhere else.
            case .nextFile, .previousFile, .spelling: nil
            }
        }
        screen.onLeave = { [weak self] _ in self?.sent == false ? [.speak(s(.reportCancelled), .important)] : [] }
    }

    private func send() -> ScreenOutcome {
        let (id, posts, comment) = (account.id, statusIDs, field.text.trimmingWhitespace)
        let s = app.strings
        return ScreenOutcome(
            app.perform(
                s(.reporting), { engine in try await engine.report(id, statusIDs: posts, comment: String(comment)) },
                then: { [weak self] _ in
                    self?.sent = true
                    return ScreenOutcome([.earcon(.postSent), .speak(s(.reported), .important)], .pop)
                }))
    }
}
