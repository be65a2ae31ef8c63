import FoundationEssentials
import LoowiSupport

/// Items from a paged list and the server's URLs for more.
public struct Page<Element: Sendable>: Sendable {
    public var items: [Element]
    /// Older items (`rel="next"`), nil at the end.
    public var next: URL?
    /// Newer items (`rel="prev"`).
    public var previous: URL?
    /// Requests this page took (5 for 200 posts).
    public var requests: Int

    public init(items: [Element], next: URL?, previous: URL?, requests: Int) {
        self.items = items
        self.next = next
        self.previous = previous
        self.requests = requests
    }
}

extension Page: Equatable where Element: Equatable {}
