import FoundationEssentials
import LoowiSupport

/// `GET /api/v2/notifications` (Mastodon 4.3+): the server's own grouping ("Ana and 3 others
/// boosted your post"), with the accounts and posts the groups name listed once beside them.
/// Read leniently: a group without its id is skipped, a missing account or post is left out.
struct GroupedNotifications: Sendable, FastDecodable {
    var accounts: [Account]
    var statuses: [Status]
    var groups: [Group]
    /// A body without `notification_groups` is not this container (a server that answers the
    /// path with something else): the caller falls back to v1.
    var isContainer: Bool

    enum CodingKeys: String, CodingKey {
        case accounts, statuses
        case groups = "notification_groups"
    }

    init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        accounts = c.list(.accounts)
        statuses = c.list(.statuses)
        groups = c.list(.groups)
        isContainer = c.contains(.groups)
    }

    struct Group: Sendable, FastDecodable {
        var groupKey: String
        var count: Int
        var type: OpenEnum<NotificationType>
        var mostRecentID: String
        var latestAt: Date?
        var sampleAccountIDs: [String]
        var statusID: String?

        enum CodingKeys: String, CodingKey {
            case type
            case groupKey = "group_key"
            case count = "notifications_count"
            case mostRecentID = "most_recent_notification_id"
            case latestAt = "latest_page_notification_at"
            case sampleAccountIDs = "sample_account_ids"
            case statusID = "status_id"
        }

        init(from decoder: any Decoder) throws {
            try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
        }

        typealias FieldKeys = CodingKeys

        init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
            mostRecentID = try c.id(.mostRecentID)
            groupKey = c.text(.groupKey)
            count = c.count(.count)
            type = c.openEnum(.type)
            latestAt = c.date(.latestAt)
            sampleAccountIDs = c.idList(.sampleAccountIDs)
            statusID = c.optionalID(.statusID).flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// The groups as the buffer reads them, in the server's order: each stands for its most
    /// recent notification, with the sample accounts found (each once) and the server's count.
    var notificationGroups: [NotificationGroup] {
        let people = Dictionary(accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let posts = Dictionary(statuses.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return groups.map { group in
            var seen = Set<String>()
            let sample = group.sampleAccountIDs.filter { seen.insert($0).inserted }.compactMap { people[$0] }
            let newest = MastodonNotification(
                id: group.mostRecentID, type: group.type, createdAt: group.latestAt, account: sample.first,
                status: group.statusID.flatMap { posts[$0] })
            return NotificationGroup(newest, accounts: sample, count: group.count, groupKey: group.groupKey)
        }
    }
}
