import FoundationEssentials
import LoowiSupport

/// One of the user's filters as `/api/v2/filters` gives it, for the posts a server sends
/// without marking them (`filtered` absent: a stream that does not apply filters per
/// subscriber, or an older server). loowi then applies it itself, as the server would.
struct AccountFilter: Sendable, Equatable, Decodable {
    struct Keyword: Sendable, Equatable, Decodable {
        var keyword: String
        var wholeWord: Bool

        enum CodingKeys: String, CodingKey {
            case keyword
            case wholeWord = "whole_word"
        }
    }

    var id: String
    var title: String
    /// Where it applies: "home", "notifications", "public", "thread", "account".
    var context: [String]
    var expiresAt: Date?
    var action: FilterSummary.Action
    var keywords: [Keyword]

    enum CodingKeys: String, CodingKey {
        case id, title, context, keywords
        case expiresAt = "expires_at"
        case action = "filter_action"
    }

    init(id: String, title: String, context: [String], expiresAt: Date? = nil, action: FilterSummary.Action, keywords: [Keyword]) {
        self.id = id
        self.title = title
        self.context = context
        self.expiresAt = expiresAt
        self.action = action
        self.keywords = keywords
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        title = Sanitizer.clean((try? c.decode(String.self, forKey: .title)) ?? "", for: .line)
        context = (try? c.decode([String].self, forKey: .context)) ?? []
        expiresAt = (try? c.decodeIfPresent(String.self, forKey: .expiresAt)).flatMap { $0 }.flatMap(ISO8601.parse)
        // An action loowi does not know (Mastodon 4.4's "blur") warns: shown, never lost.
        action = (try? c.decode(String.self, forKey: .action)).flatMap(FilterSummary.Action.init(rawValue:)) ?? .warn
        keywords = (try? c.decode([Keyword].self, forKey: .keywords)) ?? []
    }

    /// What the post matches, as the server would have marked it: nil when nothing matches,
    /// the filter has expired, or it does not apply in `context`.
    func result(for text: String, context wanted: String, now: Date) -> FilterResult? {
        guard context.contains(wanted), expiresAt.map({ $0 > now }) ?? true else { return nil }
        let matches = keywords.filter { Self.contains(text, $0.keyword, wholeWord: $0.wholeWord) }.map(\.keyword)
        guard !matches.isEmpty else { return nil }
        return FilterResult(filter: FilterSummary(id: id, title: title, action: OpenEnum(rawValue: action.rawValue)), keywordMatches: matches)
    }

    /// Case-insensitive; a whole word is not inside a longer word (a keyword edge that is a
    /// letter or digit must meet a non-word character or the text's end, as Mastodon's `\b`).
    static func contains(_ text: String, _ keyword: String, wholeWord: Bool) -> Bool {
        let needle = Array(keyword.lowercased())
        let haystack = Array(text.lowercased())
        guard !needle.isEmpty, needle.count <= haystack.count else { return false }
        let isWord: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "_" }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            guard Array(haystack[start..<(start + needle.count)]) == needle else { continue }
            guard wholeWord else { return true }
            let end = start + needle.count
            let leftOK = !isWord(needle[0]) || start == 0 || !isWord(haystack[start - 1])
            let rightOK = !isWord(needle[needle.count - 1]) || end == haystack.count || !isWord(haystack[end])
            if leftOK && rightOK { return true }
        }
        return false
    }
}

/// The user's filters applied by loowi to the posts a server sent unmarked.
struct ClientFilters: Sendable, Equatable {
    var filters: [AccountFilter] = []

    /// `status` with `filtered` set as the server would have (the boosted post's words, its
    /// warning and media descriptions count), in `context` ("home", "notifications").
    func mark(_ status: Status, context: String, now: Date) -> Status {
        guard !filters.isEmpty else { return status }
        let shown = status.displayed
        let text = ([shown.spoilerText, Self.words(ofHTML: shown.content)] + shown.mediaAttachments.compactMap(\.description))
            .joined(separator: "\n")
        var marked = status
        marked.filtered = filters.compactMap { $0.result(for: text, context: context, now: now) }
        return marked
    }

    func mark(_ event: LiveEvent, now: Date) -> LiveEvent {
        switch event {
        case .update(let status): return .update(mark(status, context: "home", now: now))
        case .statusUpdate(let status): return .statusUpdate(mark(status, context: "home", now: now))
        case .notification(var notification):
            if let status = notification.status { notification.status = mark(status, context: "notifications", now: now) }
            return .notification(notification)
        default: return event
        }
    }

    /// The words of the server's HTML: tags are spaces, the usual references decoded.
    static func words(ofHTML html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true; text.append(" "); continue }
            if character == ">" { inTag = false; continue }
            if !inTag { text.append(character) }
        }
        for (reference, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
            text = text.replacing(reference, with: character)
        }
        return text
    }
}

extension FilterResult {
    init(filter: FilterSummary, keywordMatches: [String]) {
        self.filter = filter
        self.keywordMatches = keywordMatches
    }
}

extension FilterSummary {
    init(id: String, title: String, action: OpenEnum<Action>) {
        self.id = id
        self.title = title
        self.action = action
    }
}

extension TweetEngine {
    /// The user's filters (`/api/v2/filters`), for posts a server sent unmarked. Empty when the
    /// server has none to give (an older server without v2 filters answers 404).
    func accountFilters() async throws -> [AccountFilter] {
        let response = try await perform(Endpoint(.get, "/api/v2/filters"))
        guard response.isSuccess else { return [] }
        return (try? JSONDecoder().decode([AccountFilter].self, from: response.body)) ?? []
    }
}

extension ServerSentEvent {
    /// A post the server sent without `filtered`: it applied none of the user's filters.
    /// (In JSON text a quote inside a string is escaped, so an unescaped `"filtered"` before a
    /// colon is a key; a value that reads "filtered" only makes loowi trust the server.)
    var lacksFilterMarks: Bool {
        guard ["update", "status.update", "notification"].contains(name) else { return false }
        var rest = Substring(data)
        while let found = rest.firstRange(of: "\"filtered\"") {
            rest = rest[found.upperBound...]
            if rest.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).first == ":" { return false }
        }
        return true
    }
}
