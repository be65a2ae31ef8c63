/// Everything a key can do. Each action belongs to the scopes where it means something.
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
    // Keypad.
    case exploreUp, exploreDown, exploreLeft, exploreRight, press, changeMode, deleteCharacter
    // Busy indicator.
    case status
    // A timeline's single-key accelerators: common actions without moving focus.
    case reply, boost, favourite, newPost, refresh, openAuthor, authorDetails, directMessage, expand
}

/// Where a binding applies: the whole screen, or one kind of control. The focused control's
/// scope is looked up first, so Left moves a text cursor but moves focus on a button.
public enum KeyScope: String, Sendable, CaseIterable, Hashable {
    case global, label, button, textField, segmented, timedSelector, list, slider, keypad, busy
    /// A timeline screen's own keys, tried after the focused control and the global keys.
    case timeline

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
        case .timeline: .scopeTimeline
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
        case .timeline:
            [.reply, .boost, .favourite, .newPost, .refresh, .openAuthor, .authorDetails, .directMessage, .expand, .whereAmI, .repeatLast]
        }
    }
}

public enum KeymapError: Error, Equatable, CustomStringConvertible {
    case unknownKey(String)
    case unknownScope(String)
    case unknownAction(String)
    case actionNotInScope(action: String, scope: String)

    public var description: String {
        switch self {
        case .unknownKey(let name):
            "Unknown key name \"\(name)\". Use names like Tab, Shift-Tab, Enter, Space, Ctrl-A, Alt-F, PageDown, F1, j."
        case .unknownScope(let name):
            "Unknown place \"\(name)\" before the colon. Use one of: \(KeyScope.allCases.map(\.rawValue).joined(separator: ", "))."
        case .unknownAction(let name):
            "Unknown action \"\(name)\". Use one of: \(Action.allCases.map(\.rawValue).joined(separator: ", ")), or none."
        case .actionNotInScope(let action, let scope):
            "The action \"\(action)\" does nothing in \(scope). There it can be: \(KeyScope(rawValue: scope)!.actions.map(\.rawValue).sorted().joined(separator: ", "))."
        }
    }
}

/// One table from keys to actions, per scope. The defaults follow PRODUCT.md; a
/// configuration overrides them; the Info text of a screen is generated from it.
public struct Keymap: Sendable, Hashable {
    /// Bindings in the order they were made, so the Info text lists keys in a stable order.
    private var bindings: [KeyScope: [(key: Key, action: Action)]]

    public static func == (a: Keymap, b: Keymap) -> Bool {
        KeyScope.allCases.allSatisfy { scope in
            (a.bindings[scope] ?? []).elementsEqual(b.bindings[scope] ?? []) { $0.key == $1.key && $0.action == $1.action }
        }
    }
    public func hash(into hasher: inout Hasher) {
        for scope in KeyScope.allCases {
            for binding in bindings[scope] ?? [] { hasher.combine(binding.key); hasher.combine(binding.action) }
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

    /// Applies a configuration: `["F9": "info", "list:n": "next", "label:Backspace": "none"]`.
    /// A key without `scope:` is global. All entries are checked before any is applied, and
    /// the first problem is thrown with a message that says what is allowed.
    public func overridden(by configuration: [String: String]) throws(KeymapError) -> Keymap {
        var result = self
        for (spec, actionName) in configuration.sorted(by: { $0.key < $1.key }) {
            var scope = KeyScope.global
            var keyName = Substring(spec)
            if let colon = spec.firstIndex(of: ":"), spec.count > 1, colon != spec.index(before: spec.endIndex) {
                let scopeName = String(spec[..<colon])
                guard let s = KeyScope.allCases.first(where: { $0.rawValue.lowercased() == scopeName.lowercased() }) else {
                    throw .unknownScope(scopeName)
                }
                scope = s
                keyName = spec[spec.index(after: colon)...]
            }
            guard let key = Key(name: String(keyName)) else { throw .unknownKey(String(keyName)) }
            if actionName.lowercased() == "none" {
                result.unbind(key, in: scope)
                continue
            }
            guard let action = Action.allCases.first(where: { $0.rawValue.lowercased() == actionName.lowercased() }) else {
                throw .unknownAction(actionName)
            }
            guard scope.actions.contains(action) else {
                throw .actionNotInScope(action: action.rawValue, scope: scope.rawValue)
            }
            result.bind(key, to: action, in: scope)
        }
        return result
    }

    /// The Info text: for each scope in turn, each action with its keys, in the user's language.
    /// "Tab or Right: next control. Shift-Tab or Left: previous control. …"
    public func infoText(title: String, scopes: [KeyScope], strings: Strings) -> String {
        var sentences = [strings(.infoTitle, title)]
        var seenScopes = Set<KeyScope>()
        for scope in scopes where seenScopes.insert(scope).inserted {
            guard let bound = bindings[scope], !bound.isEmpty else { continue }
            if let role = scope.roleName {
                let name = strings(role)
                sentences.append(strings(.infoSection, name.prefix(1).uppercased() + name.dropFirst()))
            }
            if scope == .keypad { sentences.append(strings(.keypadDigitsHelp) + ".") }
            var seen = Set<Action>()
            for binding in bindings[scope] ?? [] where seen.insert(binding.action).inserted {
                let keys = self.keys(for: binding.action, in: scope).map { strings.spokenName(of: $0) }
                sentences.append(strings(.keysJoin, strings.alternatives(keys), strings.describe(binding.action)))
            }
        }
        return sentences.joined(separator: " ")
    }
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

        // Letters are safe here: a text field takes typed letters before any screen key.
        bind(.timeline, .reply, .character("r"))
        bind(.timeline, .boost, .character("b"))
        bind(.timeline, .favourite, .character("f"))
        bind(.timeline, .newPost, .character("n"))
        bind(.timeline, .refresh, .character("u"))
        bind(.timeline, .openAuthor, .character("a"))
        bind(.timeline, .authorDetails, .character("d"))
        bind(.timeline, .directMessage, .character("m"))
        bind(.timeline, .expand, .character("e"))
        bind(.timeline, .whereAmI, .character("w"))
        bind(.timeline, .repeatLast, .character("."))

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
