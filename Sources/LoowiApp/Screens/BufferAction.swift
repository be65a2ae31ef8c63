import AccessibleControls

/// The buffers' digits and `[` `]` on a screen opened over a buffer, as on the buffer itself:
/// the post view (issue 39, item 8), the followed hashtags and every list of people (item 10).
/// Raw values are `TimelineAction`'s, so config.toml names them the same way in each scope
/// (`"postview:1" = "buffer1"`, `"people:1" = "buffer1"`).
enum BufferAction: String, CaseIterable, Sendable {
    case buffer1, buffer2, buffer3, buffer4, buffer5, buffer6, buffer7, buffer8, buffer9, previousBuffer, nextBuffer

    var timelineAction: TimelineAction { TimelineAction(rawValue: rawValue)! }

    var defaultKey: Key {
        switch self {
        case .previousBuffer: .character("[")
        case .nextBuffer: .character("]")
        default: .character(Character(String(timelineAction.bufferNumber ?? 0)))
        }
    }

    static func describe(_ action: BufferAction, in language: Language) -> String {
        TimelineAction.describe(action.timelineAction, in: language)
    }

    /// A scope of these keys alone, for a screen that has no others.
    static func keys(name: String, spokenName: AppText) -> ScreenKeys {
        ScreenKeys(
            name: name, spokenName: { AppStrings($0)(spokenName) }, describe: describe,
            defaults: allCases.map { .app($0, $0.defaultKey) })
    }

    static let postViewKeys = keys(name: "postview", spokenName: .postViewKeys)
    static let followedHashtagsKeys = keys(name: "hashtags", spokenName: .followedHashtagsKeys)
}

extension AppCore {
    /// `screen`'s `BufferAction` keys switch buffers, leaving it (the post view, the followed
    /// hashtags); screens with keys of their own (people) call `switchBuffer` themselves.
    func takeBufferKeys(on screen: ControlScreen) {
        screen.onAction(BufferAction.self) { [weak self, weak screen] action, context in
            guard let self, let screen else { return nil }
            return self.switchBuffer(for: action, leaving: screen, now: context.now)
        }
    }

    /// A buffer key on `screen`: opened straight over the first screen, it closes without a
    /// word and the buffer is switched as from there; a number with no buffer is said here,
    /// the screen kept. Opened deeper (a thread, search results), the keys say where buffers
    /// switch from, as there.
    func switchBuffer(for action: BufferAction, leaving screen: ControlScreen, now: ContinuousClock.Instant) -> ScreenOutcome? {
        let timeline = action.timelineAction
        let onTheFirstScreen = navigator.stack.count == 2 && navigator.current === screen
        let known = timeline.bufferNumber.map { buffers.place(number: $0) != nil } ?? true
        guard onTheFirstScreen, known else { return switchBuffer(for: timeline) }
        navigator.dismiss(screen, now: now)
        return switchBuffer(for: timeline)
    }
}
