import AccessibleControls
import TweetEngine

/// A post's web links (`o`, or a link in the post view): each said as the text says it ("link
/// to openstreetmap.org: Map of Barcelona"); Enter opens it where the user is (`$BROWSER`,
/// on a console too; `xdg-open` on a desktop), `c` copies the address to the terminal's
/// clipboard, `a` says it whole.
@MainActor
final class LinksScreen: AppScreen {
    enum ControlID: String {
        case links
    }

    let screen: ControlScreen
    unowned let app: AppCore
    private let links: [PostLink]
    private let wheel: Wheel

    private var s: AppStrings { app.strings }

    init(app: AppCore, post: Status, links: [PostLink], focus: Int = 0) {
        self.app = app
        self.links = links
        let s = app.strings
        wheel = Wheel(
            id: ControlID.links.rawValue, label: s(.linksList), items: links.map { $0.spoken(in: s.language) },
            index: min(max(0, focus), max(0, links.count - 1)), hint: s(.linksHint))
        screen = ControlScreen(
            title: s(.linksTitle, post.account.spokenName(options: app.textOptions)), controls: [wheel], screenKeys: LinkAction.keys,
            settings: app.settings, keymap: app.keymap)
        wheel.actsOnSelect = true
        screen.onEvent = { [weak self] event, _ in
            guard let self, case .selected(let index) = event.kind, self.links.indices.contains(index) else { return .none }
            return ScreenOutcome(app.openLink(self.links[index]))
        }
        screen.onAction(LinkAction.self) { [weak self] action, _ in
            guard let self, self.links.indices.contains(self.wheel.index) else { return nil }
            let link = self.links[self.wheel.index]
            switch action {
            case .copy: return ScreenOutcome([.clipboard(link.address), .say(self.s(.copied))])
            case .sayAddress: return ScreenOutcome([.say(link.address)])
            }
        }
    }

    /// `Route.links`: the list, or a sentence when the post has none.
    static func open(_ post: Status, focus: Int = 0, app: AppCore) -> ScreenOutcome {
        let links = post.displayed.links
        guard !links.isEmpty else { return ScreenOutcome([.earcon(.softError), .say(app.strings(.noLinks))]) }
        return app.push(LinksScreen(app: app, post: post.displayed, links: links, focus: focus))
    }
}

extension AppCore {
    /// Opens a link where the user is (`LinkOpener`): "Opening link to …" at once, then each
    /// way in turn until one starts; a browser on the terminal has it until it ends, and
    /// "Back in loowi." says the screen is loowi's again. When nothing can open it, it says
    /// so and offers the address (C copies it, A says it).
    func openLink(_ link: PostLink) -> [Feedback] {
        let opener = linkOpener
        let launches = opener.launches(for: link.address)
        guard !launches.isEmpty else { return [.earcon(.softError), .say(strings(.noBrowser))] }
        track { [weak self] in
            guard let self else { return [] }
            var failures: [String] = []
            for launch in launches {
                let started = launch.inTerminal ? await self.lendTerminal { await opener.start(launch) } : await opener.start(launch)
                switch started {
                case .opened: return launch.inTerminal ? [.say(self.strings(.backFromBrowser))] : []
                case .failed(let why): failures.append(Sanitizer.clean(why.spoken(self.strings), for: .line))
                }
            }
            return [.earcon(.error), .say(self.strings(.browserFailed, failures.joined(separator: "; ")))]
        }
        return [.earcon(.activate), .say(strings(.openingLink, link.spoken(in: strings.language)))]
    }
}
