/// What a key does: one of the control library's own actions, or an action the app declared
/// for a kind of screen. The library never knows what an app action means, so it carries the
/// raw value of the app's action enum; `ControlScreen.onAction(_:_:)` turns it back into
/// that enum before the app sees it.
public enum KeyCommand: Hashable, Sendable {
    case control(Action)
    case screen(String)

    /// The name config.toml gives it.
    var name: String {
        switch self {
        case .control(let action): action.rawValue
        case .screen(let name): name
        }
    }
}

/// A kind of screen's own keys, declared by the app (a timeline's r, b, f…): the scope's name
/// as config.toml writes it (`"timeline:x" = "boost"`), its actions with their default keys,
/// and what the scope and each action are called in every language. The keymap routes them
/// after the focused control and the global keys, and Info lists them, without the control
/// library knowing anything of what they do.
public struct ScreenKeys: Sendable {
    /// One default binding: one of the app's actions, or one of the navigator's own (global)
    /// actions on a key of this screen's (w for where am I on a timeline).
    public enum Default<AppAction: Sendable>: Sendable {
        case app(AppAction, Key)
        case control(Action, Key)
    }

    /// The scope's name in config.toml and in its error messages.
    public let name: String
    /// The app's action names (its enum's raw values), in declaration order.
    let actionNames: [String]
    /// The control actions this scope may bind: the ones its defaults use. Only global
    /// actions can be among them, since the navigator carries them out, not a control.
    let controlActions: Set<Action>
    let defaults: [(key: Key, command: KeyCommand)]
    private let spokenName: @Sendable (Language) -> String
    private let describeAction: @Sendable (String, Language) -> String?

    /// - Parameters:
    ///   - spokenName: the scope as Info says it before its keys ("timeline" → "Timeline, keys:").
    ///   - describe: what an action does, for Info ("reply"), in the user's language.
    ///   - defaults: the keys, in the order Info lists them.
    public init<AppAction: RawRepresentable & CaseIterable & Sendable>(
        name: String, spokenName: @escaping @Sendable (Language) -> String,
        describe: @escaping @Sendable (AppAction, Language) -> String, defaults: [Default<AppAction>]
    ) where AppAction.RawValue == String {
        let names = AppAction.allCases.map(\.rawValue)
        // A shared name would make `"timeline:x" = "next"` or `"list:x"` ambiguous in config.toml.
        precondition(Set(names).isDisjoint(with: Action.allCases.map(\.rawValue)), "\(name): an app action is named like a control action")
        precondition(KeyScope.allCases.allSatisfy { $0.rawValue.lowercased() != name.lowercased() }, "\(name) is a control scope")
        self.name = name
        actionNames = names
        self.spokenName = spokenName
        describeAction = { name, language in AppAction(rawValue: name).map { describe($0, language) } }
        var controls = Set<Action>()
        self.defaults = defaults.map { binding in
            switch binding {
            case .app(let action, let key):
                return (key, .screen(action.rawValue))
            case .control(let action, let key):
                precondition(KeyScope.global.actions.contains(action), "\(action) is not a screen-wide action")
                controls.insert(action)
                return (key, .control(action))
            }
        }
        controlActions = controls
    }

    /// The command config.toml names in this scope ("boost", "whereAmI"), any case.
    func command(named text: String) -> KeyCommand? {
        if let name = actionNames.first(where: { $0.lowercased() == text.lowercased() }) { return .screen(name) }
        return controlActions.first { $0.rawValue.lowercased() == text.lowercased() }.map(KeyCommand.control)
    }

    /// Every action name this scope takes, sorted, for the message about a misplaced one.
    var allowedNames: [String] { (actionNames + controlActions.map(\.rawValue)).sorted() }

    func heading(in strings: Strings) -> String {
        strings(.infoSection, title(in: strings))
    }

    /// The scope's name, capitalised: "Timeline".
    func title(in strings: Strings) -> String {
        let name = spokenName(strings.language)
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    func describe(_ command: KeyCommand, in strings: Strings) -> String {
        switch command {
        case .control(let action): strings.describe(action)
        case .screen(let name): describeAction(name, strings.language) ?? name
        }
    }
}
