import Foundation
import TweetEngine

/// The home timeline's reading position: `MarkerSync` decides, this performs its writes and
/// reads in the background (no busy indicator, nothing said when they fail) and keeps the
/// position in the local file too.
extension AppCore {
    func markerEvent(_ event: MarkerSync.Event) {
        switch homeMarker.handle(event, at: now()) {
        case .none, .writeAt:
            return
        case .write(let id):
            position?.save(home: id, at: engine.clock.now())
            // Behind the server's rate limit the write would wait, and say so, in the middle of
            // reading: it counts as failed and goes at the next opportunity instead.
            if engine.rateLimitedUntil != nil {
                markerEvent(.writeFailed(conflict: false))
                return
            }
            _ = perform(
                strings(.savingPosition), busy: false, { engine in try await engine.setMarkers(home: id) },
                then: { [weak self] (markers: Markers) in
                    // A server that answers without the marker still took it.
                    self?.markerEvent(.writeSucceeded(markers.home ?? Marker(lastReadID: id, version: 0)))
                    return .none
                },
                failed: { [weak self] error in
                    if case .http(409, _) = error {
                        self?.markerEvent(.writeFailed(conflict: true))
                    } else {
                        self?.markerEvent(.writeFailed(conflict: false))
                    }
                    return .none
                })
        case .read:
            _ = perform(
                strings(.savingPosition), busy: false, { engine in try await engine.markers() },
                then: { [weak self] (markers: Markers) in
                    self?.markerEvent(.read(markers.home))
                    return .none
                },
                failed: { [weak self] _ in
                    self?.markerEvent(.read(nil))
                    return .none
                })
        }
    }

    /// The user moved to post `id` on the home timeline.
    func homeFocused(_ id: String) {
        markerEvent(.focused(id, byUser: true))
    }

    /// On the way out: the focused post is kept here, a pending position goes to the server,
    /// and the writes under way get at most `limit` to answer (quitting never hangs on them).
    public func quit(waitingAtMost limit: Duration) async {
        if let id = homeMarker.pending ?? homeMarker.inFlight { position?.save(home: id, at: engine.clock.now()) }
        markerEvent(.quitting)
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

/// Resumes its continuation once, whichever of the settle or the time limit comes first.
@MainActor
private final class OnceGate {
    var continuation: CheckedContinuation<Void, Never>?

    func open() {
        continuation?.resume()
        continuation = nil
    }
}
