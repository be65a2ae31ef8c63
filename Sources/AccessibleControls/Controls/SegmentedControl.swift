import TextSafety

/// A short list of options, one selected (iLoowi's LVSegmentedControl): Up and Down step
/// through them and say each, Enter selects ("lifts the finger"), Escape goes back to the
/// option that was selected. Stepping past either end wraps, with the wrap earcon.
///
/// As a radio group (`selectsOnMove`), the option stepped to *is* the value, as a GTK or
/// Windows radio group or combo box is: moving selects it and says so ("Direct, selected"),
/// Enter is not needed and Escape is left to the screen. Compose uses this, so the choice a
/// user heard last is the one that is sent.
@MainActor
public final class SegmentedControl: Control {
    public let id: String
    public let role = Role.segmented
    public var label: String
    public var hint: String?
    public let options: [String]
    public private(set) var selectedIndex: Int?
    /// The option the user has stepped to but not yet selected.
    public private(set) var highlightedIndex: Int?
    /// Moving selects (a radio group), instead of browsing until Enter.
    public let selectsOnMove: Bool

    public init(id: String, label: String, options: [String], selectedIndex: Int? = nil, hint: String? = nil, selectsOnMove: Bool = false) {
        precondition(!options.isEmpty, "a segmented control needs options")
        self.id = id
        self.label = label
        self.options = options.map { Sanitizer.clean($0, for: .control) }
        self.selectedIndex = selectedIndex
        self.highlightedIndex = selectedIndex
        self.hint = hint
        self.selectsOnMove = selectsOnMove
    }

    public var selectedOption: String? { selectedIndex.map { options[$0] } }

    /// Selects an option without a key (a draft brought back with its choices).
    public func select(_ index: Int) {
        guard options.indices.contains(index) else { return }
        selectedIndex = index
        highlightedIndex = index
    }

    public func spokenState(in context: ControlContext) -> String? {
        selectedOption ?? context.strings(.nothingSelected)
    }

    public func spokenPosition(in context: ControlContext) -> String? {
        selectedIndex.map { context.strings(.positionOf, String($0 + 1), String(options.count)) }
    }

    public func handle(_ key: Key, in context: ControlContext) -> [Feedback]? {
        switch action(for: key, in: context) {
        case .next: return step(by: 1, in: context)
        case .previous: return step(by: -1, in: context)
        case .select:
            guard let highlightedIndex else { return [.earcon(.softError), .say(context.strings(.nothingSelected))] }
            selectedIndex = highlightedIndex
            return [
                .earcon(.activate), .say(context.strings(.selected, options[highlightedIndex])),
                .event(ControlEvent(id, .selected(highlightedIndex))), .redraw,
            ]
        case .cancel:
            guard !selectsOnMove, highlightedIndex != selectedIndex else { return nil }
            highlightedIndex = selectedIndex
            let back = selectedOption ?? context.strings(.nothingSelected)
            return [.say(context.strings(.cancelledBackTo, back)), .redraw]
        case .sayPosition:
            let index = highlightedIndex ?? 0
            return [.say(context.strings(.positionOf, String(index + 1), String(options.count)))]
        default:
            return nil
        }
    }

    public func focusLost(in context: ControlContext) -> [Feedback] {
        highlightedIndex = selectedIndex
        return []
    }

    private func step(by delta: Int, in context: ControlContext) -> [Feedback] {
        let start = highlightedIndex ?? (delta > 0 ? -1 : options.count)
        var next = start + delta
        var feedback: [Feedback] = []
        if next < 0 || next >= options.count {
            next = (next + options.count) % options.count
            feedback += [.earcon(.wrap), .soundWord(.wrapped)]
        }
        highlightedIndex = next
        var said = options[next]
        var selected: [Feedback] = []
        if selectsOnMove {
            selectedIndex = next
            said = context.strings(.selectedOnMove, said)
            selected = [.event(ControlEvent(id, .selected(next)))]
        }
        if context.settings.announcesPositions {
            said += ", " + context.strings(.positionOf, String(next + 1), String(options.count))
        }
        return feedback + [.say(said)] + selected + [.redraw]
    }

    public func displayText(in context: ControlContext) -> String {
        let shown = options.enumerated().map { index, option in
            index == selectedIndex ? "(\(option))" : index == highlightedIndex ? "<\(option)>" : option
        }
        return "\(label): " + shown.joined(separator: " ")
    }
}
