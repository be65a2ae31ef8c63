/// Reads a hashtag as the words it is made of, without its "#": `#DogsOfMastodon` and
/// `#dogsofmastodon` are both "dogs of mastodon", `#COVID19Vaccine` "COVID 19 vaccine".
/// Capitals, digits and underscores show where the writer's words end; a run written all in
/// lowercase is cut by the segmenter (nil: left as written). A capitalised word is said in
/// lowercase, since its capital only marked the join (and a voice set to raise its pitch at
/// capitals would do so at every word); a word in capitals ("COVID", "BBC") stays as written,
/// since it may be initials to spell.
struct HashtagWords: Sendable {
    let segmenter: HashtagSegmenter?

    /// Text with each hashtag in it read as its words: "I love #caturday" → "I love caturday".
    /// Only a "#" after a space or punctuation starts a tag ("C#" is not one), and only one with
    /// a letter ("#1" is a number and keeps its "#").
    func inline(_ text: String) -> String {
        // By bytes: most pieces have no "#", and a search by characters walks all of them.
        guard text.utf8.contains(UInt8(ascii: "#")) else { return text }
        var out = ""
        var rest = Substring(text)
        while let hash = rest.firstIndex(of: "#") {
            out.append(contentsOf: rest[..<hash])
            let afterHash = rest.index(after: hash)
            let end = rest[afterHash...].firstIndex { !Self.isTagCharacter($0) } ?? rest.endIndex
            let tag = rest[afterHash..<end]
            let startsTag = out.last.map { !($0.isLetter || $0.isNumber) } ?? true
            if startsTag, tag.contains(where: \.isLetter) {
                out += words(of: tag)
            } else {
                out.append("#")
                out.append(contentsOf: tag)
            }
            rest = rest[end...]
        }
        out.append(contentsOf: rest)
        return out
    }

    /// "DogsOfMastodon" → "dogs of mastodon"; "HTTPServer" → "HTTP server"; "a_b" → "a b".
    func words(of tag: Substring) -> String {
        var words: [String] = []
        for piece in Self.pieces(of: tag) {
            if piece.allSatisfy(\.isLowercase), let segmenter, let ends = segmenter.wordEnds(piece) {
                var begin = 0
                for end in ends {
                    words.append(String(piece[begin..<end]))
                    begin = end
                }
            } else if piece.count > 1, piece[0].isUppercase, piece.dropFirst().allSatisfy(\.isLowercase) {
                words.append(String(piece).lowercased())
            } else {
                words.append(String(piece))
            }
        }
        return words.joined(separator: " ")
    }

    static func isTagCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// The tag cut where capitals, digits and underscores show the writer's words.
    static func pieces(of tag: Substring) -> [[Character]] {
        let characters = Array(tag)
        var pieces: [[Character]] = []
        var current: [Character] = []
        for (index, character) in characters.enumerated() {
            if character == "_" {
                if !current.isEmpty { pieces.append(current) }
                current = []
                continue
            }
            if index > 0, !current.isEmpty, boundary(before: index, in: characters) {
                pieces.append(current)
                current = []
            }
            current.append(character)
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
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
