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
