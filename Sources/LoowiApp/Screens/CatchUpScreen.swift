import AccessibleControls
import TweetEngine

/// `c`: what came into the home timeline since the user last read it, as a buffer after the
/// seven, said after one summary line ("34 new posts from 9 people; 2 mention you; 3
/// threads"). A post boosted by several people is one item; two or more posts by one author
/// are one group, whose first post is read, and Enter opens the rest beneath it (Enter again
/// closes them). Items come oldest first. Reading an item hears the posts it said (a closed
/// group only its first): the home timeline, and so its marker, follows to the newest post
/// with nothing unheard before it.
@MainActor
final class CatchUpScreen: AppScreen, BufferScreen {
    enum ControlID: String {
        case items
    }

    /// A wheel row: an item, or one of an opened group's posts after its first.
    enum Row: Equatable {
        case item(Int)
        case member(item: Int, post: Int)
    }

    let screen: ControlScreen
    unowned let app: AppCore
    let catchUp: CatchUp
    private let wheel: Wheel
    private var rows: [Row] = []
    /// Groups shown with all their posts.
    private var opened: Set<Int> = []
    /// Posts whose text is shown behind their content warning (`e`).
    private var expanded: Set<String> = []
    /// Spoken names by account id of everyone on home: whom a reply answers.
    private let names: [String: String]
    /// How many characters the focused row's post words take, from its rendering: its glance's
    /// length, without making the post's speech a second time.
    private var heardLength = 0
    private lazy var toggles = PostToggles(app: app)
    private var s: AppStrings { app.strings }

    init(app: AppCore, catchUp: CatchUp, names: [String: String]) {
        self.app = app
        self.catchUp = catchUp
        self.names = names
        let s = app.strings
        wheel = Wheel(id: ControlID.items.rawValue, label: s(.catchUpTitle), items: [""], hint: s(.catchUpHint))
        screen = ControlScreen(
            title: s(.catchUpTitle), controls: [wheel], screenKeys: TimelineAction.keys, settings: app.settings, keymap: app.keymap)
        wheel.actsOnSelect = true
        screen.onEvent = { [weak self] event, _ in self?.handle(event) ?? .none }
        screen.onAction(TimelineAction.self) { [weak self] action, _ in self?.perform(action) }
        screen.onBackAtRoot = { [weak self] _ in self?.app.closeOpenedBuffer() }
        layOut(focus: .item(0))
        heard()
    }

    /// "34 new posts from 9 people; 2 mention you; 3 threads."
    static func summaryLine(_ summary: CatchUpSummary, strings s: AppStrings, options: SpeakableTextOptions) -> String {
        var parts = [s.count(summary.posts, .catchUpOnePost, .catchUpPosts)]
        if let person = summary.onlyPerson {
            parts[0] = s(.catchUpFromPerson, parts[0], person.spokenName(options: options))
        } else {
            parts[0] = s(.catchUpFromPeople, parts[0], String(summary.people))
        }
        if summary.mentions > 0 { parts.append(s.count(summary.mentions, .catchUpOneMention, .catchUpMentions)) }
        if summary.threads > 0 { parts.append(s.count(summary.threads, .catchUpOneThread, .catchUpThreads)) }
        return parts.joined(separator: "; ") + "."
    }

    // MARK: Rows

    private func layOut(focus: Row) {
        rows = []
        for (index, item) in catchUp.items.enumerated() {
            rows.append(.item(index))
            guard opened.contains(index), case .author(_, let posts) = item else { continue }
            rows += (1..<posts.count).map { Row.member(item: index, post: $0) }
        }
        wheel.setItems(count: rows.count, index: rows.firstIndex(of: focus) ?? 0) { [weak self] index in self?.words(at: index) ?? "" }
    }

    private var currentRow: Row? { rows.indices.contains(wheel.index) ? rows[wheel.index] : nil }

    /// The post the focused row reads, and the one the timeline's keys act on.
    private var currentPost: Status? {
        switch currentRow {
        case .item(let index)?: catchUp.items[index].post
        case .member(let item, let post)?: catchUp.items[item].entries[post]
        case nil: nil
        }
    }

    private func words(at index: Int) -> String {
        guard rows.indices.contains(index) else { return "" }
        let (said, heard) = rendered(rows[index])
        if index == wheel.index { heardLength = heard }
        return said
    }

