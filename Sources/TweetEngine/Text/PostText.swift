import Localization

/// Post HTML to plain text for the ear.
///
/// A single forward pass over the UTF-8 bytes with no recursion, so huge or deeply nested
/// input costs linear time and constant stack. Paragraphs and line breaks become sentence
/// breaks (a pause in speech), invisible spans are dropped, character references decoded,
/// mentions and hashtags read as `@name` and `#tag`, web links per `options.links`. Every
/// piece is sanitised after decoding, because a reference like `&#27;` can spell an escape.
public enum PostText {
    /// The text as one string of sentences. `postLanguage`: the post's own language tag
    /// ("es"), which chooses the word list its hashtags are cut with; `author`: the writer's
    /// handle, for their voice when people have voices.
    public static func from(
        html: String, options: SpeakableTextOptions = SpeakableTextOptions(),
        customEmojiShortcodes: Set<String>? = nil, card: (url: String, title: String)? = nil, postLanguage: String? = nil,
        author: String? = nil
    ) -> String {
        join(
            segments(
                html: html, options: options, customEmojiShortcodes: customEmojiShortcodes, card: card, postLanguage: postLanguage, author: author))
    }

    /// The units that word-by-word reading (Space) steps through: the words of `from`, except
    /// that an emoji named or counted in a run there is its own unit here, by name, so reading
    /// word by word reaches each one.
    public static func words(
        html: String, options: SpeakableTextOptions = SpeakableTextOptions(),
        customEmojiShortcodes: Set<String>? = nil, card: (url: String, title: String)? = nil, postLanguage: String? = nil
    ) -> [String] {
        var kept = options
        // Units are marked whole by the caller: no stretch may open in one unit and end in another.
        kept.readsPostLanguage = false
        kept.personVoices = nil
        let named = options.unicodeEmoji == .names || options.unicodeEmoji == .collapse
        if named { kept.unicodeEmoji = .keep }
        let text = from(html: html, options: kept, customEmojiShortcodes: customEmojiShortcodes, card: card, postLanguage: postLanguage)
        kept.emojiLanguage = WordList.Language.forPost(postLanguage, interface: options.language)
        return named ? EmojiFilter.wordUnits(text, options: kept) : text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// The addresses of the web links in `html`, in order, each once (mentions and hashtags
    /// are not links to open).
    public static func links(html: String) -> [String] {
        var converter = HTMLToTextConverter(options: SpeakableTextOptions())
        converter.run(Array(html.utf8))
        var seen = Set<String>()
        return converter.links.filter { seen.insert($0).inserted }
    }

    /// The text split where the HTML had paragraph or line breaks (for line mode display).
    ///
    /// Each piece is sanitised first (remote text is untrusted), then styled letters are made
    /// plain (before emoji, since some are emoji-like symbols), emoji read per the options, and
    /// with `splitsHashtags` the hashtags read as words with the closing block of tags said once.
    public static func segments(
        html: String, options: SpeakableTextOptions = SpeakableTextOptions(),
        customEmojiShortcodes: Set<String>? = nil, card: (url: String, title: String)? = nil, postLanguage: String? = nil,
        author: String? = nil
    ) -> [String] {
        var options = options
        options.ownLanguage = options.ownVoice(postLanguage, author: author)
        // Emoji are named, and hashtags cut, in the post's own language when loowi knows it.
        let list = WordList.Language.forPost(postLanguage, interface: options.language)
        options.emojiLanguage = list
        var converter = HTMLToTextConverter(options: options, card: card)
        converter.run(Array(html.utf8))
        var pieces = converter.segments.compactMap {
            let cleaned = inline(Sanitizer.clean($0, for: .line), options: options, shortcodes: customEmojiShortcodes)
            let trimmed = cleaned.trimmingSpaces()
            return trimmed.isEmpty ? nil : trimmed
        }
        if options.splitsHashtags {
            let words = HashtagWords(segmenter: HashtagSegmenter(list: list))
            pieces = HashtagReading.apply(pieces, words: words, options: options)
        }
        return pieces
    }

    /// Plain text that is already clean (a content warning, a piece of a post) with its styled
    /// letters made plain, said with one cue a run, and its emoji read per the options.
    public static func inline(_ text: String, options: SpeakableTextOptions, shortcodes: Set<String>?) -> String {
        let say = Catalogue<EngineText>(options.language)
        let plain = StyledLetters.plain(text) { options.interfacePhrase(say(.styledText, options.ownWords($0))) }
        return EmojiFilter.apply(plain, options: options, shortcodes: shortcodes)
    }

    /// Joins pieces into sentences: a piece that already ends a sentence is followed by a
    /// space, any other by ". ", so the speech engine pauses where the writer broke the line.
    public static func join(_ segments: [String]) -> String {
        var result = ""
        for segment in segments {
            if !result.isEmpty {
                result += endsSentence(result) ? " " : ". "
            }
            result += segment
        }
        return result
    }

    static func endsSentence(_ text: String) -> Bool {
        // The end of a stretch in another language (`LanguageMarks`) is not the end of its words.
        var scalars = text.unicodeScalars.reversed().lazy.filter { !(0xE0000...0xE007F).contains($0.value) }.makeIterator()
        guard var last = scalars.next() else { return true }
        if "\"'”’»)".unicodeScalars.contains(last), let before = scalars.next() {
            last = before
        }
        return ".!?…:;,。！？".unicodeScalars.contains(last)
    }
}
