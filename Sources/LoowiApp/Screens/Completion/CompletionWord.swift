/// The word being typed at the cursor when it asks for a completion: "@gra" (an account),
/// "#bre" (a hashtag) or ":blob" (one of the server's emoji). It must start a word, so an
/// address (`ana@example.org`), a URL's anchor or a time (`10:30`) asks for nothing.
struct CompletionWord: Hashable {
    enum Kind: Hashable {
        case account, hashtag, emoji

        var trigger: Character {
            switch self {
            case .account: "@"
            case .hashtag: "#"
            case .emoji: ":"
            }
        }
    }

    let kind: Kind
    /// What follows the trigger ("gra"; "grace@example.org" for a remote handle).
    let query: String

    /// The trigger and the query, as typed: what a chosen suggestion replaces.
    var typed: String { String(kind.trigger) + query }

    /// An emoji's name needs two letters: ":)" and ":D" are faces, not questions.
    static let shortestEmoji = 2

    /// The word ending at `cursor` in `characters`, or nil when it asks for nothing.
    static func at(_ characters: [Character], cursor: Int) -> CompletionWord? {
        guard cursor > 0, cursor <= characters.count else { return nil }
        // A handle may hold dots, dashes and its server's "@": scan back over those first.
        var start = cursor
        while start > 0, isHandleCharacter(characters[start - 1]) { start -= 1 }
        if start < cursor, characters[start] == "@", startsWord(characters, at: start) {
            let query = String(characters[(start + 1)..<cursor])
            return query.isEmpty || query.contains("@@") ? nil : CompletionWord(kind: .account, query: query)
        }
        start = cursor
        while start > 0, isNameCharacter(characters[start - 1]) { start -= 1 }
        guard start > 0, start < cursor, startsWord(characters, at: start - 1) else { return nil }
        let query = String(characters[start..<cursor])
        switch characters[start - 1] {
        case "#": return CompletionWord(kind: .hashtag, query: query)
        case ":" where query.count >= shortestEmoji: return CompletionWord(kind: .emoji, query: query)
        default: return nil
        }
    }

    /// Letters, digits and "_": what Mastodon takes in a hashtag or an emoji's shortcode.
    static func isNameCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    private static func isHandleCharacter(_ c: Character) -> Bool { isNameCharacter(c) || c == "." || c == "-" || c == "@" }

    /// At the start of the text, or after a space or an opening bracket or quote.
    private static func startsWord(_ characters: [Character], at index: Int) -> Bool {
        index == 0 || characters[index - 1].isWhitespace || "([{\"'¡¿«".contains(characters[index - 1])
    }
}
