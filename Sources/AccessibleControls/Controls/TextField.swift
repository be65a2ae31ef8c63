import TextSafety

/// Editable text with a cursor (iLoowi's LVTextField) and readline's editing keys. On focus it
/// says its text and where the cursor is; as you type it echoes per the key-echo setting.
@MainActor
public final class TextField: Control {
    public let id: String
    public let role = Role.textField
    public var label: String
    public var hint: String?
    /// Nil: no limit. At the limit, typing plays the limit earcon and says so.
    public var maxLength: Int?
    public private(set) var characters: [Character] = []
    /// Index into `characters`: 0 is before the first, `count` after the last.
    public private(set) var cursor: Int = 0
    /// What Ctrl-W, Ctrl-U and Ctrl-K cut, for Ctrl-Y.
    public private(set) var killBuffer: String = ""

    public init(id: String, label: String, text: String = "", maxLength: Int? = nil, hint: String? = nil) {
        self.id = id
        self.label = label
        self.maxLength = maxLength
        self.hint = hint
        characters = Array(Sanitizer.clean(text, for: .terminal))
        cursor = characters.count
    }

    public var text: String { String(characters) }

    public func spokenState(in context: ControlContext) -> String? {
        let strings = context.strings
        let content = characters.isEmpty ? strings(.empty) : text
        return content + ", " + cursorPosition(strings)
    }

    func cursorPosition(_ strings: Strings) -> String {
        if cursor == characters.count { return strings(.cursorAtEnd) }
        if cursor == 0 { return strings(.cursorAtStart) }
        return strings(.cursorBefore, strings.spokenCharacter(characters[cursor]))
    }

    // MARK: Keys

    public func handle(_ key: Key, in context: ControlContext) -> [Feedback]? {
        let strings = context.strings
        switch action(for: key, in: context) {
        case .cursorLeft:
            guard cursor > 0 else { return [.earcon(.boundary), .say(strings(.startOfText))] }
            cursor -= 1
            return [.say(strings.spokenCharacter(characters[cursor])), .redraw]
        case .cursorRight:
            guard cursor < characters.count else { return [.earcon(.boundary), .say(strings(.endOfText))] }
            cursor += 1
            return [.say(characterAtCursor(strings)), .redraw]
        case .wordLeft:
            return moveWordLeft(in: context)
        case .wordRight:
            return moveWordRight(in: context)
        case .lineStart:
            cursor = 0
            return [.say(strings(.startOfText)), .redraw]
        case .lineEnd:
            cursor = characters.count
            return [.say(strings(.endOfText)), .redraw]
        case .deleteBackward:
            return deleteBackward(in: context)
        case .deleteForward:
            guard cursor < characters.count else { return [.earcon(.boundary), .say(strings(.endOfText))] }
            let removed = characters.remove(at: cursor)
            return [.say(strings(.deleted, strings.spokenCharacter(removed))), .event(ControlEvent(id, .changed)), .redraw]
        case .killWordBackward:
            // unix-word-rubout: back to the previous whitespace, as Ctrl-W does in a shell.
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            return kill(start..<cursor, in: context)
        case .killToStart:
            return kill(0..<cursor, in: context)
        case .killToEnd:
            return kill(cursor..<characters.count, in: context)
        case .yank:
            guard !killBuffer.isEmpty else { return [.earcon(.softError), .say(strings(.nothingToYank))] }
            return insert(killBuffer, in: context)
        case .readAll:
            return [.say(spokenState(in: context)!), .event(ControlEvent(id, .submitted(text)))]
        default:
            guard let c = key.typedCharacter else { return nil }
            return insert(String(c), in: context)
        }
    }

    public func handlePaste(_ text: String, in context: ControlContext) -> [Feedback]? {
        insert(text, in: context)
    }

    // MARK: Editing, also used by the keypad

    /// Inserts at the cursor what fits. One character is echoed per the key-echo setting;
    /// more (a paste, a yank) is said whole. `echo: false` leaves the speaking to the caller.
    public func insert(_ newText: String, in context: ControlContext, echo: Bool = true) -> [Feedback] {
        let clean = Array(Sanitizer.clean(newText, for: .terminal))
        guard !clean.isEmpty else { return [.earcon(.softError)] }
        let room = maxLength.map { max(0, $0 - characters.count) } ?? clean.count
        let fitting = Array(clean.prefix(room))
        var feedback: [Feedback] = []
        if !fitting.isEmpty {
            characters.insert(contentsOf: fitting, at: cursor)
            cursor += fitting.count
            if echo { feedback += self.echo(fitting, in: context) }
            feedback += [.event(ControlEvent(id, .changed)), .redraw]
        }
        if fitting.count < clean.count, let maxLength {
            feedback += [.earcon(.limitReached), .say(context.strings(.limitReached, String(maxLength)))]
        }
        return feedback
    }

    /// Moves the cursor to the start of the word before it and says that word (also the
    /// compose screen's word-left button, iLoowi's way of reading a draft by word).
    public func moveWordLeft(in context: ControlContext) -> [Feedback] {
        guard cursor > 0 else { return [.earcon(.boundary), .say(context.strings(.startOfText))] }
        cursor = wordStart(before: cursor)
        return [.say(wordAt(cursor)), .redraw]
    }

