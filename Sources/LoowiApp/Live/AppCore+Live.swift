import AccessibleControls
import TweetEngine

extension AppCore {
    /// Starts live updates once the home timeline has loaded (the runner gave a source);
    /// later loads of home leave them running.
    func startLiveUpdates() {
        guard let source = liveSource, live == nil else { return }
        let updates = LiveUpdates(app: self, source: source)
        live = updates
        let home = (buffers.screen(.home) as? TimelineScreen)?.posts.first?.id
        let notifications = (buffers.screen(.notifications) as? BufferListScreen)?.ids.first
        updates.start(from: LiveCursor(home: home, notifications: notifications))
    }

    /// On quit: the connection closes.
    func stopLiveUpdates() {
        live?.stop()
    }
}

extension LiveUpdates {
    /// TEMPORARY (issue 11): the engine's `userStream()` seen as live events, until
    /// `TweetEngine.liveUpdates(since:pollEvery:)` lands; replaced by it at merge. No gap is
    /// filled here: a return says nothing arrived meanwhile.
    nonisolated static func userStreamAdapter(_ engine: TweetEngine) -> LiveSource {
        { _ in
            AsyncStream { continuation in
                let task = Task {
                    var started = false
                    var down = false
                    for await event in engine.userStream() {
                        switch event {
                        case .connected:
                            if !started {
                                started = true
                                continuation.yield(.started)
                            } else if down {
                                continuation.yield(.restored(missed: LiveMissed()))
                            }
                            down = false
                        case .update(let status): continuation.yield(.update(status))
                        case .statusUpdate(let status): continuation.yield(.statusUpdate(status))
                        case .delete(let id): continuation.yield(.delete(statusID: id))
                        case .notification(let notification): continuation.yield(.notification(notification))
                        case .conversation(let conversation): continuation.yield(.conversation(conversation))
                        case .other(let name):
                            if name == "filters_changed" { continuation.yield(.filtersChanged) }
                        case .disconnected(let error, let reconnectIn):
                            guard reconnectIn != nil else {
                                continuation.yield(.ended(error))
                                continuation.finish()
                                return
                            }
                            if !down { continuation.yield(.stopped(error)) }
                            down = true
                        }
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }
}
