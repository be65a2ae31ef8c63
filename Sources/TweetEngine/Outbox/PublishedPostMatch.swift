import FoundationEssentials
import LoowiSupport

/// Is this post of the account's the one an unanswered attempt sent? Same reply target,
/// visibility and content warning, made no earlier than the attempt (less a margin for the
/// server's clock), and the same words: letters, digits and emoji compared, since the server
/// turns the text into HTML (mentions lose their domain, links are split into spans).
public enum PublishedPostMatch {
    /// How far the server's clock may run behind ours.
    public static let clockMargin: TimeInterval = 300

    public static func matches(_ status: Status, _ draft: Draft, attemptedSince: Date) -> Bool {
        guard status.reblog == nil, status.inReplyToID == draft.inReplyToID,
            Self.visibility(status.visibility.known, fits: draft.visibility),
            let created = status.createdAt, created >= attemptedSince.addingTimeInterval(-clockMargin)
        else { return false }
        return fingerprint(ofHTML: status.content) == fingerprint(ofText: draft.text)
            && fingerprint(ofText: status.spoilerText) == fingerprint(ofText: draft.contentWarning ?? "")
    }

    /// The server may narrow a post (Mastodon makes a silenced account's public posts
    /// unlisted), never widen it.
    static func visibility(_ published: Visibility?, fits asked: Visibility?) -> Bool {
        guard let asked else { return true }
        guard let published else { return false }
        return published.reach <= asked.reach
    }

    /// The words of a draft: `@user@host` mentions as the server shows them, `@user`.
    static func fingerprint(ofText text: String) -> String {
        var kept = ""
        var index = text.startIndex
        var previous: Character? = nil
        while index < text.endIndex {
            let character = text[index]
            if character == "@", previous.map({ !$0.isLetter && !$0.isNumber }) ?? true {
                // Skip the domain of @user@domain.
                var end = text.index(after: index)
                while end < text.endIndex, text[end].isLetter || text[end].isNumber || text[end] == "_" { end = text.index(after: end) }
                kept += text[index..<end]
                if end < text.endIndex, text[end] == "@" {
                    end = text.index(after: end)
                    while end < text.endIndex, !text[end].isWhitespace { end = text.index(after: end) }
                }
                previous = "x"
                index = end
                continue
            }
            kept.append(character)
            previous = character
            index = text.index(after: index)
        }
        return significant(kept)
    }

    /// The words of the server's HTML: tags dropped, character references decoded.
    static func fingerprint(ofHTML html: String) -> String {
        var text = ""
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                text.append(" ")
                index = html.index(after: close)
            } else if character == "&", let semicolon = html[index...].prefix(12).firstIndex(of: ";") {
                let name = html[html.index(after: index)..<semicolon]
                text += decode(reference: name) ?? String(html[index...semicolon])
                index = html.index(after: semicolon)
            } else {
                text.append(character)
                index = html.index(after: index)
            }
        }
        return significant(text)
    }

    private static func decode(reference name: Substring) -> String? {
        if name.hasPrefix("#x") || name.hasPrefix("#X"), let value = UInt32(name.dropFirst(2), radix: 16) {
            return String(Character(HTMLEntities.scalar(forCodePoint: value)))
        }
        if name.hasPrefix("#"), let value = UInt32(name.dropFirst()) {
            return String(Character(HTMLEntities.scalar(forCodePoint: value)))
        }
        return HTMLEntities.named[String(name)]
    }

    /// Letters, digits and non-ASCII symbols (emoji), lower-cased; spacing and punctuation
    /// are where servers differ.
    private static func significant(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber || ($0.isSymbol && !$0.isASCII) })
    }
}
