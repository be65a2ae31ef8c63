import FoundationEssentials
import LoowiSupport
import TweetEngine

/// The kinds `loowi watch` passes on: new home posts, and which notifications.
public struct WatchFilter: Equatable, Sendable {
    public var posts: Bool
    /// nil: every kind of notification; empty: none.
    public var types: Set<NotificationType>?

    public init(posts: Bool = true, types: Set<NotificationType>? = nil) {
        self.posts = posts
        self.types = types
    }

    public func allows(_ notification: MastodonNotification) -> Bool {
        guard let types else { return true }
        // A kind loowi does not know cannot have been asked for.
        return notification.type.known.map(types.contains) ?? false
    }

    var allowsMentions: Bool { types?.contains(.mention) ?? true }
}

/// What `loowi watch` prints or says for each live event: one line per arriving item, the
/// connection's changes once each way, in the configured language. Kept apart from the
/// command so what a listener hears is tested without a server or a terminal.
public struct WatchLines {
    let filter: WatchFilter
    let strings: AppStrings
    let options: SpeakableTextOptions
    /// The user's account id: their own posts are not news to them.
    let me: String?
    private var saidListening = false
    private var saidStopped = false
    private var saidUnreachable = false
    /// Ids already printed, so a server that repeats items (for `min_id`, or on a stream and a
    /// return both) prints each once, as the app's buffers hold each once. Bounded: the oldest
    /// are forgotten first.
    private var printed = RecentIDs(capacity: 2000)

    public init(filter: WatchFilter, language: Language, me: String?) {
        var config = LoowiConfig()
        config.language = language
        self.init(filter: filter, config: config, me: me)
    }

    /// Posts are read as the settings say (links, emoji, hashtags), in their language.
    public init(filter: WatchFilter, config: LoowiConfig, me: String?) {
        self.filter = filter
        strings = AppStrings(config.language)
        // A reply to the listener says "In reply to you.", as in the app.
        options = config.textOptions(me: me)
        self.me = me
    }

    public mutating func lines(for event: LiveEvent, now: Date) -> [String] {
        switch event {
        case .update(let status):
            return passes(status) && printed.insert("s" + status.id) ? [sentence(status, now)] : []
        case .notification(let notification):
            return passes(notification) && printed.insert("n" + notification.id) ? [sentence(notification, now)] : []
        case .started:
            // Said once the stream is open, so whatever follows it is heard.
            return listening()
        case .polling(let every):
            return listening() + [LiveWords.polling(every, strings)]
        case .stopped:
            guard !saidStopped else { return listening() }
            saidStopped = true
            return listening() + [strings(.liveStopped)]
        case .unreachable:
            guard !saidUnreachable else { return listening() }
            saidUnreachable = true
            return listening() + [strings(.liveUnreachable)]
        case .restored(let missed):
            defer { saidStopped = false }
            let said: ((LiveMissed, AppStrings) -> String)? = saidStopped ? { LiveWords.back($0, $1) } : nil
            return listening() + returned(missed, said: said, now: now)
        case .reachable(let missed):
            defer { saidUnreachable = false }
            let said: ((LiveMissed, AppStrings) -> String)? = saidUnreachable ? { LiveWords.answersAgain($0, $1) } : nil
            return listening() + returned(missed, said: said, now: now)
        case .ended:
            return listening() + [strings(.watchEnded)]
        case .statusUpdate, .delete, .conversation, .filtersChanged:
            // Edits and deletes change what a buffer shows; a listener hears what arrives, and a
            // direct message arrives as its mention notification.
            return []
        }
    }

    /// The items of a return, and its sentence when its outage was said (`said`). The count is
    /// of what follows it: "3 posts arrived" then two lines would not add up.
    private mutating func returned(_ missed: LiveMissed, said: ((LiveMissed, AppStrings) -> String)?, now: Date) -> [String] {
        let statuses = missed.statuses.reversed().filter { passes($0) && printed.insert("s" + $0.id) }
        let notifications = missed.notifications.reversed().filter { passes($0) && printed.insert("n" + $0.id) }
        let kept = LiveMissed(statuses: statuses.reversed(), notifications: notifications.reversed())
        return (said.map { [$0(kept, strings)] } ?? []) + statuses.map { sentence($0, now) } + notifications.map { sentence($0, now) }
    }

    private func passes(_ notification: MastodonNotification) -> Bool {
        filter.allows(notification) && notification.status?.isHiddenByFilter != true
    }

    private mutating func listening() -> [String] {
        guard !saidListening else { return [] }
        saidListening = true
        return [strings(.watchListening)]
    }

    private func passes(_ status: Status) -> Bool {
        guard filter.posts, status.account.id != me, !status.isHiddenByFilter else { return false }
        return !(status.isMentioning(me) && filter.allowsMentions)
    }

    private func sentence(_ status: Status, _ now: Date) -> String {
        StatusSpeech(status, options: options, now: now).sentence(language: options.language)
    }

    private func sentence(_ notification: MastodonNotification, _ now: Date) -> String {
        NotificationSpeech(NotificationGroup(notification), options: options, now: now).sentence
    }
}

/// The last `capacity` ids seen, in a set for the question and a ring for forgetting.
struct RecentIDs {
    let capacity: Int
    private var members: Set<String> = []
    private var order: [String] = []
    private var next = 0

    init(capacity: Int) { self.capacity = capacity }

    /// True when `id` is new (and now kept); false when it was seen.
    mutating func insert(_ id: String) -> Bool {
        guard members.insert(id).inserted else { return false }
        if order.count < capacity {
            order.append(id)
        } else {
            members.remove(order[next])
            order[next] = id
            next = (next + 1) % capacity
        }
        return true
    }
}
