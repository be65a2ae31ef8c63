import AccessibleControls
import FoundationEssentials
import LoowiSupport

/// One buffer's paging, shared by the timeline and the notification and conversation lists:
/// where its older and newer pages are, the gap a refresh left at the top, the one load
/// under way, and where the new items of the last refresh end. The screens make the
/// requests; this decides whether one may start and what is said about it.
struct BufferPaging {
    /// What a buffer is loading; a buffer loads one thing at a time.
    enum Load {
        /// The first load's rest, behind what the user already reads.
        case starting
        case newer, older, gap
    }

    /// Older items (`rel="next"`), nil at the end.
    var next: URL?
    /// Newer items (`rel="prev"`), nil when the server gives none (the list is asked again).
    var previous: URL?
    /// A refresh stopped before it caught up: an item at the top of the wheel stands for what
    /// is newer still, and Enter on it loads it.
    var gapAtTop = false
    private(set) var underWay: Load?
    /// The first item that was already there when the last refresh brought new ones: moving
    /// down onto it says the new ones ended, once.
    var firstSeenID: String?
    /// The buffer holds its maximum: said once.
    private var saidFull = false

    /// The wheel's items are the buffer's, one further down when the gap is on top.
    var offset: Int { gapAtTop ? 1 : 0 }

    /// Starts `load` unless one is under way; false means say `alreadyUnderWay`.
    mutating func begin(_ load: Load) -> Bool {
        guard underWay == nil else { return false }
        underWay = load
        return true
    }

    mutating func end() { underWay = nil }

    /// What reaching the last item does: nothing when the list has no more, a load of older
    /// items while the cap allows, or the cap's sentence the first time it stops one.
    enum AtEnd: Equatable {
        case nothing
        case load(upTo: Int)
        case full
    }

    mutating func atEnd(count: Int, limit: Int) -> AtEnd {
        guard next != nil else { return .nothing }
        guard count < limit else {
            if saidFull { return .nothing }
            saidFull = true
            return .full
        }
        return .load(upTo: limit - count)
    }

    /// True once, when the wheel went down from a new item onto the first one seen before.
    /// What a refresh or the gap says once the wheel shows what came: nothing new; the count
    /// (and the gap still on top); or, for the gap, the count and then the item the focus went
    /// to, since the user pressed Enter to read on from there.
    func arrivalWords(
        _ arrived: Int, from load: Load, nothingNew: String, count: (Int) -> String, countAndGap: (Int) -> String,
        focused: () -> String
    ) -> [Feedback] {
        guard arrived > 0 else { return [.say(nothingNew), .redraw] }
        if load == .gap { return [.earcon(.newPost), .say(count(arrived)), .speak(focused(), .announcement), .redraw] }
        return [.earcon(.newPost), .say(gapAtTop ? countAndGap(arrived) : count(arrived)), .redraw]
    }

    mutating func crossedEndOfNew(from previousIndex: Int, to index: Int, seenAt seenIndex: Int?) -> Bool {
        guard let seenIndex, previousIndex < seenIndex, index >= seenIndex else { return false }
        firstSeenID = nil
        return true
    }

    /// Items newer than `old` put on top, each id once: a newer copy replaces an older one
    /// (a conversation with a new message moves up), and nothing is counted twice.
    ///
    /// One pass over `old`, each item copied once and looked up in the (small) set of the new
    /// page's ids: a post is a large value, and 10 000 held posts copied twice and hashed
    /// into a set of their own took 22 ms (`timeline_10000_merge_ms`).
    static func merging<Item>(newer: [Item], above old: [Item], id: (Item) -> String) -> (items: [Item], arrived: Int) {
        var seen = Set<String>()
        var items: [Item] = []
        items.reserveCapacity(newer.count + old.count)
        for item in newer where seen.insert(id(item)).inserted { items.append(item) }
        let top = items.count
        var alreadyHeld = 0
        for item in old {
            if seen.contains(id(item)) {
                alreadyHeld += 1
            } else {
                items.append(item)
            }
        }
        return (items, max(0, top - alreadyHeld))
    }

    /// Older items added at the end, any already held left out (servers repeat at page edges).
    static func appending<Item>(older: [Item], below old: [Item], id: (Item) -> String) -> [Item] {
        var seen = Set(old.map(id))
        return old + older.filter { seen.insert(id($0)).inserted }
    }
}
