/// What a screen wants after one of its controls reported something.
@MainActor
public struct ScreenOutcome {
    public enum Navigation {
        case stay
        case push(ControlScreen)
        case pop
        case quit
    }

    public var feedback: [Feedback]
    public var navigation: Navigation

    public init(_ feedback: [Feedback] = [], _ navigation: Navigation = .stay) {
        self.feedback = feedback
        self.navigation = navigation
    }

    public static var none: ScreenOutcome { ScreenOutcome() }
}

/// One screen built from controls: a title, a focus chain, the toolbar's four slots, and
/// what to do when a control reports an event. Its Info text comes from the keymap, for
/// exactly the kinds of control on it.
@MainActor
public final class ControlScreen {
    public let title: String
    public let focus: FocusManager
    public let toolbar: Toolbar?
    /// Called for every control event on this screen (Back on the toolbar is handled for it).
    public var onEvent: (ControlEvent, ControlContext) -> ScreenOutcome = { _, _ in .none }
    /// Keys the screen takes before its focused control while it offers something of its
    /// own (compose's suggestions take Enter, Tab and Escape); nil lets the key go on.
    public var takesKeyFirst: ((Key, ControlContext) -> ScreenOutcome?)?
    /// Text drawn above the controls on the full screen, never spoken or focused: what they act
    /// on (the post, while its actions are gone through); nil draws nothing.
    public var pinnedText: (() -> String?)?
    /// Called on every tick, after the focused control's own tick.
    public var onTick: ((ControlContext) -> ScreenOutcome)?
    /// Said after the title and the focused control when the screen opens.
    public var onOpen: ((ControlContext) -> [Feedback])?
    /// Said instead of the title and the focused control when the screen opens (the help's
    /// short first line, which is its focused line too).
    public var openingWords: String?
    /// Called when Back (or Escape) closes the screen; what it says comes before the screen
    /// below is read, so make it `.important` ("Cancelled. Your text is kept.").
    public var onLeave: ((ControlContext) -> [Feedback])?
    /// Called when Back (or Escape) is pressed on the first screen, where there is nothing
    /// to go back to (an app's buffer opened on the first screen closes); nil, or a nil
    /// answer, plays the boundary and says it is the first screen.
    public var onBackAtRoot: ((ControlContext) -> ScreenOutcome?)?
    /// The screen's own keys, declared by the app (a timeline's accelerators), tried after the
    /// focused control and the global keys; listed by Info.
    public let screenKeys: ScreenKeys?
    /// Keys whose screen binding comes before the global one on this screen: F6 is compose's
    /// spelling check (TWBlue's key there), not the positions setting.
    public var screenKeysFirst: Set<Key> = []
    /// Called for an app action of `screenKeys` (its raw value); nil means the screen cannot do
    /// it now. Set it through `onAction(_:_:)` to get the app's own action type.
    public var onAction: ((String, ControlContext) -> ScreenOutcome?)?

    /// Hands this screen's app actions to `handler` as the app's own enum, the one its
    /// `ScreenKeys` was declared with.
    public func onAction<AppAction: RawRepresentable>(
        _ type: AppAction.Type, _ handler: @escaping (AppAction, ControlContext) -> ScreenOutcome?
    ) where AppAction.RawValue == String {
        onAction = { name, context in AppAction(rawValue: name).flatMap { handler($0, context) } }
    }

    public init(
        title: String, controls: [any Control], toolbarThird: ToolbarItem? = nil, toolbarFourth: ToolbarItem? = nil,
        withToolbar: Bool = true, screenKeys: ScreenKeys? = nil, toolbarBackLabel: String? = nil, settings: ControlSettings,
        keymap: Keymap
    ) {
        self.title = title
        // An undeclared scope's keys would be silently dead: the app forgot `Keymap.declaring`.
        assert(screenKeys.map(keymap.declares) ?? true, "\(screenKeys?.name ?? "") is not in the keymap")
        self.screenKeys = screenKeys
        if withToolbar {
            let bar = Toolbar(language: settings.language, third: toolbarThird, fourth: toolbarFourth, backLabel: toolbarBackLabel)
            toolbar = bar
            focus = FocusManager(title: title, controls: controls + bar.controls, settings: settings, keymap: keymap)
        } else {
            toolbar = nil
            focus = FocusManager(title: title, controls: controls, settings: settings, keymap: keymap)
        }
    }

    /// Lines the app adds at the end of this screen's help (the buffers open, with their numbers).
    public var extraHelp: [String] = []
    /// Control kinds on this screen whose keys its help does not list, unless one is focused
    /// (compose's counter is a label, but "Space: next word" misleads in a text field).
    public var helpLeavesOut: Set<KeyScope> = []

    /// The help list for this screen (F1): first what the focused control is and its hint,
    /// always, then every key that works here (the screen's, the app's, the controls', the
    /// screen-wide ones), then the app's own lines.
    public func helpLines(in context: ControlContext, appKeys: ScreenKeys?) -> [String] {
        let focused = focus.focused
        let strings = context.strings
        let name = ([focused.label].filter { !$0.isEmpty } + [strings(focused.role.nameKey)]).joined(separator: ", ")
        // No full stop at the end of a line: the list says ", 1 of 40" after it.
        var hint = focused.hintText(in: context)
        while hint.last == "." { hint.removeLast() }
        let first = strings(.helpFocused, name, hint)
        let scopes = [focused.role.scope] + focus.controls.map(\.role.scope).filter { !helpLeavesOut.contains($0) }
        var seen = Set<KeyScope>()
        let keys = context.keymap.helpLines(
            screen: screenKeys, app: appKeys, scopes: scopes.filter { seen.insert($0).inserted }, strings: strings)
        return [first] + keys + extraHelp
    }
}
