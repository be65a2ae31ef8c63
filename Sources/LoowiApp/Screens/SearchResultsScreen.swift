import AccessibleControls
import TweetEngine

/// What a search found, as a buffer: people, then hashtags, then posts, each item saying which
/// it is. Enter opens the person's details, the hashtag's posts or the post view; the
/// timeline's keys act on the focused post or person (r, b, f, t, o; a and d on people too).
/// A person says how you and they stand; f on a person follows them (asking before it
/// unfollows), as on a list of people.
@MainActor
final class SearchResultsScreen: AppScreen, BufferScreen {
    enum ControlID: String {
        case results
    }

    enum Item {
        case person(Account)
        case hashtag(Tag)
        case post(Status)
    }

    let screen: ControlScreen
    unowned let app: AppCore
    private let items: [Item]
    private let wheel: Wheel
    private lazy var toggles = PostToggles(app: app)
    private var moved = false
    /// How you and each person found stand, by their id: one request for all of them.
    private var relationships: [String: Relationship]

    private var s: AppStrings { app.strings }

    init(app: AppCore, query: String, results: SearchResults, relationships: [Relationship] = []) {
        self.app = app
        self.relationships = Dictionary(relationships.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let s = app.strings
        let posts = Status.visible(results.statuses)
        items = results.accounts.map(Item.person) + results.hashtags.map(Item.hashtag) + posts.map(Item.post)
        wheel = Wheel(id: ControlID.results.rawValue, label: s(.searchResultsTitle, query), items: [s(.nothingFound, query)], hint: s(.searchResultsHint))
        screen = ControlScreen(
            title: s(.searchResultsTitle, query), controls: [wheel], screenKeys: TimelineAction.keys, settings: app.settings,
            keymap: app.keymap)
        wheel.actsOnSelect = true
        if !items.isEmpty {
            wheel.setItems(count: items.count) { [weak self] index in self?.words(index) ?? "" }
        }
        screen.onEvent = { [weak self] event, _ in
            guard let self else { return .none }
            switch event.kind {
            case .selected(let index): return self.open(index)
            case .changed:
                self.moved = true
                return .none
            default: return .none
            }
        }
        screen.onAction(TimelineAction.self) { [weak self] action, _ in self?.perform(action) }
        screen.onBackAtRoot = { [weak self] _ in self?.app.closeOpenedBuffer() }
    }

    private func words(_ index: Int) -> String {
        guard items.indices.contains(index) else { return "" }
        switch items[index] {
        case .person(let account):
            let handle = Sanitizer.clean(account.acct, for: .line)
            return s(.resultPerson, s.personItem(name: account.spokenName(options: app.textOptions), handle: "@" + handle, relationship: relationships[account.id]))
        case .hashtag(let tag):
            let people = tag.recentAccounts
            return people > 0 ? s(.resultHashtagPeople, tag.name, String(people)) : s(.resultHashtag, tag.name)
        case .post(let post):
            let speech = toggles.speech(post, now: app.engine.clock.now(), hideTextBehindWarning: true)
            return s(.resultPost, PostTemplate(app.config.postTemplate).render(speech, words: PostWords(strings: s)))
        }
    }

    private var current: Item? { items.indices.contains(wheel.index) ? items[wheel.index] : nil }

    private func open(_ index: Int) -> ScreenOutcome {
        guard items.indices.contains(index) else { return ScreenOutcome([.earcon(.softError), .say(wheel.currentItem)]) }
        switch items[index] {
        case .person(let account): return app.open(.details(account))
        case .hashtag(let tag): return app.open(.hashtag(tag.name))
        case .post(let post): return app.open(.post(post, toggles: toggles))
        }
    }

    private func perform(_ action: TimelineAction) -> ScreenOutcome? {
        if let outcome = app.performAnywhere(action) { return outcome }
        switch (current, action) {
        case (.person(let account)?, .openAuthor): return app.open(.timeline(of: account))
        case (.person(let account)?, .authorDetails): return app.open(.details(account))
        case (.person(let account)?, .directMessage): return app.open(.directMessage(to: account))
        case (.person(let account)?, .favourite):
            if account.id == app.me?.id { return ScreenOutcome([.earcon(.softError), .say(s(.thisIsYouSentence))]) }
            return ScreenOutcome(
                FollowAction.toggle(account, relationship: relationships[account.id], app: app) { [weak self] relationship in
                    self?.relationships[account.id] = relationship
                })
        case (.post(let post)?, _):
            return app.perform(action, on: post.displayed, toggles: toggles)
        default:
            return ScreenOutcome([.earcon(.softError), .say(s(.notAPost))])
        }
    }

    // MARK: BufferScreen

    var focusedItem: String { wheel.currentItem }
    var position: (index: Int, count: Int)? { items.isEmpty ? nil : (wheel.index, items.count) }
    var unreadCount: Int? { nil }
    var savedPosition: String? { nil }
}
