import AccessibleControls
import TweetEngine

/// A timeline's single-key accelerators: common actions without moving focus. The app declares
/// them (`keys`); the control library only routes them and lists them in Info. The raw values
/// are the names config.toml uses (`"timeline:x" = "boost"`), so they must not change.
enum TimelineAction: String, CaseIterable, Sendable {
    case reply, boost, favourite, newPost, refresh, openAuthor, authorDetails, directMessage, expand, thread, links, search, lists
    case localTimeline, federatedTimeline
    /// The user's own lists (issue 39, item 10): the hashtags they follow, their followers and
    /// whom they follow, the people they muted and blocked (to take it back there).
    case followedHashtags, yourFollowers, yourFollowing, mutedAccounts, blockedAccounts
    /// What came into home since the user last read it, summarised (issue 15).
    case catchUp
    // The first screen's buffers: every buffer screen takes these keys (`BufferSet`); 8 and 9
    // go to buffers opened later (someone's posts, a thread).
    case buffer1, buffer2, buffer3, buffer4, buffer5, buffer6, buffer7, buffer8, buffer9, previousBuffer, nextBuffer
    // A follow request in the Notifications buffer; on anything else they say it is not one.
    case acceptFollowRequest, rejectFollowRequest

    /// The `timeline` scope with its default keys (PRODUCT.md, "The interaction model").
    /// Letters are safe here: a text field takes typed letters before any screen key.
    static let keys = ScreenKeys(
        name: "timeline",
        spokenName: { AppStrings($0)(.timelineKeys) },
        describe: { (action: TimelineAction, language) in describe(action, in: language) },
        defaults: [
            .app(.reply, .character("r")), .app(.boost, .character("b")), .app(.favourite, .character("f")),
            .app(.newPost, .character("n")), .app(.refresh, .character("u")), .app(.openAuthor, .character("a")),
            .app(.authorDetails, .character("d")), .app(.directMessage, .character("m")), .app(.expand, .character("e")),
            .app(.thread, .character("t")), .app(.links, .character("o")), .app(.search, .character("s")), .app(.lists, .character("l")),
            .app(.localTimeline, .character("L")), .app(.federatedTimeline, .character("F")),
            // Capitals, as L and F; I and O are i and o of a person (followers, following), X and
            // B their x and B (mute, block).
            .app(.followedHashtags, .character("H")), .app(.yourFollowers, .character("I")), .app(.yourFollowing, .character("O")),
            .app(.mutedAccounts, .character("X")), .app(.blockedAccounts, .character("B")),
            .app(.catchUp, .character("c")),
            .control(.whereAmI, .character("w")), .control(.repeatLast, .character(".")),
            .app(.buffer1, .character("1")), .app(.buffer2, .character("2")), .app(.buffer3, .character("3")),
            .app(.buffer4, .character("4")), .app(.buffer5, .character("5")), .app(.buffer6, .character("6")),
            .app(.buffer7, .character("7")), .app(.buffer8, .character("8")), .app(.buffer9, .character("9")),
            .app(.previousBuffer, .character("[")), .app(.nextBuffer, .character("]")),
            .app(.acceptFollowRequest, .character("y")), .app(.rejectFollowRequest, .character("x")),
        ])

    /// What Info and the manual say a key does.
    static func describe(_ action: TimelineAction, in language: Language) -> String {
        let s = AppStrings(language)
        if let buffer = action.buffer { return s(.actionBuffer, s(buffer.name)) }
        if let number = action.bufferNumber { return s(.actionOpenedBuffer, String(number)) }
        return s(action.spokenName)
    }

    /// The fixed buffer a digit key goes to (1-7).
    var buffer: Buffer? { bufferNumber.flatMap(Buffer.init(rawValue:)) }

    /// The number of the buffer a digit key goes to: 1-7 the fixed ones, 8 and 9 opened ones.
    var bufferNumber: Int? {
        switch self {
        case .buffer1: 1
        case .buffer2: 2
        case .buffer3: 3
        case .buffer4: 4
        case .buffer5: 5
        case .buffer6: 6
        case .buffer7: 7
        case .buffer8: 8
        case .buffer9: 9
        default: nil
        }
    }

