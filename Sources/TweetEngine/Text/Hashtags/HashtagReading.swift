import Localization

/// How a post's hashtags are heard: each as its words, and the block of tags that ends a post
/// said once, after the text, as "hashtags: dogs of mastodon, caturday". The "#" is never said:
/// the listener wants the words, and that they are tags is said once, for the block; a tag
/// inside a sentence is one of its words.
enum HashtagReading {
    /// `pieces`: the post's paragraphs and lines, cleaned. The block is the last pieces made of
    /// tags alone (a closing paragraph or lines of tags), or else two or more tags that end the
    /// last piece.
    static func apply(_ pieces: [String], words: HashtagWords, options: SpeakableTextOptions) -> [String] {
        var pieces = pieces
        var block: [Substring] = []
        while let last = pieces.last, let tags = tagsAlone(last) {
            block.insert(contentsOf: tags, at: 0)
            pieces.removeLast()
        }
        if block.isEmpty, let last = pieces.last, let (kept, tags) = endingTags(last), tags.count >= 2 {
            pieces[pieces.count - 1] = kept
            block = tags
        }
        var result = pieces.map(words.inline)
        if !block.isEmpty {
            let say = Catalogue<EngineText>(options.language)
            let list = block.map { words.words(of: $0) }.joined(separator: ", ")
            result.append(options.interfacePhrase(say(block.count == 1 ? .hashtagOne : .hashtagList, options.ownWords(list))))
        }
        return result
    }

    /// The tags of a piece made of nothing else ("#cats #dogs"); nil if it has anything else.
    static func tagsAlone(_ piece: String) -> [Substring]? {
        // Most pieces are not tags alone, which their first word shows without cutting them all.
        guard piece.first(where: { !$0.isWhitespace }) == "#" else { return nil }
        var tags: [Substring] = []
        for token in piece.split(whereSeparator: \.isWhitespace) {
            guard let tag = tag(in: token) else { return nil }
            tags.append(tag)
        }
        return tags.isEmpty ? nil : tags
    }

    /// The piece without the tags that end it, and those tags ("Sunset #beach #sea" → "Sunset",
    /// [beach, sea]); nil when it does not end with a tag or is nothing but tags.
    static func endingTags(_ piece: String) -> (String, [Substring])? {
        // Most pieces do not end with a tag, which their last word shows without cutting them all.
        let end = piece.lastIndex(where: { !$0.isWhitespace }).map(piece.index(after:)) ?? piece.startIndex
        let lastWord = piece[..<end].lastIndex(where: \.isWhitespace).map(piece.index(after:)) ?? piece.startIndex
        guard tag(in: piece[lastWord..<end]) != nil else { return nil }
        let tokens = piece.split(whereSeparator: \.isWhitespace)
        var tags: [Substring] = []
        var index = tokens.endIndex
        while index > tokens.startIndex, let tag = tag(in: tokens[index - 1]) {
            tags.insert(tag, at: 0)
            index -= 1
        }
        guard !tags.isEmpty, index > tokens.startIndex else { return nil }
        return (String(piece[..<tokens[index - 1].endIndex]), tags)
    }

    /// "#beach" or "#beach." → "beach"; nil for a token that is not a tag ("#1", "C#", "word").
    static func tag(in token: Substring) -> Substring? {
        guard token.first == "#" else { return nil }
        var body = token.dropFirst()
        while let last = body.last, ".,;:!?".contains(last) { body = body.dropLast() }
        guard !body.isEmpty, body.allSatisfy(HashtagWords.isTagCharacter), body.contains(where: \.isLetter) else { return nil }
        return body
    }
}
