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

    /// Every loaded status buffer, the opened ones included.
    var statusBuffers: [TimelineScreen] {
        Buffer.allCases.compactMap { buffers.screen($0) as? TimelineScreen } + buffers.opened.compactMap { $0.screen as? TimelineScreen }
    }

    /// The buffers of notifications and conversations, when loaded.
    var listBuffers: [BufferListScreen] {
        [Buffer.notifications, .directMessages].compactMap { buffers.screen($0) as? BufferListScreen }
    }

    /// A post deleted (by the stream, or by the user here) leaves every buffer; a focused one
    /// is said "Deleted." until the user moves off it.
    func removeEverywhere(_ statusID: String) {
        for screen in statusBuffers { screen.removeLive(statusID) }
        for list in listBuffers { list.removeLive(statusID) }
    }

    /// A post the user changed here (a vote, an edit) reads as it now is in every buffer.
    func replaceEverywhere(_ status: Status) {
        for screen in statusBuffers { screen.replaceLive(status) }
        for list in listBuffers { list.replaceLive(status) }
    }

    /// The user's own boosts of a post leave every buffer once the boost is taken back.
    func removeOwnBoosts(of statusID: String) {
        guard let me = me?.id else { return }
        for screen in statusBuffers { screen.withdrawOwnBoosts(of: statusID, me: me) }
    }
}
