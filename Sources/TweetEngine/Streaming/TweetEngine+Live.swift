import FoundationEssentials
import LoowiSupport
import Synchronization

extension TweetEngine {
    /// Live updates while the app runs: the user and direct streams over one logical
    /// connection, reopened with backoff and jitter after a break (or a silence longer than
    /// the heartbeat allows), the gap filled from `cursor` on return, and polling every
    /// `pollEvery` where the server has no streaming. The decisions are
    /// `LiveStateMachine`'s; this performs them. Stop by ending the loop that reads it.
    public func liveUpdates(since cursor: LiveCursor, pollEvery: Duration = .seconds(60)) -> AsyncStream<LiveEvent> {
        let (stream, continuation) = AsyncStream<LiveEvent>.makeStream(bufferingPolicy: .bufferingNewest(1000))
        let task = Task { [self] in
            let driver = LiveDriver(engine: self, cursor: cursor, pollEvery: pollEvery, output: continuation)
            await driver.run()
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The newest items above `id` (`min_id`, following `prev` pages, at most 200): what
    /// arrived while the stream was away. With no `id`, nothing: the newest item's id is
    /// returned as the cursor to start from.
    func itemsNewer<T: Decodable & Sendable & Identifiable>(
        than id: String?, pageSize: Int, firstPage: @escaping @Sendable (Int) -> Endpoint
    ) async throws -> (items: [T], newest: String?) where T.ID == String {
        guard let id else {
            let page: Page<T> = try await collect(upTo: 1, pageSize: 1, firstPage: firstPage, singleRequest: true)
            return ([], page.items.first?.id)
        }
        let first: Page<T> = try await collect(upTo: pageSize, pageSize: pageSize, firstPage: { limit in
            var endpoint = firstPage(limit)
            endpoint.query.append(URLQueryItem(name: "min_id", value: id))
            return endpoint
        }, singleRequest: true)
        var items = first.items
        if items.count >= pageSize {
            let above = try await newer(than: first, known: Set(items.map(\.id)), maxPages: Self.newerPagesPerRefresh - 1, pageSize: pageSize)
            items = above.items + items
        }
        // GoToSocial answers `min_id` with the newest item again, even when it is `id` itself.
        items = items.filter { LiveCursor.isNewer($0.id, than: id) }
        return (items, items.first?.id ?? id)
    }
}

extension LiveCursor {
    /// Mastodon ids are numbers as text, GoToSocial's are ULIDs: both sort by length, then
    /// by character.
    static func isNewer(_ a: String, than b: String) -> Bool {
        a.count != b.count ? a.count > b.count : a > b
    }

    mutating func advanceHome(to id: String) {
        if home.map({ Self.isNewer(id, than: $0) }) ?? true { home = id }
    }

    mutating func advanceNotifications(to id: String) {
        if notifications.map({ Self.isNewer(id, than: $0) }) ?? true { notifications = id }
    }
}

/// Performs `LiveStateMachine`'s actions: one task reads a mailbox of everything that
/// happened (connections opening, events, failures, silences, timers), so the machine sees
/// one input at a time and a gap is filled before the events that came after it are passed on.
private actor LiveDriver {
    private enum Message {
        case input(LiveStateMachine<SystemRandomNumberGenerator>.Input, generation: Int)
        case event(LiveEvent, generation: Int)
        /// A post the server sent without filter marks: the user's filters are applied first.
        case unmarked(LiveEvent, generation: Int)
    }

    private let engine: TweetEngine
    private var machine: LiveStateMachine<SystemRandomNumberGenerator>
    private var cursor: LiveCursor
    private let output: AsyncStream<LiveEvent>.Continuation
    private let mailbox: AsyncStream<Message>
    private let post: AsyncStream<Message>.Continuation
    /// Each connection and timer carries the generation it was started in; what an older one
    /// says after it was replaced is ignored.
    private var generation = 0
    private var connection: Task<Void, Never>?
    private var timer: Task<Void, Never>?
    /// The direct stream answered 404: the user stream alone is used from then on.
    private let directUnavailable = SharedFlag()
    /// The user's filters, asked when the first unmarked post arrives (a server that marks its
    /// posts never costs the request) and again when they change.
    private var clientFilters: ClientFilters?
    /// What the direct stream said before the user stream opened: passed on after `started`
    /// and the gap, in the order the machine promises. Bounded as the output is.
    private var held: [Message] = []
    private static let heldLimit = 1000

    init(engine: TweetEngine, cursor: LiveCursor, pollEvery: Duration, output: AsyncStream<LiveEvent>.Continuation) {
        self.engine = engine
        self.cursor = cursor
        self.output = output
        machine = LiveStateMachine(
            backoff: engine.options.streamBackoff, pollEvery: pollEvery, random: SystemRandomNumberGenerator())
        (mailbox, post) = AsyncStream<Message>.makeStream()
    }

    func run() async {
        await startCursor()
        await perform(machine.receive(.start))
        for await message in mailbox {
            if Task.isCancelled { break }
            await receive(message)
            if machine.state == .ended { break }
        }
        connection?.cancel()
        timer?.cancel()
    }

    private func receive(_ message: Message) async {
        switch message {
        case .event(let event, let from):
            guard from == generation, !holds(message) else { return }
            if event == .filtersChanged, clientFilters != nil { await loadFilters() }
            track(event)
            output.yield(event)
            _ = machine.receive(.event)
        case .unmarked(let event, let from):
            guard from == generation, !holds(message) else { return }
            if clientFilters == nil { await loadFilters() }
            let marked = clientFilters?.mark(event, now: engine.clock.now()) ?? event
            track(marked)
            output.yield(marked)
            _ = machine.receive(.event)
        case .input(let input, let from):
            guard from == generation else { return }
            await perform(machine.receive(input))
            guard machine.state == .live, !held.isEmpty else { return }
            let waiting = held
            held = []
            for message in waiting { await receive(message) }
        }
    }

    /// An event from the direct stream while the user stream is still connecting waits for
    /// it: nothing is heard before "started", nor before the gap it fills.
    private func holds(_ message: Message) -> Bool {
        guard machine.state == .connecting || machine.state == .retrying else { return false }
        if held.count == Self.heldLimit { held.removeFirst() }
        held.append(message)
        return true
    }

    private func perform(_ actions: [LiveStateMachine<SystemRandomNumberGenerator>.Action]) async {
        for action in actions {
            switch action {
            case .connect:
                close()
                connection = open(generation: generation)
            case .wait(let delay):
                close()
                let clock = engine.clock
                let post = post
                let now = generation
                timer = Task {
                    do { try await clock.sleep(for: delay) } catch { return }
                    post.yield(.input(.timer, generation: now))
                }
            case .poll(let returning):
                // A failed poll says nothing here: the machine decides what an outage says.
                let succeeded = await fetchNewer(returning: returning, onlyIfAnswered: true)
                await perform(machine.receive(.polled(succeeded: succeeded)))
            case .announce(let event):
                output.yield(event)
            case .fillGap(let returning):
                // The stream is back whether or not the gap could be asked for.
                _ = await fetchNewer(returning: returning, onlyIfAnswered: false)
            }
        }
    }

    /// Closes the open connection and any timer; what they say afterwards is stale.
    private func close() {
        generation += 1
        held = []
        connection?.cancel()
        connection = nil
        timer?.cancel()
        timer = nil
    }

    /// The user stream, the direct stream beside it, and a watchdog for silence.
    private func open(generation now: Int) -> Task<Void, Never> {
        let engine = engine
        let post = post
        let silenceLimit = engine.options.streamSilenceLimit
        let directUnavailable = directUnavailable
        // On a WebSocket, the direct stream rides on the user stream's connection.
        let overWebSocket = engine.streamingChoice?.usesWebSocket == true
        return Task {
            let heard = SharedCount()
            await withTaskGroup(of: Part.self) { group in
                group.addTask {
                    let failure = await Self.readUser(engine: engine, heard: heard, post: post, generation: now)
                    post.yield(.input(.failed(failure), generation: now))
                    return .user
                }
                if !directUnavailable.isSet, !overWebSocket {
                    group.addTask {
                        let failure = await Self.read(.direct, engine: engine, heard: heard, post: post, generation: now, announcesOpen: false)
                        if LiveStateMachine<SystemRandomNumberGenerator>.hasNoStreaming(failure) {
                            directUnavailable.set()
                        } else {
                            post.yield(.input(.failed(failure), generation: now))
                        }
                        return .direct
                    }
                }
                group.addTask {
                    // Wakes once per limit, not per heartbeat: an idle stream costs nothing more.
                    var last = -1
                    while !Task.isCancelled {
                        do { try await Task.sleep(for: silenceLimit) } catch { return .watchdog }
                        let count = heard.value
                        if count == last {
                            post.yield(.input(.silence, generation: now))
                            return .watchdog
                        }
                        last = count
                    }
                    return .watchdog
                }
                // The connection lasts while the user stream and the watchdog run; a server
                // without the direct stream leaves the user stream alone.
                while let part = await group.next(), part == .direct {}
                group.cancelAll()
            }
        }
    }

    private enum Part { case user, direct, watchdog }

    /// The user stream over the transport the server answers on: server-sent events first
    /// (as every Mastodon serves them), the WebSocket where they are missing (GoToSocial,
    /// Akkoma) or where the server said WebSocket before. One logical connection either way:
    /// the state machine sees one connect and one failure, never which transport tried.
    private static func readUser(
        engine: TweetEngine, heard: SharedCount, post: AsyncStream<Message>.Continuation, generation: Int
    ) async -> EngineError {
        if engine.streamingChoice?.usesWebSocket == true {
            let failure = await readSocket(engine: engine, heard: heard, post: post, generation: generation)
            // A server that dropped its WebSocket is asked for server-sent events again.
            guard LiveStateMachine<SystemRandomNumberGenerator>.hasNoStreaming(failure) else { return failure }
            return await read(.user, engine: engine, heard: heard, post: post, generation: generation, announcesOpen: true)
        }
        let failure = await read(.user, engine: engine, heard: heard, post: post, generation: generation, announcesOpen: true)
        guard engine.shouldTryWebSocket(after: failure) else { return failure }
        let socketFailure = await readSocket(engine: engine, heard: heard, post: post, generation: generation)
        // Refused as a fallback (header and query both): a server with streaming switched off
        // closes the upgrade with 1008, which reaches loowi as 403 (mastodon-mock, some
        // proxies). The token is not the question there, REST says so: it is polled.
        if case .http(let status, _) = socketFailure, [401, 403].contains(status) { return .streamingUnavailable }
        return socketFailure
    }

    private static func readSocket(
        engine: TweetEngine, heard: SharedCount, post: AsyncStream<Message>.Continuation, generation: Int
    ) async -> EngineError {
        await endReason {
            try await engine.readWebSocket(
                onOpen: { post.yield(.input(.connected, generation: generation)) },
                onBytes: { heard.increment() },
                onEvent: { post.yield(.event($0, generation: generation)) },
                onUnmarked: { post.yield(.unmarked($0, generation: generation)) })
        }
    }

    private static func read(
        _ stream: StreamingEndpoint, engine: TweetEngine, heard: SharedCount, post: AsyncStream<Message>.Continuation,
        generation: Int, announcesOpen: Bool
    ) async -> EngineError {
        await endReason {
            try await engine.readStream(
                stream,
                onOpen: {
                    guard announcesOpen else { return }
                    engine.rememberStreaming(.serverSentEvents)
                    post.yield(.input(.connected, generation: generation))
                },
                onBytes: { heard.increment() },
                onEvent: { post.yield(.event($0, generation: generation)) },
                onUnmarked: { post.yield(.unmarked($0, generation: generation)) })
        }
    }

    /// Why a connection read to its end ended: its error, or the server closing it.
    private static func endReason(_ read: () async throws -> Void) async -> EngineError {
        do {
            try await read()
            return .transport(.connectionLost)
        } catch let error as EngineError {
            return error
        } catch {
            return .transport(.connectionLost)
        }
    }

    // MARK: Asking with REST

    /// The streaming address comes from the instance. With nothing known yet, the newest home post and notification are where a return or
    /// a poll starts, so it never reports the whole timeline as missed.
    private func startCursor() async {
        // The instance names the streaming address (asked once per server and remembered).
        _ = try? await engine.instanceLimits()
        if cursor.home == nil, let (_, newest) = try? await homeNewer() { cursor.home = newest }
        if cursor.notifications == nil, let (_, newest) = try? await notificationsNewer() { cursor.notifications = newest }
    }

    /// What arrived above the cursor, passed on oldest first (a poll, a quiet return) or as
    /// one `restored` or `reachable` (the return of an outage that was said; with
    /// `onlyIfAnswered`, only when the server answered). False when a request failed.
    private func fetchNewer(returning: LiveStateMachine<SystemRandomNumberGenerator>.Outage?, onlyIfAnswered: Bool) async -> Bool {
        var succeeded = true
        var statuses: [Status] = []
        var notifications: [MastodonNotification] = []
        do {
            let (items, newest) = try await homeNewer()
            statuses = items
            if let newest { cursor.advanceHome(to: newest) }
        } catch {
            succeeded = false
        }
        do {
            let (items, newest) = try await notificationsNewer()
            notifications = items
            if let newest { cursor.advanceNotifications(to: newest) }
        } catch {
            succeeded = false
        }
        let missed = LiveMissed(statuses: statuses, notifications: notifications)
        if let returning, succeeded || !onlyIfAnswered {
            output.yield(returning == .stopped ? .restored(missed: missed) : .reachable(missed: missed))
        } else {
            for status in statuses.reversed() { output.yield(.update(status)) }
            for notification in notifications.reversed() { output.yield(.notification(notification)) }
        }
        return succeeded
    }

    private func homeNewer() async throws -> ([Status], String?) {
        try await engine.itemsNewer(than: cursor.home, pageSize: TweetEngine.PageSize.statuses) {
            TimelinesEndpoint.home(limit: $0).endpoint
        }
    }

    private func notificationsNewer() async throws -> ([MastodonNotification], String?) {
        try await engine.itemsNewer(than: cursor.notifications, pageSize: TweetEngine.PageSize.notifications) {
            NotificationsEndpoint.list(limit: $0, types: []).endpoint
        }
    }

    private func loadFilters() async {
        // Unreadable: none applied (the posts are shown, as a server without filters shows them).
        clientFilters = ClientFilters(filters: (try? await engine.accountFilters()) ?? [])
    }

    private func track(_ event: LiveEvent) {
        switch event {
        case .update(let status): cursor.advanceHome(to: status.id)
        case .notification(let notification): cursor.advanceNotifications(to: notification.id)
        default: break
        }
    }
}

/// Bytes heard on a connection, counted by its readers and read by its watchdog.
private final class SharedCount: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    func increment() { count.add(1, ordering: .relaxed) }
}

private final class SharedFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .relaxed) }
    func set() { flag.store(true, ordering: .relaxed) }
}
