import AccessibleControls
import TweetEngine

/// Every screen the app can open, with what it needs. Screens open one another only through
/// `AppCore.open(_:)`, never by building or loading another screen themselves; a new screen
/// (a thread, a buffer) is one case here and its own file.
enum Route {
    /// Start-up: the home timeline becomes the first and only screen (read from the cache
    /// at once when there is one, then loaded).
    case home
    /// One of the first screen's buffers (1-7), loaded the first time only.
    case buffer(Buffer)
    /// Someone's posts, loaded first, as a buffer after the seven (8, 9, ...).
    case timeline(of: Account)
    /// What a post answers, the post and its replies, loaded first, as a buffer after the seven.
    case thread(of: Status)
    /// A post read whole with everything that can be done with it (Enter on a post); the
    /// buffer's toggles, so a boost made there is known here and the other way round.
    case post(Status, toggles: PostToggles)
    /// A post's web links, to open, copy or hear whole (`o`).
    case links(of: Status)
    /// Public posts with a hashtag, loaded first, as a buffer after the seven.
    case hashtag(String)
    /// The search field (`s`); its results open as a buffer after the seven.
    case search
    /// Reporting someone (and posts of theirs) to the server's moderators, with a comment.
    case report(Account, posts: [String])
    /// New words for one of your posts: its source is fetched, then the compose screen opens.
    case edit(Status)
    /// What came into home since the user last read it (`c`), as a buffer after the seven;
    /// a new one replaces the last.
    case catchUp
    /// The server's own public posts (`L`) or all it knows (`F`), as a buffer after the seven.
    case publicPosts(local: Bool)
    /// The user's lists (`l`); Enter opens one's posts as a buffer after the seven.
    case lists
    /// The hashtags the user follows (`H`); Enter opens one's posts as a buffer.
    case followedHashtags
    /// The user's own followers (`I`), whom they follow (`O`), whom they muted (`X`) or
    /// blocked (`B`), loaded first; x and B take a mute or block back there.
    case yourPeople(PeopleListScreen.Kind)
    /// One list's posts, loaded first, as a buffer.
    case list(UserList)
    /// Which of the user's lists someone is in, to add or take them out.
    case listsOf(Account)
    case about
    /// Everything that shapes what is heard and shown (F9).
    case settings
    /// The saved accounts, to read another without restarting (F11).
    case accounts
    /// Someone's details and your relationship both ways, loaded first.
    case details(Account)
    /// Who follows someone, loaded first with your relationship to each.
    case followers(of: Account)
    /// Whom someone follows, loaded first with your relationship to each.
    case following(of: Account)
    /// Writing a post, a reply, a mention or a direct message already checked.
    case compose(ComposeScreen.Kind)
    /// A direct message: checked first (only to someone who follows you), then written.
    case directMessage(to: Account)
}

extension AppCore {
    /// Opens the screen `route` names, with whatever loading it needs first behind the busy
    /// indicator: the loading lives with the screen's own opening, not with whoever asked.
    func open(_ route: Route) -> ScreenOutcome {
        switch route {
        case .home: TimelineScreen.openHome(app: self)
        case .buffer(let buffer): switchBuffer(to: buffer)
        case .timeline(let account): openPosts(of: account)
        case .thread(let post): openThread(of: post)
        case .post(let post, let toggles): push(PostViewScreen(app: self, post: post, toggles: toggles))
        case .links(let post): LinksScreen.open(post, app: self)
        case .hashtag(let name): openHashtag(name)
        case .publicPosts(let local): openPublicPosts(local: local)
        case .search: push(SearchScreen(app: self))
        case .report(let account, let posts): push(ReportScreen(app: self, account: account, statusIDs: posts))
        case .edit(let post): ComposeScreen.openEdit(of: post, app: self)
        case .lists: ListsScreen.open(app: self)
        case .followedHashtags: FollowedHashtagsScreen.open(app: self)
        case .yourPeople(let kind): PeopleListScreen.open(kind, of: nil, app: self)
        case .catchUp: openCatchUp()
        case .list(let list): openList(list)
        case .listsOf(let account): ListMembershipScreen.open(account, app: self)
        case .about: push(AboutScreen(app: self))
        case .settings: push(SettingsScreen(app: self))
        case .accounts: push(AccountsScreen(app: self))
        case .details(let account): UserDetailsScreen.open(account, app: self)
        case .followers(let owner): PeopleListScreen.open(.followers, of: owner, app: self)
        case .following(let owner): PeopleListScreen.open(.following, of: owner, app: self)
        case .compose(let kind): push(ComposeScreen(app: self, kind: kind))
        case .directMessage(let account): ComposeScreen.openDirectMessage(to: account, app: self)
        }
    }
}
