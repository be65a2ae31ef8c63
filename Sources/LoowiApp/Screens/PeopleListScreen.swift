import AccessibleControls
import TweetEngine

/// iLoowi's followers / following list: the wheel of people first (each with how you and
/// they stand), then the handle and name of the one on the wheel; toolbar Back, Info, Follow/Unfollow for that person, New post
/// mentioning them. Enter on the wheel opens their details.
/// The same list shows the people the user muted or blocked (issue 39, item 10): x or B
/// takes it back, and the person leaves the list.
@MainActor
final class PeopleListScreen: AppScreen {
    enum Kind {
        case followers, following, muted, blocked
    }

    enum ControlID: String {
        case people, handle, name, follow, mention
    }

    static let limit = 200

    let screen: ControlScreen
    unowned let app: AppCore
    private(set) var people: [Account]
    private let kind: Kind
    private var relationships: [String: Relationship]
    /// B was pressed once on this person: a second B blocks.
    private var blockAsked = false

    let wheel: Wheel
    let handleLabel: Label
    let nameLabel: Label
    let followButton: Button
    let mentionButton: Button

    private var s: AppStrings { app.strings }

    /// `owner` nil: the user's own list ("Your followers", "Muted accounts").
    init(app: AppCore, kind: Kind, of owner: Account?, people: [Account], relationships: [Relationship]) {
        self.app = app
        self.people = people
        self.kind = kind
        self.relationships = Dictionary(relationships.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let s = app.strings
        let options = app.textOptions
        wheel = Wheel(id: ControlID.people.rawValue, label: s(.peopleList), items: [s(Self.empty(kind))], hint: s(Self.hint(kind)))
        handleLabel = Label(id: ControlID.handle.rawValue, label: s(.handle), text: "")
        nameLabel = Label(id: ControlID.name.rawValue, label: s(.name), text: "")
        followButton = Button(id: ControlID.follow.rawValue, label: s(.follow))
        mentionButton = Button(id: ControlID.mention.rawValue, label: s(.newPostMentioning))
        screen = ControlScreen(
            title: Self.title(kind, of: owner.map { $0.spokenName(options: options) }, strings: s),
            controls: [wheel, handleLabel, nameLabel], toolbarThird: .button(followButton), toolbarFourth: .button(mentionButton),
            screenKeys: PersonAction.keys, settings: app.settings, keymap: app.keymap)
        screen.onEvent = { [weak self] event, _ in self?.handle(event) ?? .none }
        screen.onAction(PersonAction.self) { [weak self] action, context in
            guard let self else { return nil }
            if let buffer = action.buffer {
                // Any key but a second B forgets a first one.
                self.blockAsked = false
                return self.app.switchBuffer(for: buffer, leaving: self.screen, now: context.now)
            }
            return self.perform(action)
        }
        // Each item is made when said, so a follow or mute done here is heard in it at once.
        if !people.isEmpty {
            wheel.setItems(count: people.count) { [weak self] index in self?.item(index) ?? "" }
        }
        update()
    }

    /// "Tom Walsh, @tom, you follow them, follows you".
    private func item(_ index: Int) -> String {
        guard people.indices.contains(index) else { return "" }
        let person = people[index]
        return s.personItem(name: person.spokenName(options: app.textOptions), handle: "@" + person.acct, relationship: relationships[person.id])
    }

    // MARK: Opening (only through `AppCore.open`)

    /// `Route.followers`, `Route.following` and `Route.yourPeople`: loads the list (pages of
    /// 80, by the `Link` header) and everyone's relationship with you in one more request,
    /// then opens the screen. `owner` nil: the user's own (asked for first when not known).
    static func open(_ kind: Kind, of owner: Account?, app: AppCore) -> ScreenOutcome {
        let s = app.strings
        let me = app.me
        let waitingFor: String =
            switch (kind, owner.map { $0.spokenName(options: app.textOptions) }) {
            case (.followers, let name?): s(.loadingFollowers, name)
            case (.following, let name?): s(.loadingFollowing, name)
            case (.followers, nil): s(.loadingYourFollowers)
            case (.following, nil): s(.loadingYourFollowing)
            case (.muted, _): s(.loadingMuted)
            case (.blocked, _): s(.loadingBlocked)
            }
        let loading = app.perform(
            waitingFor,
            { engine in
                let page: Page<Account>
                switch kind {
                case .followers, .following:
                    let whose: Account
                    if let known = owner ?? me { whose = known } else { whose = try await engine.currentAccount() }
                    page = kind == .followers ? try await engine.followers(of: whose.id, upTo: limit) : try await engine.following(of: whose.id, upTo: limit)
                case .muted: page = try await engine.mutedAccounts(upTo: limit)
                case .blocked: page = try await engine.blockedAccounts(upTo: limit)
                }
                let others = page.items.map(\.id).filter { $0 != me?.id }
                let relationships = others.isEmpty ? [] : try await engine.relationships(with: others)
                return (page.items, relationships)
            },
            then: { (result: ([Account], [Relationship])) in
                app.push(PeopleListScreen(app: app, kind: kind, of: owner, people: result.0, relationships: result.1))
            })
        return ScreenOutcome(loading)
    }

    static func title(_ kind: Kind, of owner: String?, strings s: AppStrings) -> String {
        switch (kind, owner) {
        case (.followers, let name?): s(.followersOfTitle, name)
        case (.following, let name?): s(.followingOfTitle, name)
        case (.followers, nil): s(.yourFollowersTitle)
        case (.following, nil): s(.yourFollowingTitle)
        case (.muted, _): s(.mutedTitle)
        case (.blocked, _): s(.blockedTitle)
        }
    }

    /// What the wheel says with nobody on it.
    static func empty(_ kind: Kind) -> AppText {
        switch kind {
        case .followers, .following: .nobodyHere
        case .muted: .nobodyMuted
        case .blocked: .nobodyBlocked
        }
    }

    static func hint(_ kind: Kind) -> AppText {
        switch kind {
        case .followers, .following: .peopleHint
        case .muted: .mutedHint
        case .blocked: .blockedHint
        }
    }

    var current: Account? { people.isEmpty ? nil : people[wheel.index] }

    private func update() {
        guard let person = current else {
            handleLabel.setText(s(.nobodyHere))
            nameLabel.setText(s(.nobodyHere))
            followButton.setEnabled(false, reason: s(.nobodyHere))
            mentionButton.setEnabled(false, reason: s(.nobodyHere))
            return
        }
        handleLabel.setText("@" + person.acct)
        nameLabel.setText(person.spokenName(options: app.textOptions))
        if person.id == app.me?.id {
            followButton.setEnabled(false, reason: s(.thisIsYou))
            return
        }
        let relationship = relationships[person.id]
        followButton.setEnabled(true)
        followButton.label = relationship?.following == true || relationship?.requested == true ? s(.unfollow) : s(.follow)
    }

    private func perform(_ action: PersonAction) -> ScreenOutcome {
        guard let person = current else { return ScreenOutcome([.earcon(.softError), .say(s(.nobodyHere))]) }
        return app.perform(action, on: person, relationship: relationships[person.id], blockAsked: &blockAsked) { [weak self] relationship in
            self?.changed(person, to: relationship)
        }
    }

    /// The server's answer about `person`: on the muted or blocked list, one no longer muted
    /// or blocked leaves it (a failure never comes here, so the row stays).
    private func changed(_ person: Account, to relationship: Relationship) {
        relationships[person.id] = relationship
        let leaves = (kind == .muted && !relationship.muting) || (kind == .blocked && !relationship.blocking)
        if leaves, let index = people.firstIndex(where: { $0.id == person.id }) {
            people.remove(at: index)
            if people.isEmpty {
                wheel.setItems([s(Self.empty(kind))])
            } else {
                wheel.setItems(count: people.count, index: min(index, people.count - 1)) { [weak self] index in self?.item(index) ?? "" }
            }
        }
        update()
    }

    private func handle(_ event: ControlEvent) -> ScreenOutcome {
        switch (event.control(as: ControlID.self), event.kind) {
        case (.people?, .changed):
            blockAsked = false
            update()
            return .none
        case (.people?, .selected):
            guard let person = current else { return .none }
            return app.open(.details(person))
        case (.follow?, .activated):
            guard let person = current else { return .none }
            return ScreenOutcome(
                FollowAction.toggle(person, relationship: relationships[person.id], app: app) { [weak self] relationship in
                    self?.changed(person, to: relationship)
                })
        case (.mention?, .activated):
            guard let person = current else { return .none }
            return app.open(.compose(.mention(person)))
        default:
            return .none
        }
    }
}
