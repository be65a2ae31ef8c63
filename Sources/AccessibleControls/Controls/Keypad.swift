/// The phone keypad of iLoowi's LVKeyboard: 12 keys in a 3x4 grid, four modes, a mode key
/// (*) and a delete key (#). Committed characters go into a target text field.
///
///     1 2 3
///     4 5 6
///     7 8 9
///     * 0 #
@MainActor
public final class Keypad: Control {
    public typealias Instant = ContinuousClock.Instant

    public enum Mode: CaseIterable, Sendable {
        case lower, upper, numbers, symbols

        var nameKey: StringKey {
            switch self {
            case .lower: .modeLower
            case .upper: .modeUpper
            case .numbers: .modeNumbers
            case .symbols: .modeSymbols
            }
        }
    }

    /// How a key with several characters is used (a setting).
    public enum EntryStyle: String, Sendable, Hashable, CaseIterable {
        /// The iLoowi way: the pressed key says its characters in turn; pressing it again or
        /// Enter takes the one being said; another key takes it and starts.
        case timed
        /// The classic phone: each press moves to the next character; a pause takes it.
        case multiTap = "multi-tap"
    }

    /// The keys in grid order, left to right, top to bottom.
    public static let keys: [Character] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"]
    static let modeKey = 9
    static let deleteKey = 11
    static let centreKey = 4

    static let letters: [String] = [".,?!1", "abc2", "def3", "ghi4", "jkl5", "mno6", "pqrs7", "tuv8", "wxyz9", "", " 0", ""]
    static let symbols: [String] = [".,?!", "@/:", "-_+", "()=", "'\";", "&%", "#*", "", "", "", " ", ""]

    public let id: String
    public let role = Role.keypad
    public var label: String
    public var hint: String?
    public var style: EntryStyle
    public private(set) var mode: Mode = .lower
    /// The key the arrows have reached, in grid order.
    public private(set) var explored: Int = Keypad.centreKey
    /// The key being used and the character it is on, waiting to be taken.
    public private(set) var pending: (key: Int, character: Int, due: Instant)?
    public let target: TextField

    public init(id: String, label: String, target: TextField, style: EntryStyle = .timed, hint: String? = nil) {
        self.id = id
        self.label = label
        self.target = target
        self.style = style
        self.hint = hint
    }

    /// The characters of a key in the current mode; empty for the mode and delete keys.
    public func characters(ofKey index: Int) -> [Character] {
        if index == Self.modeKey || index == Self.deleteKey { return [] }
        switch mode {
        case .lower: return Array(Self.letters[index])
        case .upper: return Array(Self.letters[index].uppercased())
        case .numbers: return [Self.keys[index]]
        case .symbols: return Array(Self.symbols[index].isEmpty ? String(Self.keys[index]) : Self.symbols[index])
        }
    }

    public func spokenState(in context: ControlContext) -> String? { context.strings(mode.nameKey) }

    public func handle(_ key: Key, in context: ControlContext) -> [Feedback]? {
        if let digit = key.digit {
            return press(Self.keys.firstIndex(of: Character(String(digit)))!, in: context)
        }
        switch action(for: key, in: context) {
        case .exploreUp: return explore(rows: -1, columns: 0, in: context)
        case .exploreDown: return explore(rows: 1, columns: 0, in: context)
        case .exploreLeft: return explore(rows: 0, columns: -1, in: context)
        case .exploreRight: return explore(rows: 0, columns: 1, in: context)
        case .press:
            if style == .timed, pending != nil { return commit(in: context) }
            return press(explored, in: context)
        case .changeMode: return press(Self.modeKey, in: context)
        case .deleteCharacter: return press(Self.deleteKey, in: context)
        case .cancel:
            guard pending != nil else { return nil }
            pending = nil
            return [.say(context.strings(.cancelled)), .redraw]
        default:
            return nil
        }
    }

    /// A tap waiting to be taken (multi-tap) or to move on (timed).
    public var needsTicks: Bool { pending != nil }

    public func tick(in context: ControlContext) -> [Feedback] {
        guard let pending, context.now >= pending.due else { return [] }
        switch style {
        case .multiTap:
            return commit(in: context)
        case .timed:
            let characters = characters(ofKey: pending.key)
            let next = (pending.character + 1) % characters.count
            return offer(key: pending.key, character: next, in: context)
        }
    }

    public func focusLost(in context: ControlContext) -> [Feedback] {
        // A timed choice not yet taken is dropped; a multi-tap one is taken, as a phone does.
        guard pending != nil else { return [] }
        if style == .multiTap { return commit(in: context) }
        pending = nil
        return []
    }

