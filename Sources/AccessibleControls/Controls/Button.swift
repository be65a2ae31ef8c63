import TextSafety

/// A button (iLoowi's LVButton): Enter or Space activates it with the activate earcon.
/// Disabled, it says it is unavailable and why. As a toggle, it says its new state.
@MainActor
public final class Button: Control {
    public let id: String
    public var label: String
    public var hint: String?
    public var isEnabled: Bool
    public var unavailableReason: String?
    /// Nil for a plain button; on or off for a toggle.
    public private(set) var isOn: Bool?

    public init(id: String, label: String, hint: String? = nil, isEnabled: Bool = true, unavailableReason: String? = nil) {
        self.id = id
        self.label = Sanitizer.clean(label, for: .control)
        self.hint = hint
        self.isEnabled = isEnabled
        self.unavailableReason = unavailableReason
    }

    /// A toggle button, on or off.
    public static func toggle(id: String, label: String, isOn: Bool, hint: String? = nil) -> Button {
        let button = Button(id: id, label: label, hint: hint)
        button.isOn = isOn
        return button
    }

    public var role: Role { isOn == nil ? .button : .toggleButton }

    public func setEnabled(_ enabled: Bool, reason: String? = nil) {
        isEnabled = enabled
        unavailableReason = enabled ? nil : reason
    }

    public func spokenState(in context: ControlContext) -> String? {
        isOn.map { context.strings($0 ? .on : .off) }
    }

    public func handle(_ key: Key, in context: ControlContext) -> [Feedback]? {
        guard action(for: key, in: context) == .activate else { return nil }
        guard isEnabled else {
            let strings = context.strings
            let said = unavailableReason.map { strings(.unavailableBecause, $0) } ?? strings(.unavailable)
            return [.earcon(.softError), .say("\(label), \(said)")]
        }
        if let isOn {
            self.isOn = !isOn
            return [.earcon(.activate), .say(context.strings(!isOn ? .on : .off)), .event(ControlEvent(id, .toggled(!isOn))), .redraw]
        }
        return [.earcon(.activate), .event(ControlEvent(id, .activated))]
    }

    public func displayText(in context: ControlContext) -> String {
        var text = "[ \(label) ]"
        if let isOn { text += " " + context.strings(isOn ? .on : .off) }
        if !isEnabled { text += " (" + context.strings(.unavailable) + ")" }
        return text
    }
}
