import AccessibleControls

/// The keys of a post's view (Enter on a post) besides its list's own: the buffers' digits and
/// `[` `]`, as on the buffer the post was opened from (issue 39, item 8). Raw values are
/// `TimelineAction`'s, so config.toml names them the same way (`"postview:1" = "buffer1"`).
enum PostViewAction: String, CaseIterable, Sendable {
    case buffer1, buffer2, buffer3, buffer4, buffer5, buffer6, buffer7, buffer8, buffer9, previousBuffer, nextBuffer

    var timelineAction: TimelineAction { TimelineAction(rawValue: rawValue)! }

    static let keys = ScreenKeys(
        name: "postview",
        spokenName: { AppStrings($0)(.postViewKeys) },
        describe: { (action: PostViewAction, language) in TimelineAction.describe(action.timelineAction, in: language) },
        defaults: [
            .app(.buffer1, .character("1")), .app(.buffer2, .character("2")), .app(.buffer3, .character("3")),
            .app(.buffer4, .character("4")), .app(.buffer5, .character("5")), .app(.buffer6, .character("6")),
            .app(.buffer7, .character("7")), .app(.buffer8, .character("8")), .app(.buffer9, .character("9")),
            .app(.previousBuffer, .character("[")), .app(.nextBuffer, .character("]")),
        ])
}