    // MARK: Keys

    private func press(_ index: Int, in context: ControlContext) -> [Feedback] {
        let strings = context.strings
        var feedback: [Feedback] = index == Self.centreKey ? [.earcon(.keypadCentre)] : []
        explored = index
        if index == Self.modeKey {
            feedback += takePending(in: context)
            let all = Mode.allCases
            mode = all[(all.firstIndex(of: mode)! + 1) % all.count]
            return feedback + [.say(strings(mode.nameKey)), .redraw]
        }
        if index == Self.deleteKey {
            if pending != nil {
                pending = nil
                return feedback + [.say(strings(.cancelled)), .redraw]
            }
            guard !target.characters.isEmpty, target.cursor > 0 else {
                return feedback + [.earcon(.boundary), .say(strings(.nothingToDelete))]
            }
            return feedback + target.deleteBackward(in: context)
        }
        let characters = characters(ofKey: index)
        if characters.count == 1 {
            feedback += takePending(in: context)
            return feedback + put(characters[0], in: context)
        }
        if let pending, pending.key == index {
            switch style {
            case .timed:
                return feedback + commit(in: context)
            case .multiTap:
                return feedback + offer(key: index, character: (pending.character + 1) % characters.count, in: context)
            }
        }
        feedback += takePending(in: context)
        return feedback + offer(key: index, character: 0, in: context)
    }

    /// Says a key's character and waits: for the next one (timed) or to take it (multi-tap).
    private func offer(key: Int, character: Int, in context: ControlContext) -> [Feedback] {
        let c = characters(ofKey: key)[character]
        let said = context.strings.spokenCharacter(c)
        let wait =
            switch style {
            case .timed: context.settings.estimatedDuration(of: said) + context.settings.selectorPause
            case .multiTap: context.settings.multiTapTimeout
            }
        pending = (key, character, context.now + wait)
        return [.say(said), .redraw]
    }

    private func takePending(in context: ControlContext) -> [Feedback] {
        pending == nil ? [] : commit(in: context)
    }

    private func commit(in context: ControlContext) -> [Feedback] {
        guard let pending else { return [] }
        self.pending = nil
        return put(characters(ofKey: pending.key)[pending.character], in: context)
    }

    /// Writes into the target, always saying the character (whatever the key-echo setting),
    /// because here the user chose it by ear and must hear it was taken.
    private func put(_ c: Character, in context: ControlContext) -> [Feedback] {
        let inserted = target.insert(String(c), in: context, echo: false)
        if inserted.contains(.earcon(.limitReached)) { return inserted }
        return [.earcon(.activate), .say(context.strings.spokenCharacter(c))] + inserted
    }

    private func explore(rows: Int, columns: Int, in context: ControlContext) -> [Feedback] {
        let row = explored / 3 + rows
        let column = explored % 3 + columns
        guard (0..<4).contains(row), (0..<3).contains(column) else {
            return [.earcon(.boundary), .say(describeKey(explored, context.strings))]
        }
        explored = row * 3 + column
        let centre: [Feedback] = explored == Self.centreKey ? [.earcon(.keypadCentre)] : []
        return centre + [.say(describeKey(explored, context.strings)), .redraw]
    }

    /// "2, a b c 2"; "star, change mode".
    func describeKey(_ index: Int, _ strings: Strings) -> String {
        let name = strings.spokenCharacter(Self.keys[index])
        switch index {
        case Self.modeKey: return strings(.keypadKey, name, strings(.keypadModeKey))
        case Self.deleteKey: return strings(.keypadKey, name, strings(.keypadDeleteKey))
        default:
            let letters = characters(ofKey: index).map { strings.spokenCharacter($0) }.joined(separator: " ")
            return letters == name ? name : strings(.keypadKey, name, letters)
        }
    }

    public func displayText(in context: ControlContext) -> String {
        let strings = context.strings
        var rows: [String] = ["\(label) (\(strings(mode.nameKey)))"]
        for row in 0..<4 {
            let cells = (0..<3).map { column -> String in
                let index = row * 3 + column
                var shown = String(Self.keys[index]) + " " + String(characters(ofKey: index)).replacing(" ", with: "_")
                if index == Self.modeKey { shown = "* mode" }
                if index == Self.deleteKey { shown = "# del" }
                shown = shown.padding(to: 9)
                return index == explored ? ">" + shown : " " + shown
            }
            rows.append(cells.joined(separator: "|"))
        }
        return rows.joined(separator: "\n")
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
