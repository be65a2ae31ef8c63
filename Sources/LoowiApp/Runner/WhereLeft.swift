import FoundationEssentials
import LoowiSupport
import TweetEngine

/// Where a buffer with a server marker opens: the more recent of the server's marker and the
/// position saved here (by their times), and whether it was chosen here (a position the
/// server never heard of, which is then the app's to write).
enum WhereLeft {
    static func choose(marker: Marker?, saved: ReadingPosition.Spot?) -> (id: String, chosenHere: Bool)? {
        switch (marker, saved) {
        case (let marker?, let saved?):
            let chosenHere = saved.id != marker.lastReadID && saved.at > (marker.updatedAt ?? .distantPast)
            return (chosenHere ? saved.id : marker.lastReadID, chosenHere)
        case (let marker?, nil): return (marker.lastReadID, false)
        case (nil, let saved?): return (saved.id, false)
        case (nil, nil): return nil
        }
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
