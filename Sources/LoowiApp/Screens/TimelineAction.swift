import AccessibleControls

/// A timeline's single-key accelerators: common actions without moving focus. The app declares
/// them (`keys`); the control library only routes them and lists them in Info. The raw values
/// are the names config.toml uses (`"timeline:x" = "boost"`), so they must not change.
enum TimelineAction: String, CaseIterable, Sendable {
    case reply, boost, favourite, newPost, refresh, openAuthor, authorDetails, directMessage, expand

    /// The `timeline` scope with its default keys (PRODUCT.md, "The interaction model").
    /// Letters are safe here: a text field takes typed letters before any screen key.
    static let keys = ScreenKeys(
        name: "timeline",
        spokenName: { AppStrings($0)(.timelineKeys) },
        describe: { (action: TimelineAction, language) in AppStrings(language)(action.spokenName) },
        defaults: [
            .app(.reply, .character("r")), .app(.boost, .character("b")), .app(.favourite, .character("f")),
            .app(.newPost, .character("n")), .app(.refresh, .character("u")), .app(.openAuthor, .character("a")),
            .app(.authorDetails, .character("d")), .app(.directMessage, .character("m")), .app(.expand, .character("e")),
            .control(.whereAmI, .character("w")), .control(.repeatLast, .character(".")),
        ])

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
        }
    }
}

extension Keymap {
    /// The control library's standard keys with every screen scope the app declares: the keys
    /// a new user gets, and what config.toml's `[keys]` entries are checked against.
    public static let loowi = Keymap.standard.declaring(TimelineAction.keys)
}
