/// Splits hashtags whose words run together where the writer's capitals and digits show the
/// joins: `#DogsOfMastodon` → `#Dogs Of Mastodon`, `#COVID19Vaccine` → `#COVID 19 Vaccine`.
/// An all-lowercase tag is left as written (nothing shows where its words end).
enum HashtagWords {
    static func split(_ text: String) -> String {
        guard text.contains("#") else { return text }
        var out = ""
        var rest = Substring(text)
        while let hash = rest.firstIndex(of: "#") {
            out += rest[..<hash]
            let afterHash = rest.index(after: hash)
            let end = rest[afterHash...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? rest.endIndex
            // "C#Sharp" or "a#b" is not a hashtag: only a # after a space or punctuation.
            let startsTag = out.last.map { !($0.isLetter || $0.isNumber) } ?? true
            out.append("#")
            out += startsTag ? words(of: rest[afterHash..<end]) : String(rest[afterHash..<end])
            rest = rest[end...]
        }
        return out + rest
    }

    /// "DogsOfMastodon" → "Dogs Of Mastodon"; "HTTPServer" → "HTTP Server"; "a_b" → "a b".
    static func words(of tag: Substring) -> String {
        let characters = Array(tag)
        var out = ""
        for (index, character) in characters.enumerated() {
            if character == "_" {
                if !out.isEmpty, out.last != " " { out.append(" ") }
                continue
            }
            if index > 0, out.last != " ", boundary(before: index, in: characters) { out.append(" ") }
            out.append(character)
        }
        return out.trimmingSpaces()
    }

    private static func boundary(before index: Int, in characters: [Character]) -> Bool {
        let previous = characters[index - 1]
        let current = characters[index]
        if previous.isNumber != current.isNumber, previous.isLetter || current.isLetter, previous != "_" { return true }
        guard current.isUppercase else { return false }
        if previous.isLowercase { return true }
        // The last capital of a run followed by a lowercase letter starts a word: HTTPServer.
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        return previous.isUppercase && next?.isLowercase == true
    }
}
