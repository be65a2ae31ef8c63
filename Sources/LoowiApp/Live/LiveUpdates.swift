import AccessibleControls
import FoundationEssentials
import LoowiSupport
import TweetEngine

/// Where live events come from: `TweetEngine.liveUpdates(since:pollEvery:)` in the app, a
/// test's own stream in tests.
typealias LiveSource = @Sendable (LiveCursor) -> AsyncStream<LiveEvent>

/// The app's side of live updates: each event goes into every loaded buffer without moving
/// the focus, and is announced by its kind's setting (`Announcer`); the connection's state is
/// said once each way. Runs on the main actor beside the keys.
@MainActor
final class LiveUpdates {
    unowned let app: AppCore
    private let source: LiveSource
    private var task: Task<Void, Never>?
    private var announcer = Announcer()
    /// "Live updates stopped" was said: the return is said once too.
    private var saidStopped = false
    /// "loowi cannot reach your server" was said: its return is said once too.
    private var saidUnreachable = false
    private var saidPolling = false
    /// Events handled so far (tests wait on it).
    private(set) var handled = 0

    init(app: AppCore, source: @escaping LiveSource) {
        self.app = app
        self.source = source
    }

    /// Listens from `cursor` on until `stop`; what each event says goes to `app.deliver`.
    func start(from cursor: LiveCursor) {
        guard task == nil else { return }
        let stream = source(cursor)
        task = Task { @MainActor [weak self] in
            for await event in stream {
                guard let self, !Task.isCancelled else { return }
                let feedback = self.receive(event)
                self.handled += 1
                if !feedback.isEmpty { self.app.deliver(feedback) }
            }
        }
    }

    func stop() {
        task?.cancel()
        task = nil
    }

    var hasPending: Bool { announcer.hasPending }

    /// The words gathered since the last announcement, when the spacing allows (each tick).
    func tick() -> [Feedback] {
        announcer.due(now: app.now(), strings: app.strings)
    }

    // MARK: Events

    func receive(_ event: LiveEvent) -> [Feedback] {
        let s = app.strings
        switch event {
        case .update(let status):
            guard home?.insertLive([status]) ?? 0 > 0, !isMine(status) else { return redraw }
            // A post that mentions the user also comes as a mention notification, which says
            // it: "1 new post." beside "Grace mentioned you." would be one event heard twice.
            guard !status.isMentioning(app.me?.id) else { return redraw }
            return announce(.newPost, by: status.account) + redraw
        case .statusUpdate(let status):
            var held = false
            for screen in app.statusBuffers where screen.replaceLive(status) { held = true }
            for list in app.listBuffers { list.replaceLive(status) }
            guard held, !isMine(status.displayed) else { return redraw }
            return announce(.edited, by: status.displayed.account) + redraw
        case .delete(let id):
            app.removeEverywhere(id)
            return redraw
        case .notification(let notification):
            // About a post a "hide" filter matches: not shown, so not announced either.
            guard notification.status?.isHiddenByFilter != true else { return [] }
            return take(notification) + redraw
        case .conversation(let conversation):
            directMessages?.upsertLive(conversation)
            return redraw
        case .filtersChanged, .started:
            // A changed filter applies to what arrives from now on (the server marks each post).
            return []
        case .stopped:
            guard !saidStopped else { return [] }
            saidStopped = true
            return [.earcon(.softError), .speak(s(.liveStopped), .announcement)]
        case .unreachable:
            guard !saidUnreachable else { return [] }
            saidUnreachable = true
            return [.earcon(.softError), .speak(s(.liveUnreachable), .announcement)]
        case .restored(let missed):
            takeMissed(missed)
            // No "back" without a "stopped": a return nobody heard of arrives quietly.
            guard saidStopped else { return redraw }
            saidStopped = false
            return [.earcon(.ready), .speak(LiveWords.back(missed, s), .announcement)] + redraw
        case .reachable(let missed):
            takeMissed(missed)
            guard saidUnreachable else { return redraw }
            saidUnreachable = false
            return [.earcon(.ready), .speak(LiveWords.answersAgain(missed, s), .announcement)] + redraw
        case .polling(let every):
            guard !saidPolling else { return [] }
            saidPolling = true
            return [.speak(LiveWords.polling(every, s), .announcement)]
        case .ended:
            stop()
            return [.earcon(.softError), .speak(s(.liveEnded), .announcement)]
        }
    }

    /// What arrived while away, into the buffers without a word each (the return says the count).
    private func takeMissed(_ missed: LiveMissed) {
        home?.insertLive(missed.statuses)
        for notification in missed.notifications.reversed() where notification.status?.isHiddenByFilter != true { place(notification) }
        // Conversations have no cursor to ask above: the list is asked again, quietly.
        if let list = directMessages { app.deliver(list.loadNewer(.newer, quiet: true)) }
    }

    /// A notification into Notifications (and Mentions, and Direct messages for a direct
    /// mention), announced by its type.
    private func take(_ notification: MastodonNotification) -> [Feedback] {
        let isNew = place(notification)
        guard isNew, let notice = Self.notice(for: notification) else { return [] }
        return announce(notice, by: notification.account, words: words(of: notification, notice))
    }

    /// What a mention or direct message said, unless the user keeps announcements to names.
    private func words(of notification: MastodonNotification, _ notice: LiveNotice) -> String? {
        guard app.config.announcesWords, notice == .mention || notice == .directMessage, let status = notification.status else { return nil }
        return PostExcerpt.of(status, options: app.textOptions)
    }

    /// Puts a notification where it belongs; false when it was there already.
    @discardableResult
    private func place(_ notification: MastodonNotification) -> Bool {
        let inNotifications = notifications?.insertLive(notification)
        var inMentions: Int?
        if notification.type.known == .mention, let status = notification.status {
            inMentions = mentions?.insertLive([status])
            // Direct messages list conversations: the server's own list is asked, quietly.
            if status.visibility.known == .direct, let list = directMessages {
                app.deliver(list.loadNewer(.newer, quiet: true))
            }
        }
        return inNotifications ?? (inMentions.map { $0 > 0 } ?? true)
    }

    static func notice(for notification: MastodonNotification) -> LiveNotice? {
        switch notification.type.known {
        case .mention?: notification.status?.visibility.known == .direct ? .directMessage : .mention
        case .follow?: .follow
        case .followRequest?: .followRequest
        case .favourite?: .favourite
        case .reblog?: .boost
        case .poll?: .pollEnded
        case .update?: .edited
        case .status?: .newPost
        default: nil
        }
    }

    private func announce(_ notice: LiveNotice, by account: Account?, words: String? = nil) -> [Feedback] {
        let style = app.config.announcements[notice.kind] ?? notice.kind.defaultStyle
        let name = account.map { $0.spokenName(options: app.textOptions) }
        return announcer.add(notice, by: name, words: words, style: style, lineMode: app.config.display == .line, now: app.now())
    }

    private func isMine(_ status: Status) -> Bool { status.account.id == app.me?.id }

    private var redraw: [Feedback] { [.redraw] }

    // MARK: The buffers

    private var home: TimelineScreen? { app.buffers.screen(.home) as? TimelineScreen }
    private var mentions: TimelineScreen? { app.buffers.screen(.mentions) as? TimelineScreen }
    private var notifications: BufferListScreen? { app.buffers.screen(.notifications) as? BufferListScreen }
    private var directMessages: BufferListScreen? { app.buffers.screen(.directMessages) as? BufferListScreen }
}
