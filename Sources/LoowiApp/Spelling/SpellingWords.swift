/// The words of a post that a dictionary checks, with where each is in the text (offsets in
/// Characters, the compose field's unit). Words are runs of letters (a Character is a
/// grapheme, so accents and combining marks stay in their word); an apostrophe or a Catalan
/// middle dot between two letters stays inside ("don't", "l'home", "col·legi"). Not checked:
/// @names, #tags, links, :custom_emoji:, emoji (not letters) and anything holding a digit
/// ("2nd", "h2o"): no dictionary knows them and a list of them would hide real mistakes.
struct SpellingWord: Equatable, Sendable {
    let text: String
    /// Characters of the whole text.
    let range: Range<Int>
}

enum SpellingWords {
    static func words(in text: String) -> [SpellingWord] {
        let characters = Array(text)
        var words: [SpellingWord] = []
        var start = 0
        while start < characters.count {
            // One token: up to the next white space.
            guard !characters[start].isWhitespace else {
                start += 1
                continue
            }
            var end = start
            while end < characters.count, !characters[end].isWhitespace { end += 1 }
            if !isSkipped(characters[start..<end]) { words += self.words(inToken: characters, start..<end) }
            start = end
        }
        return words
    }

    /// A token that is one thing not to check: a handle, a tag, a link, a custom emoji.
    private static func isSkipped(_ token: ArraySlice<Character>) -> Bool {
        let trimmed = token.drop { "([{\"'“‘¿¡«".contains($0) }
        guard let first = trimmed.first else { return true }
        if first == "@" || first == "#" || first == "＃" { return true }
        let lowered = String(trimmed).lowercased()
        if lowered.contains("://") || lowered.hasPrefix("www.") { return true }
        // :blobcat: (a server's custom emoji), perhaps with punctuation after it.
        let core = lowered.prefix { !",.;!?)]}\"”’»".contains($0) }
        return core.count > 2 && core.first == ":" && core.last == ":"
    }

    private static func words(inToken characters: [Character], _ token: Range<Int>) -> [SpellingWord] {
        var words: [SpellingWord] = []
        var index = token.lowerBound
        while index < token.upperBound {
            guard isWordCharacter(characters[index]) else {
                index += 1
                continue
            }
            let start = index
            var hasDigit = false
            while index < token.upperBound {
                let c = characters[index]
                if isWordCharacter(c) {
                    hasDigit = hasDigit || c.isNumber
                    index += 1
                } else if isJoiner(c), index + 1 < token.upperBound, characters[index + 1].isLetter, index > start, characters[index - 1].isLetter {
                    index += 1
                } else {
                    break
                }
            }
            if !hasDigit { words.append(SpellingWord(text: String(characters[start..<index]), range: start..<index)) }
        }
        return words
    }

    /// Letters and digits: a run holding a digit is a number or a code, skipped whole.
    private static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber }

    private static func isJoiner(_ c: Character) -> Bool { c == "'" || c == "’" || c == "·" }
}
