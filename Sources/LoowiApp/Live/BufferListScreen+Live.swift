import AccessibleControls
import TweetEngine

/// Live updates in Notifications and Direct messages: items arrive on top (new ones unread),
/// the focus stays on the item being read, and a deleted post's item says "Deleted." while
/// focused. Nothing here speaks: `LiveUpdates` announces.
extension BufferListScreen {
    /// A notification on top, grouped like a refresh's; true when it is new here.
    @discardableResult
    func insertLive(_ notification: MastodonNotification) -> Bool {
        guard case .notifications(let old) = items else { return false }
        let keep = itemIndex.map { ids[$0] }
        let result = NotificationGroup.merging(newer: [NotificationGroup(notification)], above: old)
        guard result.arrived > 0 else { return false }
        if paging.firstSeenID == nil { paging.firstSeenID = ids.first }
        show(.notifications(result.groups), keeping: keep, index: keep == nil ? wheel.index - paging.offset : nil)
        return true
    }

    /// A conversation with a new message replaces the one shown, on top.
    func upsertLive(_ conversation: Conversation) {
        guard case .conversations(let old) = items else { return }
        let keep = itemIndex.map { ids[$0] }
        if paging.firstSeenID == nil { paging.firstSeenID = ids.first }
        show(.conversations([conversation] + old.filter { $0.id != conversation.id }), keeping: keep)
    }

    /// The edited post in place of the one each item holds.
    func replaceLive(_ edited: Status) {
        let keep = wheel.index - paging.offset
        switch items {
        case .notifications(var groups):
            var changed = false
            for g in groups.indices {
                for n in groups[g].notifications.indices where groups[g].notifications[n].status?.id == edited.id {
                    groups[g].notifications[n].status = edited
                    changed = true
                }
            }
            if changed { show(.notifications(groups), index: keep) }
        case .conversations(var list):
            guard let at = list.firstIndex(where: { $0.lastStatus?.id == edited.id }) else { return }
            list[at].lastStatus = edited
            show(.conversations(list), index: keep)
        }
    }

    /// Notifications about the post leave, the focused one staying as "Deleted." until left; a
    /// conversation whose last message it was keeps its place without it.
    func removeLive(_ statusID: String) {
        let keep = itemIndex.map { ids[$0] }
        switch items {
        case .notifications(let groups):
            let gone = Set(groups.filter { $0.status?.id == statusID }.map(\.id))
            guard !gone.isEmpty else { return }
            if let keep, gone.contains(keep) { deletedHere.insert(keep) }
            show(.notifications(groups.filter { !gone.contains($0.id) || $0.id == keep }), keeping: keep)
        case .conversations(var list):
            guard let at = list.firstIndex(where: { $0.lastStatus?.id == statusID }) else { return }
            list[at].lastStatus = nil
            show(.conversations(list), keeping: keep)
        }
    }

    /// The user moved: a deleted item left behind goes, and the focus stays where it went.
    func forgetDeletedLeft() {
        guard !deletedHere.isEmpty, case .notifications(let groups) = items else { return }
        let keep = itemIndex.map { ids[$0] }
        let leaving = deletedHere.subtracting(keep.map { [$0] } ?? [])
        guard !leaving.isEmpty else { return }
        deletedHere.subtract(leaving)
        show(.notifications(groups.filter { !leaving.contains($0.id) }), keeping: keep)
    }
}
