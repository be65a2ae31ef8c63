/// Post HTML to plain text for the ear.
///
/// A single forward pass over the UTF-8 bytes with no recursion, so huge or deeply nested
/// input costs linear time and constant stack. Paragraphs and line breaks become sentence
/// breaks (a pause in speech), invisible spans are dropped, character references decoded,
/// mentions and hashtags read as `@name` and `#tag`, web links per `options.links`. Every
/// piece is sanitised after decoding, because a reference like `&#27;` can spell an escape.
public enum SpeakableText {
    /// The text as one string of sentences.
    public static func from(
        html: String, options: SpeakableTextOptions = SpeakableTextOptions(),
        customEmojiShortcodes: Set<String>? = nil, card: (url: String, title: String)? = nil
    ) -> String {
        join(segments(html: html, options: options, customEmojiShortcodes: customEmojiShortcodes, card: card))
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
    public static func segments(
        html: String, options: SpeakableTextOptions = SpeakableTextOptions(),
        customEmojiShortcodes: Set<String>? = nil, card: (url: String, title: String)? = nil
    ) -> [String] {
        var converter = HTMLToTextConverter(options: options, card: card)
        converter.run(Array(html.utf8))
        return converter.segments.compactMap {
            var cleaned = EmojiFilter.apply(
                Sanitizer.clean($0, mode: .singleLine), options: options, shortcodes: customEmojiShortcodes)
            if options.splitsHashtags { cleaned = HashtagWords.split(cleaned) }
            let trimmed = cleaned.trimmingSpaces()
            return trimmed.isEmpty ? nil : trimmed
        }
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
        guard var last = text.unicodeScalars.last else { return true }
        if "\"'”’»)".unicodeScalars.contains(last), text.unicodeScalars.count > 1 {
            last = text.unicodeScalars[text.unicodeScalars.index(text.unicodeScalars.endIndex, offsetBy: -2)]
        }
        return ".!?…:;,。！？".unicodeScalars.contains(last)
    }
}
