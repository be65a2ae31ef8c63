internal import CReadline

/// A one-line prompt edited by GNU readline: the editing keys, the history (Up and Down) and
/// the user's own `~/.inputrc` bindings work as they do in a shell. Readline never draws or
/// touches the terminal here: each key is turned back into the bytes a terminal would send
/// and fed to readline in memory; after each, the line is compared with what it was and the
/// difference is spoken, so the echo follows whatever readline did.
///
/// Readline keeps its state in globals, so only one prompt can be active in a process:
/// activating one (on focus) takes readline over from any other.
@MainActor
public final class ReadlineField: Control {
    public let id: String
    public let role = Role.textField
    public var label: String
    public var hint: String?
    public private(set) var text: String = ""
    /// The cursor, in characters.
    public private(set) var cursor: Int = 0
    /// Lines entered, oldest first; readline's history while this prompt is active.
    public private(set) var history: [String]

    public init(id: String, label: String, history: [String] = [], hint: String? = nil) {
        self.id = id
        self.label = label
        self.history = history.map(TextSanitizer.clean)
        self.hint = hint
    }

    /// Whether readline reads `~/.inputrc` (and `$INPUTRC`). Off in tests, so the user's
    /// bindings do not change what a test hears. Must be set before the first prompt.
    public static func readUserBindings(_ read: Bool) {
        ReadlineBridge.readUserBindings = read
    }

    public func spokenState(in context: ControlContext) -> String? {
        let strings = context.strings
        let content = text.isEmpty ? strings(.empty) : text
        let position =
            cursor == text.count
            ? strings(.cursorAtEnd)
            : cursor == 0
                ? strings(.cursorAtStart)
                : strings(.cursorBefore, strings.spokenCharacter(Array(text)[cursor]))
        return content + ", " + position
    }

    public func focusGained(in context: ControlContext) -> [Feedback] {
        ReadlineBridge.activate(self) ? [] : Self.unavailable(in: context)
    }

    public func handle(_ key: Key, in context: ControlContext) -> [Feedback]? {
        // Focus movement and screen keys stay with loowi; everything else is readline's.
        if key == .tab || key == .shiftTab || key == .escape { return nil }
        if case .function = key.code { return nil }
        guard let bytes = key.terminalBytes else { return nil }
        return feed(bytes, readsWholeLine: Self.historyKeys.contains(key), in: context)
    }

    /// What the field says when readline could not be opened: nothing can be typed, and no
    /// key is silent about it.
    private static func unavailable(in context: ControlContext) -> [Feedback] {
        [.earcon(.softError), .say(context.strings(.lineEditingUnavailable))]
    }

    /// Keys that bring back another line: the whole line is read, not just what differs.
    static let historyKeys: Set<Key> = [.up, .down, .pageUp, .pageDown, .ctrl("p"), .ctrl("n"), .alt("<"), .alt(">")]

    public func handlePaste(_ text: String, in context: ControlContext) -> [Feedback]? {
        let clean = TextSanitizer.clean(text)
        guard !clean.isEmpty else { return [.earcon(.softError)] }
        return feed(Array(clean.utf8), in: context)
    }

    private func feed(_ bytes: [UInt8], readsWholeLine: Bool = false, in context: ControlContext) -> [Feedback] {
        guard ReadlineBridge.activate(self) else { return Self.unavailable(in: context) }
        let before = (text: Array(text), cursor: cursor)
        let accepted = ReadlineBridge.feed(bytes)
        let after = ReadlineBridge.state()
        if let line = accepted {
            text = ""
            cursor = 0
            if !line.isEmpty { history.append(line) }
            let said = line.isEmpty ? context.strings(.empty) : line
            return [.say(said), .event(ControlEvent(id, .submitted(line))), .redraw]
        }
        text = after.text
        cursor = after.cursor
        if readsWholeLine, before.text != Array(after.text) {
            return [.say(text.isEmpty ? context.strings(.empty) : text), .event(ControlEvent(id, .changed)), .redraw]
        }
        return speakChange(from: before, to: (Array(after.text), after.cursor), in: context)
    }

