import TextSafety

/// iLoowi's LVSegmCtrlTime: while focused it says its options one after another on its own;
/// Enter takes the one being said. The next option starts when the previous utterance has
/// ended (estimated from its length and the speech rate, or told by `speechFinished`) plus a
/// configurable pause. Leaving the control stops it.
@MainActor
public final class TimedSelector: Control {
    public typealias Instant = ContinuousClock.Instant

    public let id: String
    public let role = Role.timedSelector
    public var label: String
    public var hint: String?
    public let options: [String]
    public private(set) var selectedIndex: Int?
    /// The option said last, the one Enter takes.
    public private(set) var spokenIndex: Int?
    /// When the next option is due; nil when not running.
    public private(set) var nextAt: Instant?

    public init(id: String, label: String, options: [String], selectedIndex: Int? = nil, hint: String? = nil) {
        precondition(!options.isEmpty, "a timed selector needs options")
        self.id = id
        self.label = label
        self.options = options.map { Sanitizer.clean($0, for: .control) }
        self.selectedIndex = selectedIndex
        self.hint = hint
    }

    public var isRunning: Bool { nextAt != nil }
    public var selectedOption: String? { selectedIndex.map { options[$0] } }

    public func spokenState(in context: ControlContext) -> String? {
        selectedOption ?? context.strings(.nothingSelected)
    }

    /// Starts after the focus description has been said.
    public func focusGained(in context: ControlContext) -> [Feedback] {
        spokenIndex = nil
        nextAt = context.now + context.settings.estimatedDuration(of: describe(in: context)) + context.settings.selectorPause
        return []
    }

    public func focusLost(in context: ControlContext) -> [Feedback] {
        nextAt = nil
        spokenIndex = nil
        return []
    }

    /// The speech pipeline says the last utterance has ended: the pause starts now.
    public func speechFinished(in context: ControlContext) {
        guard isRunning else { return }
        nextAt = context.now + context.settings.selectorPause
    }

    public var needsTicks: Bool { isRunning }

    public func tick(in context: ControlContext) -> [Feedback] {
        guard let nextAt, context.now >= nextAt else { return [] }
        var next = (spokenIndex ?? -1) + 1
        var feedback: [Feedback] = []
        if next == options.count {
            next = 0
            feedback += [.earcon(.wrap), .soundWord(.wrapped)]
        }
        spokenIndex = next
        self.nextAt = context.now + context.settings.estimatedDuration(of: options[next]) + context.settings.selectorPause
        return feedback + [.say(options[next]), .redraw]
    }

    public func handle(_ key: Key, in context: ControlContext) -> [Feedback]? {
        let strings = context.strings
        switch action(for: key, in: context) {
        case .select:
            guard let spokenIndex, isRunning else {
                return restart(saying: strings(.waitForOption), in: context)
            }
            selectedIndex = spokenIndex
            nextAt = nil
            return [
                .earcon(.activate), .say(strings(.selected, options[spokenIndex])),
                .event(ControlEvent(id, .selected(spokenIndex))), .redraw,
            ]
        case .cancel:
            guard isRunning else { return nil }
            nextAt = nil
            spokenIndex = nil
            return [.say(strings(.cancelled)), .redraw]
        case .restart:
            return restart(saying: strings(.listeningAgain), in: context)
        default:
            return nil
        }
    }

    private func restart(saying text: String, in context: ControlContext) -> [Feedback] {
        spokenIndex = nil
        nextAt = context.now + context.settings.estimatedDuration(of: text) + context.settings.selectorPause
        return [.say(text)]
    }

    public func displayText(in context: ControlContext) -> String {
        let shown = options.enumerated().map { index, option in
            index == spokenIndex ? "<\(option)>" : index == selectedIndex ? "(\(option))" : option
        }
        return "\(label): " + shown.joined(separator: " ")
    }
}
