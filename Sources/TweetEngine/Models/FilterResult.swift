import FoundationEssentials
import LoowiSupport

/// Why a post matched one of the user's server-side filters (v2): the server marks each post
/// it sends with the filters it matches in that context; the client warns or hides.
public struct FilterResult: Sendable, Hashable, Codable, FastDecodable {
    public var filter: FilterSummary
    public var keywordMatches: [String]

    enum CodingKeys: String, CodingKey {
        case filter
        case keywordMatches = "keyword_matches"
    }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        filter = try c.required(.filter)
        keywordMatches = c.idList(.keywordMatches)
    }
}

/// The filter itself, as much as reading needs: its title and what it asks for.
public struct FilterSummary: Sendable, Hashable, Codable, FastDecodable {
    public enum Action: String, Sendable, Hashable, Codable {
        /// Read like a content warning: "Filtered: politics."
        case warn
        /// Not shown at all.
        case hide
    }

    public var id: String
    public var title: String
    public var action: OpenEnum<Action>

    enum CodingKeys: String, CodingKey {
        case id, title
        case action = "filter_action"
    }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        id = try c.id(.id)
        title = c.text(.title)
        action = c.openEnum(.action)
    }
}

extension Status {
    /// The titles of the "warn" filters the post (the boosted one, for a boost) matches;
    /// empty when none.
    public var warningFilters: [String] {
        let results = filtered + (reblog?.filtered ?? [])
        var seen = Set<String>()
        return results.filter { $0.filter.action.known != .hide }.map(\.filter.title).filter { seen.insert($0).inserted }
    }

    /// A "hide" filter matches: the post is not shown anywhere.
    public var isHiddenByFilter: Bool {
        (filtered + (reblog?.filtered ?? [])).contains { $0.filter.action.known == .hide }
    }

    /// The posts to show: those a "hide" filter matches are dropped, in every buffer, the
    /// stream and the listing commands.
    public static func visible(_ statuses: [Status]) -> [Status] {
        statuses.filter { !$0.isHiddenByFilter }
    }
}
