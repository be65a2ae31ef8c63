import FoundationEssentials
import LoowiSupport

/// Notifications as the buffer reads them: favourites or boosts of one post by several
/// people become one item ("Ana Ruiz and 3 others boosted your post: …").
public struct NotificationGroup: Sendable, Equatable, Identifiable {
    /// Newest first; never empty.
    public var notifications: [MastodonNotification]
    /// The people, newest first, each once (a missing account is left out); with the
    /// server's grouping, the sample it sent.
    public var accounts: [Account]
    /// How many did it as the server counts them (`notifications_count`), which may be more
    /// than the sample of accounts; 0 when grouped here (the accounts are all there is).
    public var count: Int
    /// The server's `group_key`, when it grouped.
    public var groupKey: String?

    /// How many people the sentence names or counts: never fewer than the accounts known.
    public var peopleCount: Int { max(count, accounts.count) }

    public var id: String { newest.id }
    public var newest: MastodonNotification { notifications[0] }
    public var type: OpenEnum<NotificationType> { newest.type }
    public var status: Status? { newest.status }

    public init(_ notification: MastodonNotification) {
        notifications = [notification]
        accounts = notification.account.map { [$0] } ?? []
        count = 0
    }

    /// A group the server made: `newest` stands for its most recent notification.
    public init(_ newest: MastodonNotification, accounts: [Account], count: Int, groupKey: String?) {
        notifications = [newest]
        self.accounts = accounts
        self.count = count
        self.groupKey = groupKey
    }

    /// Favourites and boosts of the same post, anywhere in the list, join the group at the
    /// place of the newest; everything else stays as it was, in the server's order.
    public static func grouping(_ list: [MastodonNotification]) -> [NotificationGroup] {
        var groups: [NotificationGroup] = []
        var index: [String: Int] = [:]
        for notification in list {
            guard let key = groupKey(notification), let at = index[key] else {
                if let key = groupKey(notification) { index[key] = groups.count }
                groups.append(NotificationGroup(notification))
                continue
            }
            groups[at].notifications.append(notification)
            if let account = notification.account, !groups[at].accounts.contains(where: { $0.id == account.id }) {
                groups[at].accounts.append(account)
            }
        }
        return groups
    }

    static func groupKey(_ notification: MastodonNotification) -> String? {
        guard let status = notification.status else { return nil }
        switch notification.type.known {
        case .favourite: return "favourite " + status.id
        case .reblog: return "reblog " + status.id
        default: return nil
        }
    }
}

/// One notification (or group) as one sentence, in the user's language: "Tom Walsh followed
/// you. 5 minutes ago." A missing post or account, or a type loowi does not know, is said
/// plainly instead.
public struct NotificationSpeech: Sendable, Equatable {
    /// "Ana Ruiz favourited your post: The first words of it…"
    public var summary: String
    /// "The post is no longer available.", when a type that is about a post came without it.
    public var missingPost: String?
    public var time: String?

    /// How many words of your own post are read after a favourite or a boost.
    static let firstWordsCount = 10

    public init(_ notification: MastodonNotification, options: SpeakableTextOptions = SpeakableTextOptions(), now: Date) {
        self.init(NotificationGroup(notification), options: options, now: now)
    }

    public init(_ group: NotificationGroup, options: SpeakableTextOptions = SpeakableTextOptions(), now: Date) {
        let words = BufferWords(language: options.language)
        let inside = group.type.known == .poll
        let names = group.accounts.map { Self.name($0, options: options, words: words, inside: inside) }
        let people = group.peopleCount
        let plural = people > 1
        let who: String
        if names.isEmpty {
            who = inside ? words.someoneInside : words.someone
        } else if people <= 2, names.count == people {
            who = words.list(names)
        } else {
            who = words.andOthers(names[0], people - 1)
        }
        time = group.newest.createdAt.map { RelativeTime.phrase(for: $0, now: now, language: options.language) }
        missingPost = nil
        guard let type = group.type.known else {
            let raw = String(Sanitizer.clean(group.type.rawValue, for: .line).prefix(40))
            summary = words.unknownNotification(raw, from: names.isEmpty ? nil : who)
            return
        }
        let status = group.status
        let head = words.notification(type, who, plural: plural, direct: status?.visibility.known == .direct)
        let detail: String?
        switch type {
        case .mention, .status, .update, .quote:
            detail = status.map { Self.body($0, options: options) }
        case .reblog, .favourite:
            detail = status.map { Self.firstWords($0, options: options, words: words) }
        case .poll:
            detail = status.map { status in
                PostText.join(
                    [Self.firstWords(status, options: options, words: words)]
                        + (status.poll.map { [SpeechWords(language: options.language).poll($0, now: now)] } ?? []))
            }
        case .follow, .followRequest, .adminSignUp, .adminReport, .severedRelationships, .moderationWarning:
            detail = nil
        }
        let aboutAPost: Set<NotificationType> = [.mention, .status, .update, .quote, .reblog, .favourite, .poll]
        if aboutAPost.contains(type), status == nil { missingPost = words.postUnavailable }
        summary = detail.map { $0.isEmpty ? head : "\(head): \($0)" } ?? head
    }

    /// "Ana Ruiz boosted your post: Hello everyone. The post is no longer available. 5 minutes ago."
    public var sentence: String {
        PostText.join([summary] + [missingPost, time].compactMap { $0 })
    }

    /// The name to say; "Someone" for an empty one (a deleted account, a hostile blank name).
    static func name(_ account: Account, options: SpeakableTextOptions, words: BufferWords, inside: Bool = false) -> String {
        let name = account.spokenName(options: options).trimmingSpaces()
        return name.isEmpty ? (inside ? words.someoneInside : words.someone) : name
    }

    /// A post read whole, without its author (the sentence has named them).
    static func body(_ status: Status, options: SpeakableTextOptions) -> String {
        let speech = StatusSpeech(status, options: options, now: Date.distantPast)
        let words = SpeechWords(language: options.language)
        var parts: [String] = []
        if let reply = speech.inReplyTo { parts.append(reply) }
        if let warning = speech.contentWarning { parts.append(words.contentWarning(warning)) }
        if !speech.text.isEmpty { parts.append(speech.text) }
        parts.append(contentsOf: speech.media)
        if let poll = speech.poll { parts.append(poll) }
        return PostText.join(parts)
    }

    /// The first words of your own post, enough to know which; a post behind a content
    /// warning is named by its warning, never by the words it hides.
    static func firstWords(_ status: Status, options: SpeakableTextOptions, words: BufferWords) -> String {
        let shown = status.displayed
        if shown.hasContentWarning {
            let warning = shown.spokenWarning(options: options)
            return SpeechWords(language: options.language).contentWarning(warning)
        }
        let all = shown.text(options: options).split(whereSeparator: { $0.isWhitespace })
        let first = all.prefix(firstWordsCount).joined(separator: " ")
        return all.count > firstWordsCount ? first + "…" : first
    }
}
