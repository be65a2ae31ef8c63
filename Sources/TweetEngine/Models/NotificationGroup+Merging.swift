import FoundationEssentials
import LoowiSupport

/// A buffer of groups that grows at both ends: a refresh's groups on top, older pages below.
///
/// A group is told apart by the server's `group_key` when it grouped, else by the favourites
/// or boosts of one post (grouped here), else by its notification. The server's
/// `notifications_count` counts the whole group, so a server group that comes again newer
/// replaces the one shown (it moves to the top, as on the web), and one that comes again on an
/// older page is already counted; groups made here join (people and notifications added).
extension NotificationGroup {
    var mergeKey: String {
        if let groupKey { return groupKey }
        if let local = Self.groupKey(newest) { return local }
        return "notification " + newest.id
    }

    private var isServerGroup: Bool { groupKey != nil }

    /// `newer` (newest first) on top of `old`; `arrived` counts the groups new or grown, which
    /// are the first `arrived` of the result.
    public static func merging(newer: [NotificationGroup], above old: [NotificationGroup]) -> (groups: [NotificationGroup], arrived: Int) {
        var groups = old
        var known = Set(old.flatMap { $0.notifications.map(\.id) })
        var arrivedKeys: [String] = []
        // Oldest first, each to the top: the newest ends first.
        for group in newer.reversed() where !known.contains(group.id) {
            var merged = group
            if let at = groups.firstIndex(where: { $0.mergeKey == group.mergeKey }) {
                let previous = groups.remove(at: at)
                if !group.isServerGroup { merged = group.joining(older: previous) }
            }
            known.formUnion(merged.notifications.map(\.id))
            groups.insert(merged, at: 0)
            arrivedKeys.removeAll { $0 == merged.mergeKey }
            arrivedKeys.append(merged.mergeKey)
        }
        return (groups, arrivedKeys.count)
    }

    /// `older` (newest first) below `groups`; a group already shown takes what it adds.
    public static func appending(older: [NotificationGroup], below groups: [NotificationGroup]) -> [NotificationGroup] {
        var result = groups
        var known = Set(groups.flatMap { $0.notifications.map(\.id) })
        for group in older where !known.contains(group.id) {
            known.formUnion(group.notifications.map(\.id))
            guard let at = result.firstIndex(where: { $0.mergeKey == group.mergeKey }) else {
                result.append(group)
                continue
            }
            if !group.isServerGroup { result[at] = result[at].joining(older: group) }
        }
        return result
    }

    /// This group with an older one's notifications and people after its own, each once.
    private func joining(older: NotificationGroup) -> NotificationGroup {
        var joined = self
        let ids = Set(notifications.map(\.id))
        joined.notifications += older.notifications.filter { !ids.contains($0.id) }
        let people = Set(accounts.map(\.id))
        joined.accounts += older.accounts.filter { !people.contains($0.id) }
        return joined
    }
}
