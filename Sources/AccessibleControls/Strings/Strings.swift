/// The languages of the interface. One string table each; a missing string falls back to
/// English, never to the key's name.
public enum Language: String, Sendable, CaseIterable, Hashable {
    case english = "en"
    case spanish = "es"
    case catalan = "ca"

    var table: [StringKey: String] {
        switch self {
        case .english: Strings.english
        case .spanish: Strings.spanish
        case .catalan: Strings.catalan
        }
    }

    var actionTable: [Action: String] {
        switch self {
        case .english: Strings.englishActions
        case .spanish: Strings.spanishActions
        case .catalan: Strings.catalanActions
        }
    }

    var keyNameTable: [String: String] {
        switch self {
        case .english: [:]
        case .spanish: Strings.spanishKeyNames
        case .catalan: Strings.catalanKeyNames
        }
    }
}

/// Every fixed piece of wording the controls speak. Placeholders are `{0}`, `{1}`.
public enum StringKey: String, Sendable, CaseIterable, Hashable {
    // Roles.
    case roleLabel, roleButton, roleToggleButton, roleTextField, roleSegmented
    case roleTimedSelector, roleList, roleSlider, roleKeypad, roleBusy
    // Hints, one per role.
    case hintLabel, hintButton, hintToggle, hintTextField, hintSegmented
    case hintTimedSelector, hintList, hintSlider, hintKeypad, hintBusy
    // States.
    case on, off, unavailable, unavailableBecause, empty, selected, positionOf
    case cursorAtStart, cursorAtEnd, cursorBefore, nothingSelected
    // Editing.
    case startOfText, endOfText, deleted, limitReached, nothingToYank
    // Choosing.
    case cancelled, cancelledBackTo, waitForOption, listeningAgain
    // Keypad.
    case modeLower, modeUpper, modeNumbers, modeSymbols
    case keypadKey, keypadModeKey, keypadDeleteKey, nothingToDelete, keypadDigitsHelp
    // Busy indicator.
    case busyWaiting, busyStatus, busyCancelQuestion, busyCancelled, busyContinues
    case seconds, oneSecond, minutesAndSeconds
    // Characters that speech would otherwise skip.
    case charSpace, charPeriod, charComma, charQuestion, charExclamation, charAt
    case charHyphen, charUnderscore, charSlash, charColon, charSemicolon, charApostrophe
    case charQuote, charLeftParen, charRightParen, charHash, charStar, charPlus
    case charEquals, charAmpersand, charPercent, capitalLetter
    // Screens.
    case whereAmI, infoTitle, or, keysJoin, noKeys, toolbarBack, toolbarInfo
    case quitQuestion, quitCancelled, goodbye, firstScreen, nothingToRepeat, infoSection
    case pasteEndedQuiet, pasteEndedTooLong, pasteEndedKey
    case keypadKeyName, positionsOn, positionsOff
    case verbosityBeginner, verbosityIntermediate, verbosityExpert
    case rateNow, rateFastest, rateSlowest
}

/// The words of one language. Cheap to make: the tables are static.
public struct Strings: Sendable, Hashable {
    public let language: Language

    public init(_ language: Language) { self.language = language }

    /// The text for `key` with `{0}`, `{1}`… filled in from `arguments`.
    public func callAsFunction(_ key: StringKey, _ arguments: String...) -> String {
        let template = language.table[key] ?? Strings.english[key] ?? ""
        return Self.fill(template, arguments)
    }

    static func fill(_ template: String, _ arguments: [String]) -> String {
        var text = template
        for (index, argument) in arguments.enumerated() {
            text = text.replacing("{\(index)}", with: argument)
        }
        return text
    }

    /// What an action does, for the Info text ("next control").
    public func describe(_ action: Action) -> String {
        language.actionTable[action] ?? Strings.englishActions[action] ?? action.rawValue
    }

    /// A key's name as spoken in this language ("Flecha arriba" for Up in Spanish).
    public func spokenName(of key: Key) -> String {
        // A lone punctuation key ("?", "*") is said by name; speech would skip the symbol.
        if key.modifiers.isEmpty, case .character(let c) = key.code, c != " ", !c.isLetter, !c.isNumber {
            return spokenCharacter(c)
        }
        if case .keypad(let k) = key.code, key.modifiers.isEmpty {
            return self(.keypadKeyName, spokenCharacter(k.character))
        }
        let parts = key.nameParts
        let table = language.keyNameTable
        return parts.map { table[$0] ?? $0 }.joined(separator: "-")
    }

    /// How a single character is spoken on its own: names for the punctuation a speech
    /// engine would skip, "capital" before upper-case letters.
    public func spokenCharacter(_ c: Character) -> String {
        let named: StringKey? =
            switch c {
            case " ": .charSpace
            case ".": .charPeriod
            case ",": .charComma
            case "?": .charQuestion
            case "!": .charExclamation
            case "@": .charAt
            case "-": .charHyphen
            case "_": .charUnderscore
            case "/": .charSlash
            case ":": .charColon
            case ";": .charSemicolon
            case "'": .charApostrophe
            case "\"": .charQuote
            case "(": .charLeftParen
            case ")": .charRightParen
            case "#": .charHash
            case "*": .charStar
            case "+": .charPlus
            case "=": .charEquals
            case "&": .charAmpersand
            case "%": .charPercent
            default: nil
            }
        if let named { return self(named) }
        if c.isLetter, c.isUppercase { return self(.capitalLetter, String(c)) }
        return String(c)
    }

    /// "3 seconds", "1 minute 5 seconds".
    public func duration(_ d: Duration) -> String {
        let total = Int(d.components.seconds)
        if total < 60 { return total == 1 ? self(.oneSecond) : self(.seconds, String(total)) }
        return self(.minutesAndSeconds, String(total / 60), String(total % 60))
    }

    /// "a, b or c" in this language.
    public func alternatives(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " " + self(.or) + " " + items.last!
    }
}
