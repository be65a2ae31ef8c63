import AccessibleControls

/// A timeline's single-key accelerators: common actions without moving focus. The app declares
/// them (`keys`); the control library only routes them and lists them in Info. The raw values
/// are the names config.toml uses (`"timeline:x" = "boost"`), so they must not change.
enum TimelineAction: String, CaseIterable, Sendable {
    case reply, boost, favourite, newPost, refresh, openAuthor, authorDetails, directMessage, expand
    // The first screen's buffers: every buffer screen takes these keys (`BufferSet`).
    case buffer1, buffer2, buffer3, buffer4, buffer5, buffer6, buffer7, previousBuffer, nextBuffer
    // A follow request in the Notifications buffer; on anything else they say it is not one.
    case acceptFollowRequest, rejectFollowRequest

    /// The `timeline` scope with its default keys (PRODUCT.md, "The interaction model").
    /// Letters are safe here: a text field takes typed letters before any screen key.
    static let keys = ScreenKeys(
        name: "timeline",
        spokenName: { AppStrings($0)(.timelineKeys) },
        describe: { (action: TimelineAction, language) in
            let s = AppStrings(language)
            if let buffer = action.buffer { return s(.actionBuffer, s(buffer.name)) }
            return s(action.spokenName)
        },
        defaults: [
            .app(.reply, .character("r")), .app(.boost, .character("b")), .app(.favourite, .character("f")),
            .app(.newPost, .character("n")), .app(.refresh, .character("u")), .app(.openAuthor, .character("a")),
            .app(.authorDetails, .character("d")), .app(.directMessage, .character("m")), .app(.expand, .character("e")),
            .control(.whereAmI, .character("w")), .control(.repeatLast, .character(".")),
            .app(.buffer1, .character("1")), .app(.buffer2, .character("2")), .app(.buffer3, .character("3")),
            .app(.buffer4, .character("4")), .app(.buffer5, .character("5")), .app(.buffer6, .character("6")),
            .app(.buffer7, .character("7")), .app(.previousBuffer, .character("[")), .app(.nextBuffer, .character("]")),
            .app(.acceptFollowRequest, .character("y")), .app(.rejectFollowRequest, .character("x")),
        ])

    /// The buffer a digit key goes to.
    var buffer: Buffer? {
        switch self {
        case .buffer1: .home
        case .buffer2: .notifications
        case .buffer3: .mentions
        case .buffer4: .directMessages
        case .buffer5: .sent
        case .buffer6: .favourites
        case .buffer7: .bookmarks
        default: nil
        }
    }

    /// A buffer key's route from `current`, nil for the timeline's other actions.
    @MainActor func bufferRoute(from current: Buffer) -> Route? {
        switch self {
        case .previousBuffer: .buffer(current.previous)
        case .nextBuffer: .buffer(current.next)
        default: buffer.map(Route.buffer)
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
        case .buffer1, .buffer2, .buffer3, .buffer4, .buffer5, .buffer6, .buffer7: .actionBuffer
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
    public static let loowi = Keymap.standard.declaring(TimelineAction.keys)
}
