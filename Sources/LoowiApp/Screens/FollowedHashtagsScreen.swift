import AccessibleControls
import TweetEngine

/// The hashtags the user follows (`H` on any timeline, issue 39 item 10): Enter opens one's
/// posts as a buffer after the seven, as a hashtag found by search does; the buffers' keys
/// leave for another.
@MainActor
final class FollowedHashtagsScreen: AppScreen {
    enum ControlID: String {
        case hashtags
    }

    let screen: ControlScreen
    unowned let app: AppCore
    private let tags: [Tag]

    init(app: AppCore, tags: [Tag]) {
        self.app = app
        // The name is said and opened cleaned (no control characters); one that cleans to
        // nothing is no hashtag to open.
        self.tags = tags.filter { !Sanitizer.clean($0.name, for: .line).isEmpty }
        let s = app.strings
        let names = self.tags.map { "#" + Sanitizer.clean($0.name, for: .line) }
        let wheel = Wheel(
            id: ControlID.hashtags.rawValue, label: s(.followedHashtagsList), items: names.isEmpty ? [s(.noFollowedHashtags)] : names,
            hint: s(.followedHashtagsHint))
        wheel.actsOnSelect = true
        screen = ControlScreen(
            title: s(.followedHashtagsTitle), controls: [wheel], screenKeys: BufferAction.followedHashtagsKeys, settings: app.settings,
            keymap: app.keymap)
        app.takeBufferKeys(on: screen)
        screen.onEvent = { [weak self] event, _ in
            guard let self, case .selected(let index) = event.kind else { return .none }
            guard self.tags.indices.contains(index) else { return ScreenOutcome([.earcon(.softError), .say(s(.noFollowedHashtags))]) }
            return self.app.open(.hashtag(Sanitizer.clean(self.tags[index].name, for: .line)))
        }
    }

    /// `Route.followedHashtags`: the tags are asked for first (up to 200, Mastodon's largest
    /// page, further pages by the Link header), as `l` asks for the lists each time.
    static func open(app: AppCore) -> ScreenOutcome {
        ScreenOutcome(
            app.perform(
                app.strings(.loadingFollowedHashtags), { engine in try await engine.followedHashtags().items },
                then: { (tags: [Tag]) in app.push(FollowedHashtagsScreen(app: app, tags: tags)) }))
    }
}
