import FoundationEssentials
import LoowiSupport

/// A post. A boost is a status whose `reblog` holds the original.
public struct Status: Sendable, Hashable, Codable, Identifiable, FastDecodable {
    public var id: String
    public var uri: String
    /// The post's web address, as text (`FieldReader.address`).
    public var url: String?
    public var account: Account
    public var inReplyToID: String?
    public var inReplyToAccountID: String?
    /// Sanitised HTML; `text(options:)` is the speakable form.
    public var content: String
    public var createdAt: Date?
    public var editedAt: Date?
    public var visibility: OpenEnum<Visibility>
    public var sensitive: Bool
    /// Non-empty means a content warning: read it before (or instead of) the text.
    public var spoilerText: String
    public var language: String?
    public var mediaAttachments: [MediaAttachment]
    public var mentions: [Mention]
    public var tags: [Tag]
    public var emojis: [CustomEmoji]
    public var poll: Poll?
    public var card: PreviewCard?
    public var repliesCount: Int
    public var reblogsCount: Int
    public var favouritesCount: Int
    public var reblogged: Bool
    public var favourited: Bool
    public var bookmarked: Bool
    /// The user's server-side filters this post matches (`FilterResult`).
    public var filtered: [FilterResult]
    /// The post this one quotes, when the server shows it (Mastodon 4.4 quote posts).
    public var quote: QuotedPost?
    // An array gives the recursion (a boost contains a status) the indirection it needs.
    private var reblogStorage: [Status]

    /// The boosted post, when this status is a boost.
    public var reblog: Status? {
        get { reblogStorage.first }
        set { reblogStorage = newValue.map { [$0] } ?? [] }
    }

    /// What to read: the original of a boost, or the status itself.
    public var displayed: Status { reblog ?? self }

    public var isBoost: Bool { !reblogStorage.isEmpty }

    /// Whether this post itself mentions the account (a boost has no mentions of its own: its
    /// post's mention was notified when it was written). Such a post also arrives as a mention
    /// notification, which is what says it.
    public func isMentioning(_ accountID: String?) -> Bool {
        guard let accountID else { return false }
        return mentions.contains { $0.id == accountID }
    }
    public var hasContentWarning: Bool { !spoilerText.isEmpty }

