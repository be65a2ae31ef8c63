import Localization

/// Every fixed piece of wording the controls speak. Placeholders are `{0}`, `{1}`.
public enum StringKey: String, TranslatedText, CaseIterable {
    // Roles.
    case roleLabel, roleButton, roleToggleButton, roleTextField, roleSegmented
    case roleTimedSelector, roleList, roleSlider, roleKeypad, roleBusy, roleAdjustableList
    // Hints, one per role.
    case hintLabel, hintButton, hintToggle, hintTextField, hintSegmented
    case hintTimedSelector, hintList, hintSlider, hintKeypad, hintBusy, hintAdjustableList
    // States.
    case on, off, unavailable, unavailableBecause, empty, selected, selectedOnMove, positionOf
    case cursorAtStart, cursorAtEnd, cursorBefore, nothingSelected
    // Editing.
    case startOfText, endOfText, deleted, limitReached, nothingToYank, lineEditingUnavailable
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
    case whereAmI, or, keysJoin, noKeys, toolbarBack, toolbarInfo
    case quitQuestion, quitCancelled, goodbye, firstScreen, nothingToRepeat, infoSection
    case anyScreenKeys, helpTitle, helpSummary, helpList, helpFocused, toolbarInfoHint
    case pasteEndedQuiet, pasteEndedTooLong, pasteEndedKey
    case keypadKeyName
    // Line mode's words for sounds (`SoundWord`), printed in brackets.
    case wordNoAction, wordTop, wordEnd, wordEdge, wordWrapped, wordError, wordNewPost, wordMention, wordDirectMessage
    case wordBoost, wordFavourite, wordFollow, wordSent, wordFull, wordReady, wordSilenced
}

extension StringKey {
    public static let tables: [Language: [StringKey: String]] = [.britishEnglish: english, .spanish: spanish, .catalan: catalan]

    /// Key names where a language says them differently from the canonical English ones.
    static func keyNames(_ language: Language) -> [String: String] {
        switch language.base {
        case .spanish: spanishKeyNames
        case .catalan: catalanKeyNames
        case .britishEnglish, .americanEnglish: [:]
        }
    }
}

/// What each action does, for the Info text ("next control").
extension Action: TranslatedText {
    public static let tables: [Language: [Action: String]] = [.britishEnglish: english, .spanish: spanish, .catalan: catalan]
}

/// The words the controls speak, in one language: `strings(.positionOf, "3", "20")`.
public typealias Strings = Catalogue<StringKey>

extension Catalogue where TextKey == StringKey {
    /// What an action does, for the Info text ("next control").
    public func describe(_ action: Action) -> String {
        Catalogue<Action>(language).template(action) ?? action.rawValue
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
        let table = StringKey.keyNames(language)
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
