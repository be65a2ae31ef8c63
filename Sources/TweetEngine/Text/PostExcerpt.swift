import LoowiSupport

/// The words a live announcement carries after "Grace Okafor mentioned you:": the post's
/// text as the app reads it, without the handles it starts with (the listener knows they were
/// mentioned), at most `limit` characters then "…". A post behind a content warning or a
/// "warn" filter gives its warning, never the words it hides; a post of attachments alone,
/// its first attachment.
public enum PostExcerpt {
    /// Characters (as heard: an emoji's name counts by its letters) before the cut.
    public static let limit = 140

    /// Nil when there is nothing to say beyond the names (an empty post).
    public static func of(_ status: Status, options: SpeakableTextOptions) -> String? {
        let shown = status.displayed
        // Marked whole below: a mark opened inside the text could be cut before its end.
        var plain = options
        plain.readsPostLanguage = false
        plain.personVoices = nil
        let words = SpeechWords(language: options.language)
        let text: String
        if shown.hasContentWarning {
            text = words.contentWarning(shown.spokenWarning(options: plain))
        } else if !status.warningFilters.isEmpty {
            text = words.filtered(status.warningFilters.joined(separator: ", "))
        } else {
            let body = withoutLeadingHandles(shown.text(options: plain))
            text = body.isEmpty ? shown.mediaAttachments.first.map { words.media($0) } ?? "" : body
        }
        let cut = cut(text.trimmingSpaces(), limit: limit)
        guard !cut.isEmpty else { return nil }
        let said = PostText.endsSentence(cut) ? cut : cut + "."
        return options.inPostLanguage(said, shown.language, author: shown.account.acct)
    }

    /// "@ana @bob are you there?" → "are you there?": a reply's addressees, not its words.
    static func withoutLeadingHandles(_ text: String) -> String {
        var rest = Substring(text)
        while rest.hasPrefix("@") {
            let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
            guard rest.distance(from: rest.startIndex, to: end) > 1 else { break }
            rest = rest[end...].drop(while: \.isWhitespace)
        }
        return String(rest)
    }

    /// The first `limit` characters (grapheme clusters, so never half an emoji or half an
    /// accented letter), ending at the last word boundary when the cut falls inside a word,
    /// then "…"; the whole text when it is short enough.
    public static func cut(_ text: String, limit: Int) -> String {
        guard text.count > limit else { return text }
        let end = text.index(text.startIndex, offsetBy: limit)
        var kept = text[..<end]
        // A word running over the limit is left out, unless it is the only word.
        if !text[end].isWhitespace, let space = kept.lastIndex(where: \.isWhitespace) {
            kept = kept[..<space]
        }
        // "are you there, …" reads worse than "are you there…".
        while let last = kept.last, last.isWhitespace || (last.isPunctuation && last != "?" && last != "!") {
            kept = kept.dropLast()
        }
        return kept + "…"
    }
}
