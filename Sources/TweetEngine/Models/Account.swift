import FoundationEssentials
import LoowiSupport

/// A person (or bot, or group) on a Mastodon-API server. No avatar or header: loowi shows no
/// images (DECISIONS.md, "what a post holds").
public struct Account: Sendable, Hashable, Codable, Identifiable, FastDecodable {
    public var id: String
    public var username: String
    /// `user` for local accounts, `user@domain` for remote ones.
    public var acct: String
    public var displayName: String
    /// The bio as sanitised HTML; `noteText` is the speakable form.
    public var note: String
    /// The profile's web address, as text (`FieldReader.address`).
    public var url: String?
    public var locked: Bool
    public var bot: Bool
    public var group: Bool
    public var createdAt: Date?
    public var lastStatusAt: Date?
    public var followersCount: Int
    public var followingCount: Int
    public var statusesCount: Int
    public var emojis: [CustomEmoji]
    public var fields: [ProfileField]

    enum CodingKeys: String, CodingKey {
        case id, username, acct, note, url, locked, bot, group, emojis, fields
        case displayName = "display_name"
        case createdAt = "created_at"
        case lastStatusAt = "last_status_at"
        case followersCount = "followers_count"
        case followingCount = "following_count"
        case statusesCount = "statuses_count"
    }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        id = try c.id(.id)
        username = c.text(.username)
        acct = c.text(.acct)
        if acct.isEmpty { acct = username }
        displayName = c.text(.displayName)
        note = c.text(.note, .lines)
        url = c.address(.url)
        locked = c.bool(.locked)
        bot = c.bool(.bot)
        group = c.bool(.group)
        createdAt = c.date(.createdAt)
        lastStatusAt = c.date(.lastStatusAt)
        followersCount = c.count(.followersCount)
        followingCount = c.count(.followingCount)
        statusesCount = c.count(.statusesCount)
        emojis = c.list(.emojis)
        fields = c.list(.fields)
    }

    /// The name to speak: the display name, or the username when it is empty.
    public var name: String {
        let trimmed = displayName.trimmingSpaces()
        return trimmed.isEmpty ? username : trimmed
    }

    /// The display name with custom emoji per the options (`:verified:` → "verified" or nothing)
    /// and styled letters plain ("𝓐𝓭𝓪" → "Ada"), without the "styled text" cue a post's text
    /// gets: a name is said with every post, and the cue would be most of what is heard.
    public func spokenName(options: SpeakableTextOptions = SpeakableTextOptions()) -> String {
        let plain = StyledLetters.plain(name, cue: nil)
        let text = EmojiFilter.apply(plain, options: options, shortcodes: emojis.shortcodes(for: options))
        return text.isEmpty ? username : text
    }

    public func noteText(options: SpeakableTextOptions = SpeakableTextOptions()) -> String {
        PostText.from(html: note, options: options, customEmojiShortcodes: emojis.shortcodes(for: options))
    }
}
