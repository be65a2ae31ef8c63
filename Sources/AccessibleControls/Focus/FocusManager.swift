/// The focus chain of one screen: the focused control gets each key first; what it leaves,
/// the manager uses to move focus (Tab/Shift-Tab, Right/Left); what neither uses goes back to
/// the screen (nil). Each focus change gives the focus earcon and interrupting speech.
@MainActor
public final class FocusManager {
    public typealias Instant = ContinuousClock.Instant

    /// The screen's name, for "where am I".
    public var title: String
    public private(set) var controls: [any Control]
    public private(set) var focusIndex: Int = 0
    /// Where focus starts when the screen opens (a compose screen starts in its text field).
    public var initialFocus = 0
    public var settings: ControlSettings
    public var keymap: Keymap

    public init(title: String, controls: [any Control], settings: ControlSettings = ControlSettings(), keymap: Keymap = .standard) {
        precondition(!controls.isEmpty, "a screen needs at least one control")
        self.title = title
        self.controls = controls
        self.settings = settings
        self.keymap = keymap
    }

    public var focused: any Control { controls[focusIndex] }

    public func context(now: Instant) -> ControlContext {
        ControlContext(settings: settings, keymap: keymap, now: now)
    }

    /// Focuses the first control and says it: what a screen does when it opens.
    public func start(now: Instant) -> [Feedback] {
        focus(min(initialFocus, controls.count - 1), now: now)
    }

    /// Moves focus to `index` and says the control.
    public func focus(_ index: Int, now: Instant, wrapped: Bool = false) -> [Feedback] {
        let context = context(now: now)
        var feedback = index == focusIndex ? [] : controls[focusIndex].focusLost(in: context)
        focusIndex = index
        if wrapped { feedback += [.earcon(.wrap), .soundWord(.wrapped)] }
        feedback.append(.earcon(.focus))
        // A beginner hears each hint once per screen a session (F1 always has it), not on
        // every return to the screen.
        let hint = context.settings.verbosity != .beginner || hintsHeard?.firstTime(focused.hintText(in: context), on: title) != false
        feedback.append(.say(focused.describe(in: context, withHint: hint)))
        feedback += focused.focusGained(in: context)
        feedback.append(.redraw)
        return feedback
    }

    /// Routes one decoded event. Nil: the screen decides (Back, Info, Quit…), and a key
    /// nobody wants should end as the soft-error earcon, so no key is ever silent.
    public func handle(_ event: KeyEvent, now: Instant) -> [Feedback]? {
        let context = context(now: now)
        switch event {
        case .unknown:
            return [.earcon(.softError)]
        case .paste(let text):
            return focused.handlePaste(text, in: context) ?? [.earcon(.softError)]
        case .pasteEnded(let why):
            let key: StringKey =
                switch why {
                case .quiet: .pasteEndedQuiet
                case .tooLong: .pasteEndedTooLong
                case .key: .pasteEndedKey
                }
            return [.say(context.strings(key))]
        case .key(let key):
            if let feedback = focused.handle(key, in: context) { return feedback }
            switch keymap.action(for: key, in: .global) {
            case .nextControl:
                return moveFocus(forward: true, now: now)
            case .previousControl:
                return moveFocus(forward: false, now: now)
            case .whereAmI:
                return [.say(whereAmI(in: context))]
            default:
                return nil
            }
        }
    }

    /// Tab and Shift-Tab: the next or previous control, round from the last to the first.
    public func moveFocus(forward: Bool, now: Instant) -> [Feedback] {
        let target = focusIndex + (forward ? 1 : -1)
        return focus((target + controls.count) % controls.count, now: now, wrapped: target < 0 || target == controls.count)
    }

    /// The hints said so far this session, shared by every screen of a navigator; nil says
    /// every hint each time.
    public var hintsHeard: HintsHeard?

    /// Whether a list is among the controls: where none is, Up and Down move focus.
    public var hasList: Bool { controls.contains { $0.role == .list || $0.role == .adjustableList } }

    /// "Practice buttons. Reply, button. Control 2 of 5."
    public func whereAmI(in context: ControlContext) -> String {
        var quiet = context
        quiet.settings.verbosity = .intermediate
        var description = focused.describe(in: quiet)
        // The template puts its own full stop after the description.
        while description.last == "." { description.removeLast() }
        return context.strings(.whereAmI, title, description, String(focusIndex + 1), String(controls.count))
    }

    /// Time passed: only the focused control acts on its own.
    public var needsTicks: Bool { focused.needsTicks }

    public func tick(now: Instant) -> [Feedback] {
        focused.tick(in: context(now: now))
    }

    /// Replaces the controls (a screen that changes its layout), keeping focus in range.
    public func setControls(_ newControls: [any Control]) {
        precondition(!newControls.isEmpty, "a screen needs at least one control")
        controls = newControls
        focusIndex = min(focusIndex, controls.count - 1)
    }
}