    /// What changed, as a listener wants it: typed characters echoed, deletions named, a
    /// moved cursor saying where it is, a recalled line read whole.
    private func speakChange(from old: (text: [Character], cursor: Int), to new: (text: [Character], cursor: Int), in context: ControlContext)
        -> [Feedback]
    {
        let strings = context.strings
        if old.text == new.text {
            if old.cursor == new.cursor { return [.earcon(.boundary)] }
            if new.cursor == new.text.count { return [.say(strings(.endOfText)), .redraw] }
            if new.cursor == 0, abs(old.cursor - new.cursor) > 1 { return [.say(strings(.startOfText)), .redraw] }
            if abs(old.cursor - new.cursor) == 1 { return [.say(strings.spokenCharacter(new.text[new.cursor])), .redraw] }
            if new.cursor > old.cursor {
                // Forward by a word: say the word passed over, as readline's Alt-F leaves the
                // cursor after it.
                let passed = String(new.text[old.cursor..<new.cursor]).trimmingWhitespace
                return [.say(passed.isEmpty ? strings.spokenCharacter(" ") : passed), .redraw]
            }
            var end = new.cursor
            while end < new.text.count, new.text[end].isLetter || new.text[end].isNumber { end += 1 }
            let word = String(new.text[new.cursor..<end])
            return [.say(word.isEmpty ? strings.spokenCharacter(new.text[new.cursor]) : word), .redraw]
        }
        var prefix = 0
        while prefix < min(old.text.count, new.text.count), old.text[prefix] == new.text[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(old.text.count, new.text.count) - prefix,
            old.text[old.text.count - 1 - suffix] == new.text[new.text.count - 1 - suffix]
        { suffix += 1 }
        let removed = String(old.text[prefix..<(old.text.count - suffix)])
        let inserted = String(new.text[prefix..<(new.text.count - suffix)])
        var feedback: [Feedback]
        if removed.isEmpty, inserted.count == 1, let c = inserted.first {
            feedback = echo(c, in: new.text, cursor: new.cursor, context)
        } else if removed.isEmpty {
            let trimmed = inserted.trimmingWhitespace
            feedback = [.say(trimmed.isEmpty ? strings.spokenCharacter(" ") : trimmed)]
        } else if inserted.isEmpty {
            let said = removed.count == 1 ? strings.spokenCharacter(removed.first!) : removed.trimmingWhitespace
            feedback = [.say(strings(.deleted, said.isEmpty ? strings.spokenCharacter(" ") : said))]
        } else {
            // A history line or a transposition: read the line as it is now.
            feedback = [.say(String(new.text))]
        }
        return feedback + [.event(ControlEvent(id, .changed)), .redraw]
    }

    private func echo(_ c: Character, in text: [Character], cursor: Int, _ context: ControlContext) -> [Feedback] {
        let mode = context.settings.keyEcho
        var said: [String] = []
        let isWord: (Character) -> Bool = { $0.isLetter || $0.isNumber }
        if mode == .words || mode == .both, !isWord(c), cursor >= 2, isWord(text[cursor - 2]) {
            var start = cursor - 1
            while start > 0, isWord(text[start - 1]) { start -= 1 }
            said.append(String(text[start..<(cursor - 1)]))
        }
        if mode == .characters || mode == .both { said.append(context.strings.spokenCharacter(c)) }
        return said.map { .say($0) }
    }

    public func displayText(in context: ControlContext) -> String {
        var shown = Array(text)
        shown.insert("|", at: cursor)
        return "\(label): \(String(shown))"
    }
}

/// The one connection to readline's globals. Everything runs on the main actor: readline's
/// callbacks are called synchronously from inside `rl_callback_read_char`, which is only
/// called from `feed`.
@MainActor
enum ReadlineBridge {
    static var readUserBindings = true
    /// The library opened at the first prompt. Tests name one that is not there; another name
    /// is opened afresh and set up again as if it were the first.
    static var libraryName = "libreadline.so.8" {
        didSet { loaded = nil; configured = false; owner = nil }
    }
    /// nil until the first prompt; then the table, or .some(nil) when it could not be opened.
    private static var loaded: UnsafePointer<CReadline_library>??
    private static var configured = false
    private static weak var owner: ReadlineField?
    private static var pending: [UInt8] = []
    private static var accepted: String?