    /// What Info says the action does ("reply", "the author's timeline").
    var spokenName: AppText {
        switch self {
        case .reply: .actionReply
        case .boost: .actionBoost
        case .favourite: .actionFavourite
        case .newPost: .actionNewPost
        case .refresh: .actionRefresh
        case .openAuthor: .actionOpenAuthor
        case .authorDetails: .actionAuthorDetails
        case .directMessage: .actionDirectMessage
        case .expand: .actionExpand
        case .thread: .actionThread
        case .links: .actionLinks
        case .search: .actionSearch
        case .lists: .actionLists
        case .localTimeline: .actionLocalTimeline
        case .federatedTimeline: .actionFederatedTimeline
        case .followedHashtags: .actionFollowedHashtags
        case .yourFollowers: .actionYourFollowers
        case .yourFollowing: .actionYourFollowing
        case .mutedAccounts: .actionMutedAccounts
        case .blockedAccounts: .actionBlockedAccounts
        case .catchUp: .actionCatchUp
        case .buffer1, .buffer2, .buffer3, .buffer4, .buffer5, .buffer6, .buffer7: .actionBuffer
        case .buffer8, .buffer9: .actionOpenedBuffer
        case .previousBuffer: .actionPreviousBuffer
        case .nextBuffer: .actionNextBuffer
        case .acceptFollowRequest: .actionAcceptFollowRequest
        case .rejectFollowRequest: .actionRejectFollowRequest
        }
    }
}

extension Keymap {
    /// The control library's standard keys with every screen scope the app declares: the keys
    /// a new user gets, and what config.toml's `[keys]` entries are checked against.
    public static let loowi = Keymap.standard.declaring(TimelineAction.keys).declaring(ComposeAction.keys)
        .declaring(AppAction.keys).declaring(LinkAction.keys).declaring(PersonAction.keys).declaring(BufferAction.postViewKeys)
        .declaring(BufferAction.followedHashtagsKeys)
}

extension AppCore {
    /// What a timeline key does the same in every buffer: switching buffers, writing,
    /// searching, the lists. Nil for the keys that depend on what is focused.
    func performAnywhere(_ action: TimelineAction) -> ScreenOutcome? {
        if let outcome = switchBuffer(for: action) { return outcome }
        switch action {
        case .newPost: return open(.compose(.new))
        case .search: return open(.search)
        case .lists: return open(.lists)
        case .localTimeline: return open(.publicPosts(local: true))
        case .federatedTimeline: return open(.publicPosts(local: false))
        case .followedHashtags: return open(.followedHashtags)
        case .yourFollowers: return open(.yourPeople(.followers))
        case .yourFollowing: return open(.yourPeople(.following))
        case .mutedAccounts: return open(.yourPeople(.muted))
        case .blockedAccounts: return open(.yourPeople(.blocked))
        case .catchUp: return open(.catchUp)
        default: return nil
        }
    }

    /// A post's own keys, the same wherever a post is focused (a timeline, notifications,
    /// search results); `changed` runs when a boost is answered. Nil for the others.
    func perform(_ action: TimelineAction, on post: Status, toggles: PostToggles, changed: @escaping @MainActor () -> Void = {}) -> ScreenOutcome? {
        switch action {
        case .reply: open(.compose(.reply(post)))
        case .boost: ScreenOutcome(toggles.toggleBoost(post, changed: changed))
        case .favourite: ScreenOutcome(toggles.toggleFavourite(post))
        case .thread: open(.thread(of: post))
        case .links: open(.links(of: post))
        case .openAuthor: open(.timeline(of: post.account))
        case .authorDetails: open(.details(post.account))
        case .directMessage: open(.directMessage(to: post.account))
        default: nil
        }
    }

    /// The key bound to a timeline action as a hint says it ("Y", "C"); nil when none is.
    func keyName(_ action: TimelineAction) -> String? {
        guard let key = keymap.keys(for: .screen(action.rawValue), in: TimelineAction.keys).first else { return nil }
        let name = Strings(strings.language).spokenName(of: key)
        return name.count == 1 ? name.uppercased() : name
    }
}
