import TextSafety

/// iLoowi's LVWheel: a long list (vertical) or a slider (horizontal). One step at a time,
/// ten at a time, or to either end; the boundary earcon marks the first and last item.
@MainActor
public final class Wheel: Control {
    public let id: String
    public var label: String
    public var hint: String?
    public private(set) var role: Role
    /// The items' words, for a list that holds them (choices, settings, help, a slider's
    /// values); empty for a list whose items are made when said (`setItems(count:index:render:)`).
    public private(set) var items: [String]
    /// How many items there are, held or made when said.
    public private(set) var count: Int
    public private(set) var index: Int
    /// For a slider: the value of each item.
    public let values: [Int]?
    /// Makes an item's words when it is said, for lists whose words change with time ("5
    /// minutes ago") and long lists (200 posts): nothing is rendered for an item not heard.
    private var renderItem: ((Int) -> String)?
    /// Enter does something the screen then says (opens a post, boosts it): the list plays
    /// its sound but does not say "… selected" first, which the answer would only cut off.
    public var actsOnSelect = false
    /// The list's place is not settled yet (items shown from a cache while the server is
    /// asked): items are said without "7 of 10", which would stop being true when the answer
    /// adds items; the screen says the place once it holds.
    public var withholdsPosition = false

    public init(id: String, label: String, items: [String], index: Int = 0, hint: String? = nil) {
        precondition(!items.isEmpty, "a wheel needs items")
        self.id = id
        self.label = label
        self.items = items.map { Sanitizer.clean($0, for: .control) }
        self.count = items.count
        self.index = min(max(0, index), items.count - 1)
        self.hint = hint
        self.role = .list
        self.values = nil
    }

    /// A horizontal slider over `range` in steps of `step`, said as "50 percent".
    public init(sliderID id: String, label: String, range: ClosedRange<Int>, step: Int = 1, value: Int, unit: String = "", hint: String? = nil) {
        precondition(step > 0, "a slider steps forward")
        let values = Array(stride(from: range.lowerBound, through: range.upperBound, by: step))
        self.id = id
        self.label = label
        self.hint = hint
        self.role = .slider
        self.values = values
        self.items = values.map { unit.isEmpty ? String($0) : "\($0) \(unit)" }
        self.count = values.count
        self.index = values.lastIndex { $0 <= value } ?? 0
    }

    /// A list of settings: Up and Down move as in a list, Right and Left (and Enter) ask the
    /// screen to change the focused item's value (`.adjusted`); the screen calls `setItems`.
    public convenience init(adjustableID id: String, label: String, items: [String], index: Int = 0, hint: String? = nil) {
        self.init(id: id, label: label, items: items, index: index, hint: hint)
        role = .adjustableList
    }

    public var currentItem: String { item(at: index) }
    public var value: Int? { values?[index] }

    /// Replaces the list keeping the index in range.
    public func setItems(_ newItems: [String], index newIndex: Int? = nil) {
        precondition(!newItems.isEmpty, "a wheel needs items")
        items = newItems.map { Sanitizer.clean($0, for: .control) }
        count = items.count
        renderItem = nil
        index = min(max(0, newIndex ?? index), count - 1)
    }

    /// Replaces the list with `count` items whose words `render` makes when each is said (a
    /// timeline's posts): a start with 200 cached posts renders one, not 200.
    public func setItems(count newCount: Int, index newIndex: Int? = nil, render: @escaping (Int) -> String) {
        precondition(newCount > 0, "a wheel needs items")
        items = []
        count = newCount
        renderItem = render
        index = min(max(0, newIndex ?? index), count - 1)
    }

    /// Moves the focus without a word (the screen follows something heard elsewhere).
    public func select(_ newIndex: Int) {
        index = min(max(0, newIndex), count - 1)
    }

    /// Item `index`'s words, made now for a list that renders when said.
    public func item(at index: Int) -> String {
        renderItem.map { Sanitizer.clean($0(index), for: .control) } ?? items[index]
    }

    public func spokenState(in context: ControlContext) -> String? { currentItem }

    public func spokenPosition(in context: ControlContext) -> String? {
        role == .slider || withholdsPosition ? nil : position(context)
    }

    private func position(_ context: ControlContext) -> String {
        context.strings(.positionOf, String(index + 1), String(count))
    }

    public func handle(_ key: Key, in context: ControlContext) -> [Feedback]? {
        switch action(for: key, in: context) {
        case .next: return move(to: index + 1, in: context, forward: true)
        case .previous: return move(to: index - 1, in: context)
        case .pageForward: return move(to: index + 10, in: context, forward: true)
        case .pageBackward: return move(to: index - 10, in: context)
        case .first: return move(to: 0, in: context)
        case .last: return move(to: count - 1, in: context, forward: true)
        case .select where role == .adjustableList:
            return [.event(ControlEvent(id, .adjusted(0)))]
        case .increase: return [.event(ControlEvent(id, .adjusted(1)))]
        case .decrease: return [.event(ControlEvent(id, .adjusted(-1)))]
        case .select where actsOnSelect:
            return [.earcon(.activate), .event(ControlEvent(id, .selected(index)))]
        case .select:
            return [.earcon(.activate), .say(context.strings(.selected, currentItem)), .event(ControlEvent(id, .selected(index)))]
        case .sayPosition:
            // The position only: the item was just heard, and a long post said again to learn
            // "3 of 7" is the wait the key exists to spare (issue 39, item 8). A slider's
            // value is short and is what its position means.
            return [.say(role == .slider ? currentItem + ", " + position(context) : position(context))]
        default:
            return nil
        }
    }

    /// Moves, clamped to the ends. Arriving at an end, or pushing against it, plays the
    /// boundary earcon before the item is said.
    private func move(to target: Int, in context: ControlContext, forward: Bool = false) -> [Feedback] {
        let clamped = min(max(0, target), count - 1)
        let moved = clamped != index
        index = clamped
        var said = currentItem
        if role != .slider, !withholdsPosition, context.settings.announcesPositions, moved { said += ", " + position(context) }
        let atEnd = clamped == 0 || clamped == count - 1
        var feedback: [Feedback] = atEnd ? [.earcon(.boundary)] : []
        // Line mode prints which edge of a list: the item said again does not tell it (a
        // slider's value does).
        if atEnd, role != .slider { feedback.append(.soundWord(clamped == 0 && !forward ? .top : .end)) }
        feedback.append(.say(said))
        if moved {
            feedback += [.event(ControlEvent(id, .changed)), .redraw]
        } else if forward, role != .slider {
            feedback.append(.event(ControlEvent(id, .pushedPastEnd)))
        }
        return feedback
    }

    public func displayText(in context: ControlContext) -> String {
        if role == .slider, let values {
            let width = 20
            let filled = values.count > 1 ? index * width / (values.count - 1) : width
            return "\(label): [" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] \(currentItem)"
        }
        return "\(label): \(currentItem) (\(index + 1)/\(count))"
    }
}
