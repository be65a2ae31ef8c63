/// Which posts of a timeline the user has heard, and so how far its marker may go (issue 35,
/// item 12): "read" means heard. The mark (what the marker says) moves to the newest post such
/// that every post between the old mark and it was heard; a post heard above an unheard one
/// is kept until the run reaches it. Where the user's focus is, is no business of this: it is
/// remembered apart, as where to resume.
///
/// Bounded: the run below the mark is the mark itself, and only the heard posts above it are
/// kept (what is saved is those the buffer still holds, `heardAbove`). A value, events in
/// (`start`, `hear`), the new mark out, tested without threads.
public struct HeardPosts: Sendable, Equatable {
    /// Everything up to this post and below it counts as read; nil until a marker, a saved
    /// mark or the app's first post says where.
    public private(set) var mark: String?
    /// Posts above the mark heard, waiting for the run to reach them.
    public private(set) var heard: Set<String>

    public init(mark: String? = nil, heard: some Sequence<String> = []) {
        self.mark = mark
        self.heard = Set(heard)
    }

    /// A mark from elsewhere (the server's marker, the one saved here): taken when it is newer
    /// than the one held, never going back. `order`: the buffer's ids, newest first. Returns
    /// the mark when it moved (also by posts already heard above it).
    @discardableResult
    public mutating func start(at mark: String?, in order: [String]) -> String? {
        let before = self.mark
        if let mark, self.mark == nil || Self.isAbove(mark, self.mark!, in: order) { self.mark = mark }
        advance(in: order)
        return self.mark == before ? nil : self.mark
    }

    /// Posts `ids` were heard (the focused post, or the posts a catch-up item stands for).
    /// Returns the new mark when it moved.
    @discardableResult
    public mutating func hear(_ ids: some Sequence<String>, in order: [String]) -> String? {
        let before = mark
        heard.formUnion(ids)
        advance(in: order)
        return mark == before ? nil : mark
    }

    /// The posts of `order` (newest first) above the mark that were not heard, newest first;
    /// nil while the mark is unknown.
    public func unheard(_ order: [String]) -> [String]? {
        guard let mark else { return nil }
        let top = Self.index(of: mark, in: order) ?? order.count
        return order[..<top].filter { !heard.contains($0) }
    }

    /// Walks up from the mark while the next newer post was heard, then forgets what the mark
    /// now covers. A mark not in `order` starts from the newest post
    /// older than it; when every loaded post is newer, what lies between is not loaded, so
    /// not heard, and the mark stays.
    private mutating func advance(in order: [String]) {
        guard let mark, let start = Self.index(of: mark, in: order) else { return }
        var at = start
        while at > 0, heard.contains(order[at - 1]) { at -= 1 }
        if at < start { self.mark = order[at] }
        heard.subtract(order[at...])
    }

    /// The heard posts above the mark that `order` holds, newest first: what is worth keeping
    /// across a restart (the rest is covered by the mark or gone).
    public func heardAbove(in order: [String]) -> [String] {
        guard let mark else { return [] }
        let top = Self.index(of: mark, in: order) ?? order.count
        return order[..<top].filter { heard.contains($0) }
    }

    /// Where `mark` sits in `order`: its own place, else that of the newest post older than it
    /// (the marked post was deleted or filtered out).
    private static func index(of mark: String, in order: [String]) -> Int? {
        order.firstIndex(of: mark) ?? order.firstIndex { !MarkerSync.isNewer($0, than: mark) }
    }

    /// `a` is newer than `b`: above it in the buffer when both are there, else by id.
    static func isAbove(_ a: String, _ b: String, in order: [String]) -> Bool {
        if let i = order.firstIndex(of: a), let j = order.firstIndex(of: b) { return i < j }
        return MarkerSync.isNewer(a, than: b)
    }
}
