/// One key press, decoded from terminal bytes. Upper-case letters arrive as upper-case
/// characters (no `.shift`); `.shift` is only reported where the terminal tells it apart
/// (Shift-Tab, Shift-arrows, Shift-Space with the CSI-u protocol).
public struct Key: Hashable, Sendable {
    public enum Code: Hashable, Sendable {
        /// A printable character, including the space.
        case character(Character)
        case enter, tab, escape, backspace, delete, insert
        case up, down, left, right, home, end, pageUp, pageDown
        /// The keypad centre (5) with NumLock off.
        case begin
        /// F1 to F12.
        case function(Int)
        /// A numeric-keypad key in application mode; in numeric mode the keypad sends plain
        /// characters and cannot be told apart from the main keys.
        case keypad(KeypadKey)
    }

    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
        public static let control = Modifiers(rawValue: 4)
    }

    public var code: Code
    public var modifiers: Modifiers

    public init(_ code: Code, _ modifiers: Modifiers = []) {
        self.code = code
        self.modifiers = modifiers
    }

    public static func character(_ c: Character, _ modifiers: Modifiers = []) -> Key {
        Key(.character(c), modifiers)
    }
    public static func ctrl(_ c: Character) -> Key { Key(.character(c), .control) }
    public static func alt(_ c: Character) -> Key { Key(.character(c), .alt) }

    public static let enter = Key(.enter)
    public static let tab = Key(.tab)
    public static let shiftTab = Key(.tab, .shift)
    public static let escape = Key(.escape)
    public static let space = Key(.character(" "))
    public static let shiftSpace = Key(.character(" "), .shift)
    public static let backspace = Key(.backspace)
    public static let delete = Key(.delete)
    public static let up = Key(.up)
    public static let down = Key(.down)
    public static let left = Key(.left)
    public static let right = Key(.right)
    public static let home = Key(.home)
    public static let end = Key(.end)
    public static let pageUp = Key(.pageUp)
    public static let pageDown = Key(.pageDown)
    public static func f(_ n: Int) -> Key { Key(.function(n)) }

    /// The character typed, if this key types one (no Ctrl or Alt held).
    public var typedCharacter: Character? {
        guard case .character(let c) = code,
            modifiers.isDisjoint(with: [.control, .alt])
        else { return nil }
        return c
    }

    /// The keypad digit this key presses: a digit typed on the main keys or the numeric keypad
    /// in either mode.
    public var digit: Int? {
        switch code {
        case .character(let c) where modifiers.isEmpty: c.wholeNumberValue.flatMap { (0...9).contains($0) && c.isASCII ? $0 : nil }
        case .keypad(.digit(let d)): d
        case .begin: 5
        default: nil
        }
    }
}

/// The keys of the numeric keypad in application mode.
public enum KeypadKey: Hashable, Sendable {
    case digit(Int)
    case decimal, plus, minus, multiply, divide, enter, equals
}

/// What the decoder produces: a key, a bracketed paste, or a sequence it does not know (which
/// the program answers with the soft-error earcon and otherwise ignores).
public enum KeyEvent: Hashable, Sendable {
    case key(Key)
    case paste(String)
    /// A paste ended before its end marker; the user is told, so keys are never lost in silence.
    case pasteEnded(PasteEnd)
    case unknown([UInt8])
}

/// Why a bracketed paste ended without its end marker.
public enum PasteEnd: Hashable, Sendable {
    /// Nothing more came for a while.
    case quiet
    /// It passed the size limit; the rest was left out.
    case tooLong
    /// F10 or Ctrl-Q was pressed, which a paste never swallows.
    case key
}