    enum CodingKeys: String, CodingKey {
        case id, uri, url, account, content, visibility, sensitive, language, mentions, tags, emojis, poll, card
        case reblogged, favourited, bookmarked, filtered, quote
        case inReplyToID = "in_reply_to_id"
        case inReplyToAccountID = "in_reply_to_account_id"
        case createdAt = "created_at"
        case editedAt = "edited_at"
        case spoilerText = "spoiler_text"
        case mediaAttachments = "media_attachments"
        case repliesCount = "replies_count"
        case reblogsCount = "reblogs_count"
        case favouritesCount = "favourites_count"
        case reblogStorage = "reblog"
    }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        id = try c.id(.id)
        uri = c.text(.uri)
        url = c.address(.url)
        account = try c.account(.account)
        inReplyToID = c.optionalID(.inReplyToID)
        inReplyToAccountID = c.optionalID(.inReplyToAccountID)
        content = c.text(.content, .lines)
        createdAt = c.date(.createdAt)
        editedAt = c.date(.editedAt)
        visibility = c.openEnum(.visibility)
        sensitive = c.bool(.sensitive)
        spoilerText = c.text(.spoilerText)
        language = c.optionalText(.language)
        mediaAttachments = c.list(.mediaAttachments)
        mentions = c.list(.mentions)
        tags = c.list(.tags)
        emojis = c.list(.emojis)
        poll = c.object(.poll)
        card = c.object(.card)
        repliesCount = c.count(.repliesCount)
        reblogsCount = c.count(.reblogsCount)
        favouritesCount = c.count(.favouritesCount)
        reblogged = c.bool(.reblogged)
        favourited = c.bool(.favourited)
        bookmarked = c.bool(.bookmarked)
        filtered = c.list(.filtered)
        quote = c.object(.quote)
        let boosted: Status? = c.object(.reblogStorage)
        reblogStorage = boosted.map { [$0] } ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(uri, forKey: .uri)
        try c.encodeIfPresent(url, forKey: .url)
        try c.encode(account, forKey: .account)
        try c.encodeIfPresent(inReplyToID, forKey: .inReplyToID)
        try c.encodeIfPresent(inReplyToAccountID, forKey: .inReplyToAccountID)
        try c.encode(content, forKey: .content)
        try c.encodeIfPresent(createdAt.map(ISO8601.format), forKey: .createdAt)
        try c.encodeIfPresent(editedAt.map(ISO8601.format), forKey: .editedAt)
        try c.encode(visibility, forKey: .visibility)
        try c.encode(sensitive, forKey: .sensitive)
        try c.encode(spoilerText, forKey: .spoilerText)
        try c.encodeIfPresent(language, forKey: .language)
        try c.encode(mediaAttachments, forKey: .mediaAttachments)
        try c.encode(mentions, forKey: .mentions)
        try c.encode(tags, forKey: .tags)
        try c.encode(emojis, forKey: .emojis)
        try c.encodeIfPresent(poll, forKey: .poll)
        try c.encodeIfPresent(card, forKey: .card)
        try c.encode(repliesCount, forKey: .repliesCount)
        try c.encode(reblogsCount, forKey: .reblogsCount)
        try c.encode(favouritesCount, forKey: .favouritesCount)
        try c.encode(reblogged, forKey: .reblogged)
        try c.encode(favourited, forKey: .favourited)
        try c.encode(bookmarked, forKey: .bookmarked)
        try c.encode(filtered, forKey: .filtered)
        try c.encodeIfPresent(quote, forKey: .quote)
        try c.encodeIfPresent(reblog, forKey: .reblogStorage)
    }

    /// The post's text for the ear (this status's own content; use `displayed` for boosts).
    /// Its hashtags are cut with the word list of the post's own language when loowi has one.
    public func text(options: SpeakableTextOptions = SpeakableTextOptions()) -> String {
        PostText.from(
            html: content, options: options, customEmojiShortcodes: emojis.shortcodes(for: options), card: cardTitle,
            postLanguage: language, author: account.acct)
    }

    /// The text's units for reading word by word, where each emoji is a step of its own.
    public func textWords(options: SpeakableTextOptions = SpeakableTextOptions()) -> [String] {
        PostText.words(
            html: content, options: options, customEmojiShortcodes: emojis.shortcodes(for: options), card: cardTitle,
            postLanguage: language)
    }

    /// The content warning for the ear: styled letters plain, emoji per the options.
    public func spokenWarning(options: SpeakableTextOptions) -> String {
        var options = options
        options.emojiLanguage = WordList.Language.forPost(language, interface: options.language)
        return PostText.inline(spoilerText, options: options, shortcodes: emojis.shortcodes(for: options))
    }

    /// The preview card's address and title, said after "link to host" for that link.
    private var cardTitle: (url: String, title: String)? {
        guard let card, let url = card.url, !card.title.isEmpty else { return nil }
        return (url, Sanitizer.clean(card.title, for: .line))
    }

    /// The post's web links, to open or copy: only http and https addresses, without control
    /// characters; the preview card's title with its own link.
    public var links: [PostLink] {
        let card = cardTitle
        return PostText.links(html: content).compactMap { href in
            let address = Sanitizer.clean(href, for: .line)
            let lower = address.lowercased()
            guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), !address.contains(" "),
                let host = HTMLToTextConverter.host(of: address)
            else { return nil }
            return PostLink(address: address, host: host, title: card?.url == href ? card?.title : nil)
        }
    }
}

/// A web link in a post.
public struct PostLink: Sendable, Equatable {
    /// The whole address, as written in the post.
    public var address: String
    /// "openstreetmap.org": what "link to" names.
    public var host: String
    /// The preview card's title, when the card is this link's.
    public var title: String?

    /// "link to openstreetmap.org: Map of Barcelona", as the post's text says it.
    public func spoken(in language: Language) -> String {
        let phrase = LinkPhrase.linkTo(host, language: language)
        return title.map { phrase + ": " + $0 } ?? phrase
    }
}
