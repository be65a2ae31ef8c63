/// Where the user stopped reading one timeline, kept in step with the server's marker
/// (`/api/v1/markers`) as a value: events in, the write to make out. No clock, no threads:
/// the caller says what happened and when, performs the action, and reports the answer.
///
/// Rules: at most one write per `interval` while reading; the newest focus is what gets
/// written; a position the app chose itself (the one it opened on) never goes back over a
/// newer marker another client wrote, while a post the user moved to after start does; on
/// quit a pending position is written at once; a failed write is retried at the next
/// opportunity, never sooner than `interval` after it was sent; a 409 means another client
/// moved the marker: the failed position is dropped and the marker read again.
public struct MarkerSync: Sendable, Equatable {
    public typealias Instant = ContinuousClock.Instant

    public enum Timeline: String, Sendable, Hashable, CaseIterable {
        case home, notifications
    }

    public enum Event: Sendable, Equatable {
        /// The server's markers were read (at start, or again after a conflict); nil when it
        /// has none for this timeline or could not say.
        case read(Marker?)
        /// Focus moved to post `id`; `byUser` is false for the position the app opened on.
        case focused(String, byUser: Bool)
        case writeSucceeded(Marker)
        /// `conflict` is the server's 409: another client changed the marker meanwhile.
        case writeFailed(conflict: Bool)
        /// Time passed (the caller's regular tick).
        case tick
        case quitting
    }

    public enum Action: Sendable, Equatable {
        case none
        /// Write `{timeline: id}` now, then report `writeSucceeded` or `writeFailed`.
        case write(String)
        /// Nothing yet: a write is due at this instant (send `tick` then).
        case writeAt(Instant)
        /// Read the server's markers again, then report `read`.
        case read
    }

    public static let interval: Duration = .seconds(30)

    public let timeline: Timeline
    /// The newest marker the server is known to hold.
    public private(set) var server: Marker?
    /// The position waiting to be written.
    public private(set) var pending: String?
    /// The position being written now.
    public private(set) var inFlight: String?
    /// When the last write was sent (successful or not): the next one waits `interval`.
    public private(set) var lastWrite: Instant?
    /// The user moved the focus themselves since start.
    public private(set) var userMoved = false
    public private(set) var isQuitting = false
    private var rereading = false

    public init(_ timeline: Timeline) { self.timeline = timeline }

    public mutating func handle(_ event: Event, at now: Instant) -> Action {
        switch event {
        case .read(let marker):
            rereading = false
            adopt(marker)
            // Another client's newer marker wins over a position the user did not choose.
            if let pending, let server, !userMoved, !Self.isNewer(pending, than: server.lastReadID) { self.pending = nil }
        case .focused(let id, let byUser):
            if byUser { userMoved = true }
            if !byUser, !userMoved, let server, !Self.isNewer(id, than: server.lastReadID) { break }
            pending = id == (inFlight ?? server?.lastReadID) ? nil : id
        case .writeSucceeded(let marker):
            inFlight = nil
            adopt(marker)
        case .writeFailed(let conflict):
            let failed = inFlight
            inFlight = nil
            if conflict {
                // Another client moved it: theirs is honoured, only a later move of ours is kept.
                rereading = true
                return .read
            }
            // On the way out a failure is not retried: quitting must not wait on a loop.
            if isQuitting { return .none }
            if pending == nil { pending = failed }
        case .tick:
            break
        case .quitting:
            isQuitting = true
        }
        return next(at: now)
    }

    private mutating func adopt(_ marker: Marker?) {
        guard let marker else { return }
        if let server, marker.version < server.version, marker.lastReadID != server.lastReadID { return }
        server = marker
        if pending == marker.lastReadID { pending = nil }
    }

    private mutating func next(at now: Instant) -> Action {
        guard let pending, inFlight == nil, !rereading else { return .none }
        if !isQuitting, let lastWrite, now < lastWrite + Self.interval { return .writeAt(lastWrite + Self.interval) }
        inFlight = pending
        self.pending = nil
        lastWrite = now
        return .write(pending)
    }

    /// Mastodon's order of ids: a longer id is newer, then the later in lexicographic order.
    public static func isNewer(_ id: String, than other: String) -> Bool {
        id.utf8.count != other.utf8.count ? id.utf8.count > other.utf8.count : id > other
    }
}
