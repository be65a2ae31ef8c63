import AccessibleControls
import TweetEngine

/// iLoowi's user details: handle, name, counts, the relationship both ways; Followers,
/// Following, and Direct message (only to someone who follows you, and it says why not);
/// toolbar Back, Info, Follow/Unfollow, New post mentioning them.
@MainActor
final class UserDetailsScreen: AppScreen {
    enum ControlID: String {
        case handle, name, bio, fields, posts, followersCount, followingCount, relationship, followers, following, message, follow, mention
    }

    let screen: ControlScreen
    unowned let app: AppCore
    let account: Account
    private(set) var relationship: Relationship?
    /// B was pressed once: a second B blocks.
    private var blockAsked = false

    let relationLabel: Label
    let followersButton: Button
    let followingButton: Button
    let messageButton: Button
    let followButton: Button

    private var s: AppStrings { app.strings }
    private var name: String { account.spokenName(options: app.textOptions) }
    private var isMe: Bool { account.id == app.me?.id }

    init(app: AppCore, account: Account, relationship: Relationship?) {
        self.app = app
        self.account = account
        self.relationship = relationship
        let s = app.strings
        let name = account.spokenName(options: app.textOptions)
        let handle = Label(id: ControlID.handle.rawValue, label: s(.handle), text: "@" + account.acct)
        let nameLabel = Label(id: ControlID.name.rawValue, label: s(.name), text: name)
        let bioText = account.noteText(options: app.textOptions)
        let bio = Label(id: ControlID.bio.rawValue, label: s(.bioLabel), text: bioText.isEmpty ? s(.noBio) : bioText)
        // Each profile field a sentence ("Pronouns: she/her."), read as one label.
        let fieldText = PostText.join(account.fields.map { field in
            field.name + ": " + PostText.from(html: field.value, options: app.textOptions)
        })
        let fields = fieldText.isEmpty ? nil : Label(id: ControlID.fields.rawValue, label: s(.profileFields), text: fieldText)
        let posts = Label(id: ControlID.posts.rawValue, label: s(.postsCount), text: String(account.statusesCount))
        let followers = Label(id: ControlID.followersCount.rawValue, label: s(.followersCount), text: String(account.followersCount))
        let following = Label(id: ControlID.followingCount.rawValue, label: s(.followingCount), text: String(account.followingCount))
        relationLabel = Label(id: ControlID.relationship.rawValue, label: s(.relationship), text: "")
        followersButton = Button(id: ControlID.followers.rawValue, label: s(.followers))
        followingButton = Button(id: ControlID.following.rawValue, label: s(.following))
        messageButton = Button(id: ControlID.message.rawValue, label: s(.directMessage))
        followButton = Button(id: ControlID.follow.rawValue, label: s(.follow))
        let mention = Button(id: ControlID.mention.rawValue, label: s(.newPostMentioning))
        screen = ControlScreen(
            title: s(.detailsTitle, name),
            controls: [handle, nameLabel, bio] + [fields].compactMap { $0 }
                + [posts, followers, following, relationLabel, followersButton, followingButton, messageButton],
            toolbarThird: .button(followButton), toolbarFourth: .button(mention), screenKeys: PersonAction.keys, settings: app.settings,
            keymap: app.keymap)
        screen.onEvent = { [weak self] event, _ in self?.handle(event) ?? .none }
        screen.onAction(PersonAction.self) { [weak self] action, context in
            guard let self else { return nil }
            if let buffer = action.buffer {
                // Any key but a second B forgets a first one.
                self.blockAsked = false
                return self.app.switchBuffer(for: buffer, leaving: self.screen, now: context.now)
            }
            // d on their own details: already here.
            if action == .details {
                self.blockAsked = false
                return ScreenOutcome([.say(self.screen.title)])
            }
            return self.app.perform(action, on: self.account, relationship: self.relationship, blockAsked: &self.blockAsked) { [weak self] relationship in
                self?.relationship = relationship
                self?.update()
            }
        }
        update()
    }

    // MARK: Opening (only through `AppCore.open`)

    /// `Route.details`: loads the account and the relationship in one wait, then opens the
    /// screen.
    static func open(_ account: Account, app: AppCore) -> ScreenOutcome {
        let id = account.id
        let isMe = id == app.me?.id
        let loading = app.perform(
            app.strings(.loadingDetails, account.spokenName(options: app.textOptions)),
            { engine in
                async let fresh = engine.account(id: id)
                let relationships = isMe ? [] : try await engine.relationships(with: [id])
                return (try await fresh, relationships.first)
            },
            then: { (result: (Account, Relationship?)) in
                app.push(UserDetailsScreen(app: app, account: result.0, relationship: result.1))
            })
        return ScreenOutcome(loading)
    }

    private func update() {
        if isMe {
            relationLabel.setText(s(.thisIsYou))
            followButton.setEnabled(false, reason: s(.thisIsYou))
            messageButton.setEnabled(false, reason: s(.dmToYourself))
            return
        }
        let following = relationship?.following ?? false
        let requested = relationship?.requested ?? false
        let followedBy = relationship?.followedBy ?? false
        let mine = following ? s(.youFollowThem) : requested ? s(.youRequested) : s(.youDoNotFollow)
        let theirs = followedBy ? s(.theyFollowYou) : s(.theyDoNotFollow)
        let moderation = [relationship?.muting == true ? s(.mutedState) : nil, relationship?.blocking == true ? s(.blockedState) : nil]
        relationLabel.setText(([mine, theirs] + moderation.compactMap { $0 }).joined(separator: " "))
        followButton.label = following || requested ? s(.unfollow) : s(.follow)
        let canWrite = followedBy || !app.config.dmFollowersOnly
        messageButton.setEnabled(canWrite, reason: canWrite ? nil : s(.dmNeedsFollower, name))
    }

    private func handle(_ event: ControlEvent) -> ScreenOutcome {
        guard event.kind == .activated, let control = event.control(as: ControlID.self) else { return .none }
        switch control {
        case .followers: return app.open(.followers(of: account))
        case .following: return app.open(.following(of: account))
        // The button is enabled only when the relationship just loaded allows the message.
        case .message: return app.open(.compose(.direct(account)))
        case .mention: return app.open(.compose(.mention(account)))
        case .follow:
            return ScreenOutcome(
                FollowAction.toggle(account, relationship: relationship, app: app) { [weak self] newRelationship in
                    self?.relationship = newRelationship
                    self?.update()
                })
        default: return .none
        }
    }
}
