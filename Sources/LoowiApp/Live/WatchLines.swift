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
            return passes(status) ? [sentence(status, now)] : []
        case .notification(let notification):
            return filter.allows(notification) && notification.status?.isHiddenByFilter != true ? [sentence(notification, now)] : []
        case .started:
            // Said once the stream is open, so whatever follows it is heard.
            return listening()
        case .polling(let every):
            return listening() + [LiveWords.polling(every, strings)]
        case .stopped:
            guard !saidStopped else { return [] }
            saidStopped = true
            return [strings(.liveStopped)]
        case .restored(let missed):
            saidStopped = false
            // The count is of what follows it: "3 posts arrived" then two lines would not add up.
            let kept = LiveMissed(statuses: missed.statuses.filter(passes), notifications: missed.notifications.filter { filter.allows($0) && $0.status?.isHiddenByFilter != true })
            return [LiveWords.back(kept, strings)]
                + kept.statuses.reversed().map { sentence($0, now) }
                + kept.notifications.reversed().map { sentence($0, now) }
        case .ended:
            return [strings(.watchEnded)]
        case .statusUpdate, .delete, .conversation, .filtersChanged:
            // Edits and deletes change what a buffer shows; a listener hears what arrives, and a
            // direct message arrives as its mention notification.
            return []
        }
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
