/// What kind of control this is, as the user hears it.
public enum Role: String, Sendable, CaseIterable, Hashable {
    case label, button, toggleButton, textField, segmented, timedSelector, list, slider, keypad, busy, adjustableList

    var nameKey: StringKey {
        switch self {
        case .label: .roleLabel
        case .button: .roleButton
        case .toggleButton: .roleToggleButton
        case .textField: .roleTextField
        case .segmented: .roleSegmented
        case .timedSelector: .roleTimedSelector
        case .list: .roleList
        case .slider: .roleSlider
        case .keypad: .roleKeypad
        case .busy: .roleBusy
        case .adjustableList: .roleAdjustableList
        }
    }

    var hintKey: StringKey {
        switch self {
        case .label: .hintLabel
        case .button: .hintButton
        case .toggleButton: .hintToggle
        case .textField: .hintTextField
        case .segmented: .hintSegmented
        case .timedSelector: .hintTimedSelector
        case .list: .hintList
        case .slider: .hintSlider
        case .keypad: .hintKeypad
        case .busy: .hintBusy
        case .adjustableList: .hintAdjustableList
        }
    }

    /// The keymap scope whose bindings this role answers.
    public var scope: KeyScope {
        switch self {
        case .label: .label
        case .button, .toggleButton: .button
        case .textField: .textField
        case .segmented: .segmented
        case .timedSelector: .timedSelector
        case .list: .list
        case .slider: .slider
        case .keypad: .keypad
        case .busy: .busy
        case .adjustableList: .adjustableList
        }
    }
}

/// A control: keys in, feedback out, no I/O. The screen owns it on the main actor, the focus
/// manager routes keys and ticks to it, and a pump hands the feedback to speech and screen.
@MainActor
public protocol Control: AnyObject {
    /// Stable name the screen uses to tell which control an event came from.
    var id: String { get }
    var role: Role { get }
    /// The name: "Reply", "Days".
    var label: String { get }
    var isEnabled: Bool { get }
    /// Why it is disabled, said after "unavailable".
    var unavailableReason: String? { get }
    /// A hint for this control ("Enter replies to this post."); nil uses the role's hint.
    var hint: String? { get }

    /// The state or value, as spoken ("on", "Monday", "hello, cursor at end"), if any.
    func spokenState(in context: ControlContext) -> String?
    /// "3 of 7", for controls with items, spoken when position announcements are on.
    func spokenPosition(in context: ControlContext) -> String?

    /// Answers a key; nil means "not mine", and the container gets it next.
    func handle(_ key: Key, in context: ControlContext) -> [Feedback]?
    /// A bracketed paste; nil if this control takes no text.
    func handlePaste(_ text: String, in context: ControlContext) -> [Feedback]?
    /// Called after the focus description, to start anything the control does on its own.
    func focusGained(in context: ControlContext) -> [Feedback]
    /// Called when focus leaves: stop what runs on its own, drop half-made choices.
    func focusLost(in context: ControlContext) -> [Feedback]
    /// Time passed: the timed selector, the keypad and the busy indicator act here.
    func tick(in context: ControlContext) -> [Feedback]
    /// Whether `tick` has anything to do now: the loop wakes only while something does, so
    /// an idle program costs no wake-ups.
    var needsTicks: Bool { get }

    /// How the control looks on one line of the screen ("[ Reply ]").
    func displayText(in context: ControlContext) -> String
}

extension Control {
    public var isEnabled: Bool { true }
    public var unavailableReason: String? { nil }
    public var hint: String? { nil }
    public func spokenState(in context: ControlContext) -> String? { nil }
    public func spokenPosition(in context: ControlContext) -> String? { nil }
    public func handlePaste(_ text: String, in context: ControlContext) -> [Feedback]? { nil }
    public func focusGained(in context: ControlContext) -> [Feedback] { [] }
    public func focusLost(in context: ControlContext) -> [Feedback] { [] }
    public func tick(in context: ControlContext) -> [Feedback] { [] }
    public var needsTicks: Bool { false }

    /// What is said when the control gets focus, per the verbosity level:
    /// beginner "Reply, button. Enter replies to this post.", intermediate "Reply, button",
    /// expert "Reply" (with the value, if any: "Days, Monday").
    public func describe(in context: ControlContext, withHint: Bool = true) -> String {
        let strings = context.strings
        var state: [String] = []
        if isEnabled {
            if let s = spokenState(in: context), !s.isEmpty { state.append(s) }
            if context.settings.announcesPositions, let p = spokenPosition(in: context) { state.append(p) }
        } else if let reason = unavailableReason {
            state.append(strings(.unavailableBecause, reason))
        } else {
            state.append(strings(.unavailable))
        }
        let name = label.isEmpty ? [] : [label]
        switch context.settings.verbosity {
        case .expert:
            return (name + state).joined(separator: ", ")
        case .intermediate:
            return (name + [strings(role.nameKey)] + state).joined(separator: ", ")
        case .beginner:
            var sentence = (name + [strings(role.nameKey)] + state).joined(separator: ", ")
            // Text that already ends a sentence ("…every key.") gets no second full stop.
            if !(sentence.last.map { ".!?…".contains($0) } ?? false) { sentence += "." }
            guard isEnabled, withHint else { return sentence }
            return sentence + " " + hintText(in: context)
        }
    }

    /// What to do with the control: its own hint or its role's.
    public func hintText(in context: ControlContext) -> String {
        hint ?? context.strings(role.hintKey)
    }

    /// The binding of `key` for this control's role.
    func action(for key: Key, in context: ControlContext) -> Action? {
        context.keymap.action(for: key, in: role.scope)
    }
}
