import TextSafety

/// Text to listen to (iLoowi's LVLabel): said whole on focus, then word by word.
@MainActor
public final class Label: Control {
    public let id: String
    public let role = Role.label
    /// The name said before the text ("Author"); may be empty.
    public var label: String
    /// The text, cleaned of anything that could control the terminal or the speech engine.
    public private(set) var text: String
    public var hint: String?
    /// The word last read by Space / Shift-Space; nil before the first.
    public private(set) var wordIndex: Int?

    public init(id: String, label: String = "", text: String, hint: String? = nil) {
        self.id = id
        self.label = label
        self.text = Sanitizer.clean(text, for: .control)
        self.hint = hint
    }

    /// The units Space and Shift-Space step through when they are not the text's own words:
    /// a post whose emoji run is said as a count ("5 emoji: …") is read word by word one emoji
    /// at a time, by name.
    private var wordUnits: [String]?

    public func setText(_ newText: String, words: [String]? = nil) {
        text = Sanitizer.clean(newText, for: .control)
        wordUnits = words.map { $0.map { Sanitizer.clean($0, for: .control) }.filter { !$0.isEmpty } }
        wordIndex = nil
    }

    var words: [String] { wordUnits ?? text.split(whereSeparator: \.isWhitespace).map(String.init) }

    public func spokenState(in context: ControlContext) -> String? {
        text.isEmpty ? context.strings(.empty) : text
    }

    public func handle(_ key: Key, in context: ControlContext) -> [Feedback]? {
        let words = self.words
        switch action(for: key, in: context) {
        case .nextWord:
            guard !words.isEmpty else { return [.earcon(.boundary)] }
            let next = (wordIndex ?? -1) + 1
            // Line mode prints which end: the word said again does not tell it.
            guard next < words.count else { return [.earcon(.boundary), .soundWord(.end), .say(words[words.count - 1])] }
            wordIndex = next
            return [.say(words[next])]
        case .previousWord:
            guard !words.isEmpty else { return [.earcon(.boundary)] }
            let previous = (wordIndex ?? 0) - 1
            guard previous >= 0 else {
                wordIndex = 0
                return [.earcon(.boundary), .soundWord(.top), .say(words[0])]
            }
            wordIndex = previous
            return [.say(words[previous])]
        case .readAll:
            wordIndex = nil
            return [.say(text.isEmpty ? context.strings(.empty) : text)]
        default:
            return nil
        }
    }

    public func focusGained(in context: ControlContext) -> [Feedback] {
        wordIndex = nil
        return []
    }

    public func displayText(in context: ControlContext) -> String {
        label.isEmpty ? text : "\(label): \(text)"
    }
}
