/// Everything a key can do among the controls and screens of this library. A kind of screen's
/// own keys (a timeline's reply, boost…) are the app's: see `ScreenKeys`.
public enum Action: String, Sendable, CaseIterable, Hashable {
    // Anywhere on a screen.
    case nextControl, previousControl, back, info, whereAmI, repeatLast, hush, cycleVerbosity, togglePositions, quit
    case slower, faster
    // Buttons.
    case activate
    // Labels.
    case nextWord, previousWord, readAll
    // Text fields (readline's keys).
    case cursorLeft, cursorRight, wordLeft, wordRight, lineStart, lineEnd
    case deleteBackward, deleteForward, killWordBackward, killToStart, killToEnd, yank
    // Lists, sliders and options.
    case next, previous, pageForward, pageBackward, first, last, select, cancel, sayPosition, restart
    // A list of settings: the focused item's value.
    case increase, decrease
    // Keypad.
    case exploreUp, exploreDown, exploreLeft, exploreRight, press, changeMode, deleteCharacter
    // Busy indicator.
    case status
}

/// Where a binding applies: the whole screen, or one kind of control. The focused control's
/// scope is looked up first, so Left moves a text cursor but moves focus on a button. A kind
/// of screen's own scope is declared by the app (`ScreenKeys`).
public enum KeyScope: String, Sendable, CaseIterable, Hashable {
    case global, label, button, textField, segmented, timedSelector, list, slider, keypad, busy, adjustableList

