import FoundationEssentials
import LoowiSupport
import TweetEngine

/// The reading positions with a server marker (home, notifications): each timeline's
/// `MarkerSync` decides, this performs its writes and reads in the background (no busy
/// indicator, nothing said when they fail) and keeps the position in the local file too.
extension AppCore {
    func markerEvent(_ event: MarkerSync.Event, for timeline: MarkerSync.Timeline = .home) {
        let action: MarkerSync.Action
        switch timeline {
        case .home: action = homeMarker.handle(event, at: now())
        case .notifications: action = notificationsMarker.handle(event, at: now())
        }
        switch action {
        case .none, .writeAt:
            return
        case .write(let id):
            // The mark is kept here with the items heard above it; the focus apart, on quit.
            switch timeline {
            case .home: (buffers.screen(.home) as? TimelineScreen)?.saveHeard()
            case .notifications: (buffers.screen(.notifications) as? BufferListScreen)?.saveHeard()
            }
            // Behind the server's rate limit the write would wait, and say so, in the middle of
            // reading: it counts as failed and goes at the next opportunity instead.
            if engine.rateLimitedUntil != nil {
                markerEvent(.writeFailed(conflict: false), for: timeline)
                return
            }
            let home = timeline == .home ? id : nil
            let notifications = timeline == .notifications ? id : nil
            _ = perform(
                strings(.savingPosition), busy: false, { engine in try await engine.setMarkers(home: home, notifications: notifications) },
                then: { [weak self] (markers: Markers) in
                    // A server that answers without the marker still took it.
                    self?.markerEvent(.writeSucceeded(markers[timeline] ?? Marker(lastReadID: id, version: 0)), for: timeline)
                    return .none
                },
                failed: { [weak self] error in
                    if case .http(409, _) = error {
                        self?.markerEvent(.writeFailed(conflict: true), for: timeline)
                    } else {
                        self?.markerEvent(.writeFailed(conflict: false), for: timeline)
                    }
                    return .none
                })
        case .read:
            _ = perform(
                strings(.savingPosition), busy: false, { engine in try await engine.markers() },
                then: { [weak self] (markers: Markers) in
                    self?.markerEvent(.read(markers[timeline]), for: timeline)
                    return .none
                },
                failed: { [weak self] _ in
                    self?.markerEvent(.read(nil), for: timeline)
                    return .none
                })
        }
    }

    /// On the way out: every buffer's focused item is kept here (as where to resume; home's and
    /// notifications' marks beside it, with what was heard), a pending position goes to the server, and the writes under way
    /// get at most `limit` to answer (quitting never hangs on them).
    public func quit(waitingAtMost limit: Duration) async {
        var positions: [Buffer: String] = [:]
        for buffer in Buffer.allCases {
            if let id = buffers.screen(buffer)?.savedPosition { positions[buffer] = id }
        }
        position?.save(positions, at: engine.clock.now())
        (buffers.screen(.home) as? TimelineScreen)?.saveHeard()
        (buffers.screen(.notifications) as? BufferListScreen)?.saveHeard()
        markerEvent(.quitting, for: .home)
        markerEvent(.quitting, for: .notifications)
        guard isWaiting else { return }
        let gate = OnceGate()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            gate.continuation = done
            Task { @MainActor in
                await self.settle()
                gate.open()
            }
            Task { @MainActor in
                try? await Task.sleep(for: limit)
                gate.open()
            }
        }
    }
}

extension MarkerSync.Timeline {
    /// The buffer whose position the marker keeps.
    var buffer: Buffer {
        switch self {
        case .home: .home
        case .notifications: .notifications
        }
    }
}

extension Markers {
    subscript(timeline: MarkerSync.Timeline) -> Marker? {
        switch timeline {
        case .home: home
        case .notifications: notifications
        }
    }
}

/// Resumes its continuation once, whichever of the settle or the time limit comes first.
@MainActor
private final class OnceGate {
    var continuation: CheckedContinuation<Void, Never>?

    func open() {
        continuation?.resume()
        continuation = nil
    }
}
