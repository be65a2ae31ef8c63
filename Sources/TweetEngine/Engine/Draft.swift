import FoundationEssentials
import LoowiSupport

/// A post being written. Its `idempotencyKey` is made once, when the draft is created, and
/// travels with it (also when the draft is saved to the outbox), so sending it again after
/// a failure can never publish it twice: the server answers a repeated key with the post it
/// already made.
public struct Draft: Sendable, Codable, Equatable, Identifiable {
    public var text: String
    public var inReplyToID: String?
    /// nil: the account's own default (its preferences, or the server's choice when they
    /// cannot be read). Never `public` unless someone chose it: a default of unlisted or
    /// followers-only must not leak.
    public var visibility: Visibility?
    /// A content warning (Mastodon's `spoiler_text`); nil or empty for none.
    public var contentWarning: String?
    /// ISO 639 code of the post's language, e.g. "en".
    public var language: String?
    /// Uploaded attachments (`/api/v2/media`), in order; nil or empty for none. Optional so
    /// that drafts and outboxes saved before media existed still read.
    public var mediaIDs: [String]?
    /// A poll to create with the post (Mastodon takes a poll or media, not both).
    public var poll: PollDraft?
    /// The media marked sensitive (hidden until opened) without a content warning; a warning
    /// marks it anyway. Optional so that older drafts still read.
    public var sensitive: Bool?
    public let idempotencyKey: String

    public var id: String { idempotencyKey }

    public init(
        text: String, inReplyToID: String? = nil, visibility: Visibility? = nil, contentWarning: String? = nil,
        language: String? = nil, idempotencyKey: String = UUID().uuidString
    ) {
        self.text = text
        self.inReplyToID = inReplyToID
        self.visibility = visibility
        self.contentWarning = contentWarning
        self.language = language
        self.idempotencyKey = idempotencyKey
    }

    /// Characters counted the way the server counts them.
    /// What the server is told: a warning always hides the media too, as on Mastodon's page.
    public var marksSensitive: Bool { !(contentWarning ?? "").isEmpty || sensitive == true }

    public func characterCount(limits: InstanceLimits = .mastodonDefault) -> Int {
        PostLength.count(text: text, contentWarning: contentWarning ?? "", limits: limits)
    }

    /// Characters left before the server's limit (negative when over).
    public func remainingCharacters(limits: InstanceLimits = .mastodonDefault) -> Int {
        limits.maxCharacters - characterCount(limits: limits)
    }
}

/// A poll as written: its choices, how long it stays open, one choice or several.
public struct PollDraft: Sendable, Codable, Equatable {
    public var options: [String]
    public var expiresIn: Int
    public var multiple: Bool

    /// Mastodon's defaults: 2 to 4 choices of at most 50 characters, open 5 minutes to a month.
    public static let choices = 2...4
    public static let maxChoiceLength = 50
    public static let duration = 300...2_629_746

    public init(options: [String], expiresIn: Int = 86_400, multiple: Bool = false) {
        self.options = options
        self.expiresIn = expiresIn
        self.multiple = multiple
    }

    /// Why the server would refuse it; nil when it is fine.
    public var problem: PollDraftProblem? {
        let named = options.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        if !Self.choices.contains(named.count) { return .choiceCount(named.count) }
        if let long = named.first(where: { $0.count > Self.maxChoiceLength }) { return .tooLong(String(long.prefix(20))) }
        if Set(named.map { $0.lowercased() }).count < named.count { return .repeated }
        if !Self.duration.contains(expiresIn) { return .duration }
        return nil
    }
}

/// What is wrong with a poll before it is sent.
public enum PollDraftProblem: Sendable, Equatable {
    case choiceCount(Int)
    case tooLong(String)
    case repeated
    case duration

    /// The command line's sentence.
    public var message: String {
        switch self {
        case .choiceCount(let n): "A poll needs 2 to 4 choices; this one has \(n)."
        case .tooLong(let start): "The choice \"\(start)…\" is longer than \(PollDraft.maxChoiceLength) characters."
        case .repeated: "Two choices of the poll are the same."
        case .duration: "A poll stays open from 5 minutes to a month."
        }
    }
}

/// Mastodon's `StatusLengthValidator` rule: grapheme clusters of the content warning plus
/// the text, where every `http(s)://` URL counts as `characters_reserved_per_url` and a
/// mention `@user@domain` counts only as `@user`.
public enum PostLength {
    public static func count(text: String, contentWarning: String = "", limits: InstanceLimits = .mastodonDefault) -> Int {
        contentWarning.count + countableText(text, urlWeight: limits.charactersReservedPerURL)
    }

    static func countableText(_ text: String, urlWeight: Int) -> Int {
        var total = 0
        var index = text.startIndex
        var previous: Character? = nil
        while index < text.endIndex {
            let rest = text[index...]
            let atWordStart = previous.map { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "/") } ?? true
            if atWordStart, let end = urlEnd(in: rest) {
                total += urlWeight
                previous = text[text.index(before: end)]
                index = end
                continue
            }
            if atWordStart, text[index] == "@", let (local, end) = mention(in: rest) {
                total += 1 + local
                previous = text[text.index(before: end)]
                index = end
                continue
            }
            total += 1
            previous = text[index]
            index = text.index(after: index)
        }
        return total
    }

    /// The end of an `http://` or `https://` URL starting at the front of `text`. Trailing
    /// punctuation is not part of the URL (as in twitter-text, which Mastodon uses).
    private static func urlEnd(in text: Substring) -> String.Index? {
        let lower = text.prefix(8).lowercased()
        let schemeLength: Int
        if lower.hasPrefix("https://") { schemeLength = 8 } else if lower.hasPrefix("http://") { schemeLength = 7 } else { return nil }
        var end = text.index(text.startIndex, offsetBy: schemeLength)
        let hostStart = end
        while end < text.endIndex, !text[end].isWhitespace { end = text.index(after: end) }
        while end > hostStart, let last = text[..<end].last, ".,;:!?)]}'\"…".contains(last) {
            end = text.index(before: end)
        }
        // A URL needs a host with a dot (or localhost-like name) after the scheme.
        guard end > hostStart, text[hostStart..<end].contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        return end
    }

    /// `@user` or `@user@domain.tld` at the front: the local part's length and the end.
    private static func mention(in text: Substring) -> (Int, String.Index)? {
        var end = text.index(after: text.startIndex)
        var local = 0
        while end < text.endIndex, text[end].isASCII, text[end].isLetter || text[end].isNumber || text[end] == "_" {
            local += 1
            end = text.index(after: end)
        }
        guard local > 0 else { return nil }
        if end < text.endIndex, text[end] == "@" {
            var domainEnd = text.index(after: end)
            var domainLength = 0
            while domainEnd < text.endIndex, text[domainEnd].isASCII,
                text[domainEnd].isLetter || text[domainEnd].isNumber || text[domainEnd] == "." || text[domainEnd] == "-"
            {
                domainLength += 1
                domainEnd = text.index(after: domainEnd)
            }
            while domainLength > 0, text[text.index(before: domainEnd)] == "." {
                domainEnd = text.index(before: domainEnd)
                domainLength -= 1
            }
            if domainLength > 0, text[text.index(after: end)..<domainEnd].contains(".") { end = domainEnd }
        }
        return (local, end)
    }
}
