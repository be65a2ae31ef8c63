import Foundation
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

/// What a buffer counts as read: its focused item and everything older ("Mentions, 2 new").
/// Unknown (nil) until a marker, a saved position or the user's focus says where.
struct ReadMark: Sendable, Equatable {
    private(set) var upTo: String?

    /// Focus on `id` marks it and everything older read; never goes back.
    mutating func read(_ id: String?) {
        guard let id else { return }
        if let upTo, !MarkerSync.isNewer(id, than: upTo) { return }
        upTo = id
    }

    /// How many of `ids` are newer than what was read; nil while unknown.
    func unread(_ ids: some Sequence<String>) -> Int? {
        guard let upTo else { return nil }
        return ids.reduce(0) { $0 + (MarkerSync.isNewer($1, than: upTo) ? 1 : 0) }
    }
}