    /// Moves the cursor past the next word and says it.
    public func moveWordRight(in context: ControlContext) -> [Feedback] {
        let strings = context.strings
        guard cursor < characters.count else { return [.earcon(.boundary), .say(strings(.endOfText))] }
        let from = cursor
        cursor = wordEnd(after: cursor)
        let passed = String(characters[from..<cursor]).trimmingWhitespace
        return [.say(passed.isEmpty ? strings(.endOfText) : passed), .redraw]
    }

    /// Deletes the character before the cursor and says which.
    public func deleteBackward(in context: ControlContext) -> [Feedback] {
        let strings = context.strings
        guard cursor > 0 else { return [.earcon(.boundary), .say(strings(.startOfText))] }
        cursor -= 1
        let removed = characters.remove(at: cursor)
        return [.say(strings(.deleted, strings.spokenCharacter(removed))), .event(ControlEvent(id, .changed)), .redraw]
    }

    /// Replaces the `count` characters before the cursor with `newText`, cursor after it, and
    /// says nothing: the caller speaks (a completion says what it chose and its position).
    public func replaceBeforeCursor(_ count: Int, with newText: String) -> [Feedback] {
        let start = max(0, cursor - max(0, count))
        characters.replaceSubrange(start..<cursor, with: Array(Sanitizer.clean(newText, for: .terminal)))
        cursor = start + Sanitizer.clean(newText, for: .terminal).count
        if let maxLength, characters.count > maxLength {
            characters = Array(characters.prefix(maxLength))
            cursor = min(cursor, characters.count)
        }
        return [.event(ControlEvent(id, .changed)), .redraw]
    }

    /// Replaces the characters in `range` with `newText` if they still read `expected` (a
    /// spelling correction chosen on another screen); false, changing nothing, if not. The
    /// cursor stays on the same character of the text around it.
    public func replace(_ range: Range<Int>, expecting expected: String, with newText: String) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= characters.count, String(characters[range]) == expected else { return false }
        let replacement = Array(Sanitizer.clean(newText, for: .terminal))
        if let maxLength, characters.count - range.count + replacement.count > maxLength { return false }
        characters.replaceSubrange(range, with: replacement)
        if cursor >= range.upperBound {
            cursor += replacement.count - range.count
        } else if cursor > range.lowerBound {
            cursor = range.lowerBound
        }
        return true
    }

    /// The text from the start to the cursor.
    public var textBeforeCursor: String { String(characters[..<cursor]) }

    /// Replaces the whole text (a one-line prompt loading history), cursor at the end.
    public func setText(_ newText: String) {
        characters = Array(Sanitizer.clean(newText, for: .terminal))
        if let maxLength, characters.count > maxLength { characters = Array(characters.prefix(maxLength)) }
        cursor = characters.count
    }

    // MARK: Private

    private func echo(_ typed: [Character], in context: ControlContext) -> [Feedback] {
        let strings = context.strings
        guard typed.count == 1, let c = typed.first else { return [.say(String(typed))] }
        let mode = context.settings.keyEcho
        var said: [String] = []
        // A word is echoed when the character that ends it is typed.
        if mode == .words || mode == .both, !isWordCharacter(c), cursor >= 2, isWordCharacter(characters[cursor - 2]) {
            said.append(wordAt(wordStart(before: cursor - 1)))
        }
        if mode == .characters || mode == .both { said.append(strings.spokenCharacter(c)) }
        return said.map { .say($0) }
    }

    private func kill(_ range: Range<Int>, in context: ControlContext) -> [Feedback] {
        let strings = context.strings
        guard !range.isEmpty else { return [.earcon(.boundary)] }
        killBuffer = String(characters[range])
        characters.removeSubrange(range)
        cursor = range.lowerBound
        let said = killBuffer.trimmingWhitespace.isEmpty ? strings.spokenCharacter(" ") : killBuffer.trimmingWhitespace
        return [.say(strings(.deleted, said)), .event(ControlEvent(id, .changed)), .redraw]
    }

    private func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber }

    /// readline's backward-word: over non-word characters, then over the word.
    private func wordStart(before index: Int) -> Int {
        var i = index
        while i > 0, !isWordCharacter(characters[i - 1]) { i -= 1 }
        while i > 0, isWordCharacter(characters[i - 1]) { i -= 1 }
        return i
    }

    /// readline's forward-word: over non-word characters, then to the end of the word.
    private func wordEnd(after index: Int) -> Int {
        var i = index
        while i < characters.count, !isWordCharacter(characters[i]) { i += 1 }
        while i < characters.count, isWordCharacter(characters[i]) { i += 1 }
        return i
    }

    private func wordAt(_ index: Int) -> String {
        var end = index
        while end < characters.count, isWordCharacter(characters[end]) { end += 1 }
        return String(characters[index..<end])
    }

    private func characterAtCursor(_ strings: Strings) -> String {
        cursor < characters.count ? strings.spokenCharacter(characters[cursor]) : strings(.endOfText)
    }

    public func displayText(in context: ControlContext) -> String {
        var shown = characters
        shown.insert("|", at: cursor)
        return "\(label): \(String(shown))"
    }
}

extension String {
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