    /// A row as it is read, and how many characters its post's own words take.
    private func rendered(_ row: Row) -> (String, Int) {
        let words = PostWords(strings: s)
        let template = PostTemplate(app.config.postTemplate)
        var said: StatusSpeech
        switch row {
        case .item(let index):
            switch catchUp.items[index] {
            case .post(let post):
                said = speech(post)
            case .shared(let post, let boosters, _):
                said = speech(post)
                let by = SpokenList.names(boosters.map { $0.spokenName(options: app.textOptions) }, in: s.language)
                if !boosters.isEmpty { said.author = s(.catchUpShared, said.author, by) }
            case .author(let account, let posts):
                said = speech(posts[0])
                said.author = s(.catchUpGroup, account.spokenName(options: app.textOptions), String(posts.count))
            }
        case .member(let item, let post):
            // The group said whose posts these are: each is its words and time alone.
            said = speech(catchUp.items[item].entries[post])
            said.author = ""
        }
        return (template.render(said, words: words, glanced: app.glancesPosts), said.text.count)
    }

    private func speech(_ post: Status) -> StatusSpeech {
        toggles.speech(post, now: app.engine.clock.now(), hideTextBehindWarning: !expanded.contains(post.id), names: names)
    }

    // MARK: Reading moves the position

    /// The focused row has been heard: the posts whose words it said are (a closed group's
    /// first only, a shared post every entry of it), and home, with its marker, follows the
    /// run of heard posts (issue 35, item 12).
    private func heard() {
        let ids: [String]
        switch currentRow {
        case .item(let index)?:
            switch catchUp.items[index] {
            case .post(let post): ids = [post.id]
            case .shared(_, _, let entries): ids = entries.map(\.id)
            case .author(_, let posts): ids = [posts[0].id]
            }
        case .member(let item, let post)?: ids = [catchUp.items[item].entries[post].id]
        case nil: return
        }
        (app.buffers.screen(.home) as? TimelineScreen)?.heardInCatchUp(ids)
    }

    // MARK: Events and keys

    private func handle(_ event: ControlEvent) -> ScreenOutcome {
        switch (event.control(as: ControlID.self), event.kind) {
        case (.items?, .changed):
            heard()
            return ScreenOutcome(arrivalSounds)
        case (.items?, .selected):
            if case .item(let index)? = currentRow, case .author(let account, let posts) = catchUp.items[index] {
                return ScreenOutcome(toggleGroup(index, of: account, count: posts.count))
            }
            guard let post = currentPost else { return .none }
            return app.open(.post(post, toggles: toggles))
        default:
            return .none
        }
    }

    /// Enter on a group: its other posts open beneath it and the first of them is read; on an
    /// opened group they close again. The wheel already sounded the key.
    private func toggleGroup(_ index: Int, of account: Account, count: Int) -> [Feedback] {
        if opened.remove(index) != nil {
            layOut(focus: .item(index))
            return [.say(s(.catchUpGroupClosed, account.spokenName(options: app.textOptions))), .redraw]
        }
        opened.insert(index)
        layOut(focus: .member(item: index, post: 1))
        heard()
        return [.say(focusedItemAndPosition(s.language))] + arrivalSounds + [.redraw]
    }

    private func perform(_ action: TimelineAction) -> ScreenOutcome? {
        if let outcome = app.performAnywhere(action) { return outcome }
        guard let post = currentPost else { return ScreenOutcome([.earcon(.softError), .say(s(.noPostSelected))]) }
        switch action {
        case .refresh:
            // What arrived since is in home: a new catch-up counts it.
            return app.open(.catchUp)
        case .expand:
            let shown = post.displayed
            guard shown.hasContentWarning || !post.warningFilters.isEmpty else { return ScreenOutcome([.say(s(.noWarningHere))]) }
            if expanded.insert(post.id).inserted == false { expanded.remove(post.id) }
            return ScreenOutcome([.say(wheel.currentItem), .redraw])
        case .acceptFollowRequest, .rejectFollowRequest:
            return ScreenOutcome([.earcon(.softError), .say(s(.notAFollowRequest))])
        default:
            return app.perform(action, on: post.displayed, toggles: toggles)
        }
    }

    // MARK: BufferScreen

    var focusedItem: String { wheel.currentItem }
    var position: (index: Int, count: Int)? { rows.isEmpty ? nil : (wheel.index, rows.count) }
    var unreadCount: Int? { nil }
    var savedPosition: String? { nil }
    /// As on a timeline: the post's glance, or a direct message's sound.
    var arrivalSounds: [Feedback] {
        guard let post = currentPost else { return [] }
        if app.glancesPosts { return [.glance(PostGlance(post, heard: heardLength))] }
        return post.displayed.visibility.known == .direct ? [.earcon(.directMessage)] : []
    }
}
