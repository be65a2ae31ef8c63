import FoundationEssentials
import LoowiSupport
import TweetEngine

/// Where a buffer with a server marker opens: the more recent of the server's marker and the
/// position saved here (by their times). The position is where to resume; what counts as read
/// is the mark (`heard`).
enum WhereLeft {
    static func choose(marker: Marker?, saved: ReadingPosition.Spot?) -> String? {
        switch (marker, saved) {
        case (let marker?, let saved?): saved.at > (marker.updatedAt ?? .distantPast) ? saved.id : marker.lastReadID
        case (let marker?, nil): marker.lastReadID
        case (nil, let saved?): saved.id
        case (nil, nil): nil
        }
    }
}

extension WhereLeft {
    /// A buffer's mark from the server's marker and what was heard here (issue 35, item 12):
    /// the mark saved here, with the items heard above it, when it was saved more recently
    /// than the marker (as `choose` says for the focus), then the marker; a mark never goes
    /// back to an older one. `ids`: the buffer's, newest first.
    static func heard(_ heard: HeardPosts, marker: Marker?, saved: (heard: HeardPosts, at: Date)?, in ids: [String]) -> HeardPosts {
        var heard = heard
        if let saved, marker == nil || saved.at > (marker?.updatedAt ?? .distantPast) {
            heard.hear(saved.heard.heard, in: ids)
            heard.start(at: saved.heard.mark, in: ids)
        }
        heard.start(at: marker?.lastReadID, in: ids)
        return heard
    }
}

/// What a buffer counts as read: its focused item and everything below it ("Mentions, 2
/// new"). Unknown (nil) until a marker, a saved position or the user's focus says where.
/// Newer means above in the buffer's own order when both items are in it (a post's id says
/// little about when it reached you), else the newer id (a marker's item no longer loaded).
struct ReadMark: Sendable, Equatable {
    private(set) var upTo: String?

    /// Focus on `id` marks it and everything below read; never goes back. `ids`: the
    /// buffer's items, newest first.
    mutating func read(_ id: String?, in ids: [String] = []) {
        guard let id else { return }
        if let upTo {
            if let at = ids.firstIndex(of: id), let mark = ids.firstIndex(of: upTo) {
                if at >= mark { return }
            } else if !MarkerSync.isNewer(id, than: upTo) {
                return
            }
        }
        upTo = id
    }

    /// How many of `ids` (newest first) are above what was read; nil while unknown.
    func unread(_ ids: [String]) -> Int? {
        guard let upTo else { return nil }
        if let at = ids.firstIndex(of: upTo) { return at }
        return ids.prefix { MarkerSync.isNewer($0, than: upTo) }.count
    }
}