    /// The role name that heads this scope's keys in the Info text; none for global keys.
    var roleName: StringKey? {
        switch self {
        case .global: nil
        case .label: .roleLabel
        case .button: .roleButton
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

    var actions: Set<Action> {
        switch self {
        case .global:
            [.nextControl, .previousControl, .back, .info, .whereAmI, .repeatLast, .hush, .cycleVerbosity, .togglePositions, .quit, .slower, .faster]
        case .label: [.nextWord, .previousWord, .readAll]
        case .button: [.activate]
        case .textField:
            [
                .cursorLeft, .cursorRight, .wordLeft, .wordRight, .lineStart, .lineEnd, .deleteBackward,
                .deleteForward, .killWordBackward, .killToStart, .killToEnd, .yank, .readAll,
            ]
        case .segmented: [.next, .previous, .select, .cancel, .sayPosition]
        case .timedSelector: [.select, .cancel, .restart]
        case .list, .slider: [.next, .previous, .pageForward, .pageBackward, .first, .last, .select, .sayPosition]
        case .keypad: [.exploreUp, .exploreDown, .exploreLeft, .exploreRight, .press, .changeMode, .deleteCharacter, .cancel]
        case .busy: [.cancel, .status]
        case .adjustableList: [.next, .previous, .pageForward, .pageBackward, .first, .last, .select, .sayPosition, .increase, .decrease]
        }
    }
}

/// A `[keys]` entry that cannot apply. Each case carries the names that would have worked, since
/// the scopes and actions an app declared are known only to its keymap.
public enum KeymapError: Error, Equatable, CustomStringConvertible {
    case unknownKey(String)
    case unknownScope(String, known: [String])
    case unknownAction(String, known: [String])
    case actionNotInScope(action: String, scope: String, allowed: [String])

    public var description: String {
        switch self {
        case .unknownKey(let name):
            "Unknown key name \"\(name)\". Use names like Tab, Shift-Tab, Enter, Space, Ctrl-A, Alt-F, PageDown, F1, j."
        case .unknownScope(let name, let known):
            "Unknown place \"\(name)\" before the colon. Use one of: \(known.joined(separator: ", "))."
        case .unknownAction(let name, let known):
            "Unknown action \"\(name)\". Use one of: \(known.joined(separator: ", ")), or none."
        case .actionNotInScope(let action, let scope, let allowed):
            "The action \"\(action)\" does nothing in \(scope). There it can be: \(allowed.joined(separator: ", "))."
        }
    }
}

/// One table from keys to actions, per scope: the control library's scopes and the screen
/// scopes the app declared. The defaults follow PRODUCT.md; a configuration overrides them;
/// the Info text of a screen is generated from it.
public struct Keymap: Sendable, Hashable {
    private typealias ScreenBindings = (keys: ScreenKeys, bindings: [(key: Key, command: KeyCommand)])
    /// Bindings in the order they were made, so the Info text lists keys in a stable order.
    private var bindings: [KeyScope: [(key: Key, action: Action)]]
    /// The app's screen scopes in the order they were declared, each with its bindings.
    private var screens: [ScreenBindings] = []

    public static func == (a: Keymap, b: Keymap) -> Bool {
        KeyScope.allCases.allSatisfy { scope in
            (a.bindings[scope] ?? []).elementsEqual(b.bindings[scope] ?? []) { $0.key == $1.key && $0.action == $1.action }
        }
            && a.screens.elementsEqual(b.screens) { x, y in
                x.keys.name == y.keys.name && x.bindings.elementsEqual(y.bindings) { $0.key == $1.key && $0.command == $1.command }
            }
    }
    public func hash(into hasher: inout Hasher) {
        for scope in KeyScope.allCases {
            for binding in bindings[scope] ?? [] { hasher.combine(binding.key); hasher.combine(binding.action) }
        }
        for screen in screens {
            hasher.combine(screen.keys.name)
            for binding in screen.bindings { hasher.combine(binding.key); hasher.combine(binding.command) }
        }
    }

    public init() { bindings = [:] }

    public func action(for key: Key, in scope: KeyScope) -> Action? {
        bindings[scope]?.first { $0.key == key }?.action
    }

    /// The keys bound to `action` in `scope`, in binding order.
    public func keys(for action: Action, in scope: KeyScope) -> [Key] {
        (bindings[scope] ?? []).filter { $0.action == action }.map(\.key)
    }

    public mutating func bind(_ key: Key, to action: Action, in scope: KeyScope) {
        unbind(key, in: scope)
        bindings[scope, default: []].append((key, action))
    }

    public mutating func unbind(_ key: Key, in scope: KeyScope) {
        bindings[scope]?.removeAll { $0.key == key }
    }

    // MARK: Screen scopes

    /// This keymap with `screen`'s scope and its default keys added (or put back to them).
    public func declaring(_ screen: ScreenKeys) -> Keymap {
        var result = self
        result.screens.removeAll { $0.keys.name == screen.name }
        result.screens.append((screen, []))
        for binding in screen.defaults { result.bind(binding.key, to: binding.command, in: screen) }
        return result
    }

    /// Whether `screen`'s scope was declared, so its keys can be routed at all.
    public func declares(_ screen: ScreenKeys) -> Bool { screenIndex(screen.name) != nil }

    /// What `key` does in `screen`'s scope; nil if the scope was never declared.
    public func command(for key: Key, in screen: ScreenKeys) -> KeyCommand? {
        screenIndex(screen.name).flatMap { screens[$0].bindings.first { $0.key == key }?.command }
    }

    /// The keys bound to `command` in `screen`'s scope, in binding order.
    public func keys(for command: KeyCommand, in screen: ScreenKeys) -> [Key] {
        screenIndex(screen.name).map { screens[$0].bindings.filter { $0.command == command }.map(\.key) } ?? []
    }

    /// Binds in a declared screen scope; a command the scope does not take is a programming error.
    public mutating func bind(_ key: Key, to command: KeyCommand, in screen: ScreenKeys) {
        guard let index = screenIndex(screen.name) else { preconditionFailure("\(screen.name) is not declared") }
        precondition(screens[index].keys.command(named: command.name) == command, "\(command.name) does nothing in \(screen.name)")
        unbind(key, in: screen)
        screens[index].bindings.append((key, command))
    }

    public mutating func unbind(_ key: Key, in screen: ScreenKeys) {
        guard let index = screenIndex(screen.name) else { return }
        screens[index].bindings.removeAll { $0.key == key }
    }

    private func screenIndex(_ name: String) -> Int? {
        screens.firstIndex { $0.keys.name.lowercased() == name.lowercased() }
    }

    // MARK: Configuration

    /// Where a `[keys]` entry applies.
    private enum Place {
        case control(KeyScope)
        case screen(ScreenKeys)
    }

    /// Applies a configuration: `["F9": "info", "list:n": "next", "label:Backspace": "none",
    /// "timeline:x": "boost"]`. A key without `scope:` is global; a screen scope must have
    /// been declared. All entries are checked before any is applied, and the first problem is
    /// thrown with a message that says what is allowed.
    public func overridden(by configuration: [String: String]) throws(KeymapError) -> Keymap {
        var result = self
        for (spec, actionName) in configuration.sorted(by: { $0.key < $1.key }) {
            var place = Place.control(.global)
            var keyName = Substring(spec)
            if let colon = spec.firstIndex(of: ":"), spec.count > 1, colon != spec.index(before: spec.endIndex) {
                let scopeName = String(spec[..<colon])
                if let scope = KeyScope.allCases.first(where: { $0.rawValue.lowercased() == scopeName.lowercased() }) {
                    place = .control(scope)
                } else if let index = screenIndex(scopeName) {
                    place = .screen(screens[index].keys)
                } else {
                    throw .unknownScope(scopeName, known: KeyScope.allCases.map(\.rawValue) + screens.map(\.keys.name))
                }
                keyName = spec[spec.index(after: colon)...]
            }
            guard let key = Key(name: String(keyName)) else { throw .unknownKey(String(keyName)) }
            if actionName.lowercased() == "none" {
                switch place {
                case .control(let scope): result.unbind(key, in: scope)
                case .screen(let screen): result.unbind(key, in: screen)
                }
                continue
            }
            switch place {
            case .control(let scope):
                guard let action = scope.actions.first(where: { $0.rawValue.lowercased() == actionName.lowercased() }) else {
                    throw misplaced(actionName, scope: scope.rawValue, allowed: scope.actions.map(\.rawValue).sorted())
                }
                result.bind(key, to: action, in: scope)
            case .screen(let screen):
                guard let command = screen.command(named: actionName) else {
                    throw misplaced(actionName, scope: screen.name, allowed: screen.allowedNames)
                }
                result.bind(key, to: command, in: screen)
            }
        }
        return result
    }

    /// The error for an action a scope does not take: known elsewhere, or known nowhere.
    private func misplaced(_ actionName: String, scope: String, allowed: [String]) -> KeymapError {
        let known = Action.allCases.map(\.rawValue) + screens.flatMap(\.keys.actionNames)
        guard let name = known.first(where: { $0.lowercased() == actionName.lowercased() }) else {
            var unique: [String] = []
            for name in known where !unique.contains(name) { unique.append(name) }
            return .unknownAction(actionName, known: unique)
        }
        return .actionNotInScope(action: name, scope: scope, allowed: allowed)
    }

    // MARK: Info

    /// The help list's lines (F1), one key a line, the screen's own keys first, then the app's,
    /// then the controls' (the focused one's first), the screen-wide keys last; each scope's
    /// keys after a line that names it ("Timeline, keys:").
    public func helpLines(screen: ScreenKeys?, app: ScreenKeys?, scopes: [KeyScope], strings: Strings) -> [String] {
        let places = [screen, app].compactMap { $0 }.map(Place.screen) + scopes.filter { $0 != .global }.map(Place.control) + [.control(.global)]
        // No closing mark on a line: the list says ", 2 of 40" after it.
        func bare(_ line: String) -> String { line.hasSuffix(".") || line.hasSuffix(":") ? String(line.dropLast()) : line }
        return sections(places, strings: strings).flatMap { section in
            ([section.heading ?? strings(.anyScreenKeys)] + section.lines).map(bare)
        }
    }

    /// Each place's keys as sentences ("r: reply."), under its heading (none for global keys);
    /// a scope named twice or with no keys is left out.
    private func sections(_ places: [Place], strings: Strings) -> [(heading: String?, lines: [String])] {
        bound(places, strings: strings).map { section in
            var lines = section.notes.map { $0 + "." }
            for binding in section.bindings {
                lines.append(strings(.keysJoin, strings.alternatives(binding.keys.map { strings.spokenName(of: $0) }), binding.description))
            }
            return (section.heading, lines)
        }
    }

    /// Each place's actions, each once with all its keys, in binding order: what F1 says and
    /// what the manual lists.
    private func bound(_ places: [Place], strings: Strings) -> [KeymapSection] {
        var result: [KeymapSection] = []
        var seenScopes = Set<KeyScope>()
        for place in places {
            switch place {
            case .control(let scope):
                guard seenScopes.insert(scope).inserted, let bound = bindings[scope], !bound.isEmpty else { continue }
                var heading: String?
                var title: String?
                if let role = scope.roleName {
                    let name = strings(role)
                    title = name.prefix(1).uppercased() + name.dropFirst()
                    heading = strings(.infoSection, title!)
                }
                var seen = Set<Action>()
                let actions = bound.filter { seen.insert($0.action).inserted }.map { binding in
                    KeymapSection.Binding(
                        keys: keys(for: binding.action, in: scope), action: binding.action.rawValue, description: strings.describe(binding.action))
                }
                let notes = scope == .keypad ? [strings(.keypadDigitsHelp)] : []
                result.append(KeymapSection(scope: scope.rawValue, title: title, heading: heading, notes: notes, bindings: actions))
            case .screen(let screen):
                guard let index = screenIndex(screen.name), !screens[index].bindings.isEmpty else { continue }
                let declared = screens[index].keys
                var seen = Set<KeyCommand>()
                let actions = screens[index].bindings.filter { seen.insert($0.command).inserted }.map { binding in
                    KeymapSection.Binding(
                        keys: keys(for: binding.command, in: declared), action: binding.command.name,
                        description: declared.describe(binding.command, in: strings))
                }
                result.append(
                    KeymapSection(scope: declared.name, title: declared.title(in: strings), heading: declared.heading(in: strings), notes: [], bindings: actions))
            }
        }
        return result
    }

    /// Every scope's keys, for a manual: the app's screen scopes in the order they were
    /// declared, then the controls', the keys of any screen last; described in `strings`'
    /// language, each with the names config.toml's `[keys]` uses.
    public func manualSections(strings: Strings) -> [KeymapSection] {
        bound(screens.map { Place.screen($0.keys) } + KeyScope.allCases.filter { $0 != .global }.map(Place.control) + [.control(.global)], strings: strings)
    }
}

/// One scope's keys as a manual lists them (`Keymap.manualSections`).
public struct KeymapSection: Sendable {
    /// One action with every key bound to it.
    public struct Binding: Sendable {
        public let keys: [Key]
        /// The action's name in config.toml ("boost", "nextControl").
        public let action: String
        /// What it does, as F1 says it ("boost").
        public let description: String
    }

    /// The scope's name in config.toml ("timeline", "list", "global").
    public let scope: String
    /// What the scope is called, capitalised ("Timeline", "List"); nil for the keys of any screen.
    public let title: String?
    /// The line F1 says before its keys ("Timeline, keys:"); nil for the keys of any screen.
    let heading: String?
    /// Keys that are no binding of their own, said before the others ("0 to 9: press that keypad key").
    public let notes: [String]
    public let bindings: [Binding]
}

extension Keymap {
    /// The default keys (PRODUCT.md, "The interaction model").
    public static let standard: Keymap = {
        var map = Keymap()
        func bind(_ scope: KeyScope, _ action: Action, _ keys: Key...) {
            for key in keys { map.bind(key, to: action, in: scope) }
        }
        bind(.global, .nextControl, .tab, .right)
        bind(.global, .previousControl, .shiftTab, .left)
        bind(.global, .back, .escape)
        bind(.global, .info, .f(1), .character("?"))
        bind(.global, .whereAmI, .f(2))
        bind(.global, .repeatLast, .f(3))
        bind(.global, .hush, .f(4), .ctrl("g"))
        bind(.global, .cycleVerbosity, .f(5))
        bind(.global, .togglePositions, .f(6))
        bind(.global, .slower, .f(7))
        bind(.global, .faster, .f(8))
        bind(.global, .quit, .f(10), .ctrl("q"))

        bind(.button, .activate, .enter, .space)

        bind(.label, .nextWord, .space)
        bind(.label, .previousWord, .shiftSpace, .backspace)
        bind(.label, .readAll, .enter)

        bind(.textField, .cursorLeft, .left, .ctrl("b"))
        bind(.textField, .cursorRight, .right, .ctrl("f"))
        bind(.textField, .wordLeft, .alt("b"), Key(.left, .control))
        bind(.textField, .wordRight, .alt("f"), Key(.right, .control))
        bind(.textField, .lineStart, .home, .ctrl("a"))
        bind(.textField, .lineEnd, .end, .ctrl("e"))
        bind(.textField, .deleteBackward, .backspace)
        bind(.textField, .deleteForward, .delete, .ctrl("d"))
        bind(.textField, .killWordBackward, .ctrl("w"))
        bind(.textField, .killToStart, .ctrl("u"))
        bind(.textField, .killToEnd, .ctrl("k"))
        bind(.textField, .yank, .ctrl("y"))
        bind(.textField, .readAll, .enter)

        bind(.segmented, .next, .down, .character("j"))
        bind(.segmented, .previous, .up, .character("k"))
        bind(.segmented, .select, .enter)
        bind(.segmented, .cancel, .escape)
        bind(.segmented, .sayPosition, .character("p"))

        bind(.timedSelector, .select, .enter)
        bind(.timedSelector, .cancel, .escape)
        bind(.timedSelector, .restart, .space)

        bind(.list, .next, .down, .character("j"))
        bind(.list, .previous, .up, .character("k"))
        // A list pages down the way a document does; a slider's Page Up raises the value.
        bind(.list, .pageForward, .pageDown)
        bind(.list, .pageBackward, .pageUp)
        bind(.slider, .pageForward, .pageUp)
        bind(.slider, .pageBackward, .pageDown)
        for scope in [KeyScope.list, .slider] {
            bind(scope, .first, .home)
            bind(scope, .last, .end)
            bind(scope, .select, .enter)
            bind(scope, .sayPosition, .character("p"))
        }
        // A list of settings: Up and Down choose one, Right and Left change it, Enter goes
        // round its values (a switch flips).
        bind(.adjustableList, .next, .down, .character("j"))
        bind(.adjustableList, .previous, .up, .character("k"))
        bind(.adjustableList, .pageForward, .pageDown)
        bind(.adjustableList, .pageBackward, .pageUp)
        bind(.adjustableList, .first, .home)
        bind(.adjustableList, .last, .end)
        bind(.adjustableList, .increase, .right, .character("+"))
        bind(.adjustableList, .decrease, .left, .character("-"))
        bind(.adjustableList, .select, .enter, .space)
        bind(.adjustableList, .sayPosition, .character("p"))
        bind(.slider, .next, .right, .up, .character("k"))
        bind(.slider, .previous, .left, .down, .character("j"))

        bind(.keypad, .exploreUp, .up)
        bind(.keypad, .exploreDown, .down)
        bind(.keypad, .exploreLeft, .left)
        bind(.keypad, .exploreRight, .right)
        bind(.keypad, .press, .enter, .space)
        bind(.keypad, .changeMode, .character("*"), Key(.keypad(.multiply)))
        bind(.keypad, .deleteCharacter, .character("#"), .backspace, Key(.keypad(.divide)))
        bind(.keypad, .cancel, .escape)

        bind(.busy, .cancel, .escape)
        return map
    }()
}
