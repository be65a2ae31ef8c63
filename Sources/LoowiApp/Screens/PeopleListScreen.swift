import AccessibleControls
import TweetEngine

/// iLoowi's followers / following list: the wheel of people first (each with how you and
/// they stand), then the handle and name of the one on the wheel; toolbar Back, Info, Follow/Unfollow for that person, New post
/// mentioning them. Enter on the wheel opens their details.
@MainActor
final class PeopleListScreen: AppScreen {
    enum Kind {
        case followers, following
    }

    enum ControlID: String {
        case people, handle, name, follow, mention
    }

    static let limit = 200

    let screen: ControlScreen
    unowned let app: AppCore
    let people: [Account]
    private var relationships: [String: Relationship]
    /// B was pressed once on this person: a second B blocks.
    private var blockAsked = false

    let wheel: Wheel
    let handleLabel: Label
    let nameLabel: Label
    let followButton: Button
    let mentionButton: Button

    private var s: AppStrings { app.strings }

    init(app: AppCore, kind: Kind, of owner: Account, people: [Account], relationships: [Relationship]) {
        self.app = app
        self.people = people
        self.relationships = Dictionary(relationships.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let s = app.strings
        let options = app.textOptions
        wheel = Wheel(id: ControlID.people.rawValue, label: s(.peopleList), items: [s(.nobodyHere)], hint: s(.peopleHint))
        handleLabel = Label(id: ControlID.handle.rawValue, label: s(.handle), text: "")
        nameLabel = Label(id: ControlID.name.rawValue, label: s(.name), text: "")
        followButton = Button(id: ControlID.follow.rawValue, label: s(.follow))
        mentionButton = Button(id: ControlID.mention.rawValue, label: s(.newPostMentioning))
        let ownerName = owner.spokenName(options: options)
        screen = ControlScreen(
            title: kind == .followers ? s(.followersOfTitle, ownerName) : s(.followingOfTitle, ownerName),
            controls: [wheel, handleLabel, nameLabel], toolbarThird: .button(followButton), toolbarFourth: .button(mentionButton),
            screenKeys: PersonAction.keys, settings: app.settings, keymap: app.keymap)
        screen.onEvent = { [weak self] event, _ in self?.handle(event) ?? .none }
        screen.onAction(PersonAction.self) { [weak self] action, _ in self?.perform(action) }
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

    /// `Route.followers` and `Route.following`: loads the list (pages of 80, by the `Link`
    /// header) and everyone's relationship with you in one more request, then opens the
    /// screen.
    static func open(_ kind: Kind, of owner: Account, app: AppCore) -> ScreenOutcome {
        let name = owner.spokenName(options: app.textOptions)
        let id = owner.id
        let me = app.me?.id
        let loading = app.perform(
            kind == .followers ? app.strings(.loadingFollowers, name) : app.strings(.loadingFollowing, name),
            { engine in
                let page = kind == .followers ? try await engine.followers(of: id, upTo: limit) : try await engine.following(of: id, upTo: limit)
                let others = page.items.map(\.id).filter { $0 != me }
                let relationships = others.isEmpty ? [] : try await engine.relationships(with: others)
                return (page.items, relationships)
            },
            then: { (result: ([Account], [Relationship])) in
                app.push(PeopleListScreen(app: app, kind: kind, of: owner, people: result.0, relationships: result.1))
            })
        return ScreenOutcome(loading)
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
            self?.relationships[person.id] = relationship
            self?.update()
        }
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
                    self?.relationships[person.id] = relationship
                    self?.update()
                })
        case (.mention?, .activated):
            guard let person = current else { return .none }
            return app.open(.compose(.mention(person)))
        default:
            return .none
        }
    }
}