    /// Readline, opened on first use; nil when it could not be.
    private static var library: UnsafePointer<CReadline_library>? {
        if let loaded { return loaded }
        let library = CReadline_load(libraryName)
        loaded = .some(library)
        return library
    }

    /// Why readline cannot be opened, or nil when it can (`LineEditing.problem`).
    static var problem: String? {
        library == nil ? "\(libraryName) could not be opened" : nil
    }

    /// Whether readline could be opened: only then does it edit `field`'s line.
    static func activate(_ field: ReadlineField) -> Bool {
        guard let library else { return false }
        guard owner !== field else { return true }
        if !configured {
            configured = true
            if !readUserBindings { setenv("INPUTRC", "/dev/null", 1) }
            CReadline_configure(library, readlineGetc, readlineInputAvailable)
        } else {
            library.pointee.callback_handler_remove()
        }
        owner = field
        library.pointee.clear_history()
        for line in field.history { library.pointee.add_history(line) }
        library.pointee.callback_handler_install("", readlineLineHandler)
        CReadline_set_line(library, field.text)
        return true
    }

    /// Feeds bytes one at a time; returns the line if readline accepted one. Only after
    /// `activate` succeeded.
    static func feed(_ bytes: [UInt8]) -> String? {
        guard let library else { return nil }
        accepted = nil
        for byte in bytes {
            pending.append(byte)
            while !pending.isEmpty { library.pointee.callback_read_char() }
            if let line = accepted {
                // A new line starts; keep any bytes after Enter for it.
                library.pointee.callback_handler_install("", readlineLineHandler)
                return line
            }
        }
        return nil
    }

    static func state() -> (text: String, cursor: Int) {
        guard let library else { return ("", 0) }
        let buffer = Array((library.pointee.line_buffer.pointee.map { String(cString: $0) } ?? "").utf8)
        let end = Int(library.pointee.end.pointee)
        let point = min(Int(library.pointee.point.pointee), end)
        let text = String(decoding: buffer.prefix(end), as: UTF8.self)
        let cursor = String(decoding: buffer.prefix(point), as: UTF8.self).count
        return (text, cursor)
    }

    fileprivate static func nextByte() -> Int32 {
        guard !pending.isEmpty else { return EOF }
        return Int32(pending.removeFirst())
    }

    fileprivate static var hasInput: Bool { !pending.isEmpty }

    fileprivate static func lineAccepted(_ line: String?) {
        let clean = TextSanitizer.clean(line ?? "")
        accepted = clean
        if !clean.isEmpty { library?.pointee.add_history(clean) }
    }
}

// The C callbacks. Readline calls them only from within `rl_callback_read_char`, which only
// `ReadlineBridge.feed` calls, on the main actor.
private func readlineGetc(_ stream: UnsafeMutablePointer<FILE>?) -> Int32 {
    MainActor.assumeIsolated { ReadlineBridge.nextByte() }
}

private func readlineInputAvailable() -> Int32 {
    MainActor.assumeIsolated { ReadlineBridge.hasInput ? 1 : 0 }
}

private func readlineLineHandler(_ line: UnsafeMutablePointer<CChar>?) {
    let text = line.map { String(cString: $0) }
    free(line)
    MainActor.assumeIsolated { ReadlineBridge.lineAccepted(text) }
}

/// Whether the text fields can be typed in, for `loowi doctor`: readline is opened (as the
/// first prompt would open it) and kept for the process.
public enum LineEditing {
    @MainActor public static var problem: String? { ReadlineBridge.problem }
}
