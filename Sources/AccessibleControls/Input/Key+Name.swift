import TextSafety

extension Key {
    /// The canonical name used in the keymap configuration and the Info text: "Tab",
    /// "Shift-Tab", "Ctrl-A", "Alt-F", "PageDown", "F1", "Keypad5", "j", "?".
    public var name: String { nameParts.joined(separator: "-") }

    var nameParts: [String] {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        switch code {
        case .character(" "): parts.append("Space")
        case .character("-"): parts.append("Minus")
        case .character(let c):
            parts.append(modifiers.contains(.control) ? c.uppercased() : String(c))
        case .function(let n): parts.append("F\(n)")
        case .keypad(let k): parts.append("Keypad" + k.name)
        default: parts.append(Self.codeNames.first { $0.value == code }!.key)
        }
        return parts
    }

    static let codeNames: [String: Code] = [
        "Enter": .enter, "Tab": .tab, "Escape": .escape, "Backspace": .backspace,
        "Delete": .delete, "Insert": .insert, "Up": .up, "Down": .down, "Left": .left,
        "Right": .right, "Home": .home, "End": .end, "PageUp": .pageUp, "PageDown": .pageDown,
        "Begin": .begin, "Space": .character(" "), "Minus": .character("-"),
    ]

    /// Parses a key name as written in a configuration file; nil if it names no key.
    /// Names are case-insensitive except a single character ("j" is not "J").
    public init?(name: String) {
        var rest = Substring(name)
        var modifiers: Modifiers = []
        let prefixes: [(String, Modifiers)] = [("ctrl-", .control), ("alt-", .alt), ("shift-", .shift)]
        var found = true
        while found && rest.count > 1 {
            found = false
            for (prefix, modifier) in prefixes where rest.lowercased().hasPrefix(prefix) && rest.count > prefix.count {
                modifiers.insert(modifier)
                rest = rest.dropFirst(prefix.count)
                found = true
            }
        }
        let base = String(rest)
        if base.count == 1, let c = base.first {
            guard let scalar = c.unicodeScalars.first, HiddenScalars.isPrintable(scalar) else { return nil }
            self.init(.character(modifiers.contains(.control) ? Character(c.lowercased()) : c), modifiers)
            return
        }
        if let code = Self.codeNames.first(where: { $0.key.lowercased() == base.lowercased() })?.value {
            self.init(code, modifiers)
            return
        }
        if base.lowercased().hasPrefix("f"), let n = Int(base.dropFirst()), (1...12).contains(n) {
            self.init(.function(n), modifiers)
            return
        }
        if base.lowercased().hasPrefix("keypad"),
            let key = KeypadKey(name: String(base.dropFirst("keypad".count)))
        {
            self.init(.keypad(key), modifiers)
            return
        }
        return nil
    }
}

extension KeypadKey {
    /// The character the key types.
    var character: Character {
        switch self {
        case .digit(let d): Character(String(d))
        case .decimal: "."
        case .plus: "+"
        case .minus: "-"
        case .multiply: "*"
        case .divide: "/"
        case .enter: "\r"
        case .equals: "="
        }
    }

    var name: String {
        switch self {
        case .digit(let d): String(d)
        case .decimal: "Decimal"
        case .plus: "Plus"
        case .minus: "Minus"
        case .multiply: "Multiply"
        case .divide: "Divide"
        case .enter: "Enter"
        case .equals: "Equals"
        }
    }

    init?(name: String) {
        if let d = Int(name), (0...9).contains(d) { self = .digit(d); return }
        let all: [KeypadKey] = [.decimal, .plus, .minus, .multiply, .divide, .enter, .equals]
        guard let key = all.first(where: { $0.name.lowercased() == name.lowercased() }) else { return nil }
        self = key
    }
}
