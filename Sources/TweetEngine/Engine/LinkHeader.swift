import FoundationEssentials
import LoowiSupport

/// The `Link` header that pages Mastodon lists: `<https://…?max_id=1>; rel="next", <…>; rel="prev"`.
/// URLs are kept whole (ids in follower and conversation lists are internal and cannot be
/// computed, so the server's URL is the only correct next page).
public struct LinkHeader: Sendable, Equatable {
    public var next: URL?
    public var previous: URL?

    public init(next: URL? = nil, previous: URL? = nil) {
        self.next = next
        self.previous = previous
    }

    /// Parses a header value; relative URLs are resolved against `base`.
    public init(_ value: String, base: URL? = nil) {
        var index = value.startIndex
        while let open = value[index...].firstIndex(of: "<") {
            guard let close = value[open...].firstIndex(of: ">") else { break }
            let target = String(value[value.index(after: open)..<close]).trimmingSpaces()
            // Parameters run to the next link, which starts at a comma followed by "<".
            var end = value.index(after: close)
            var inQuotes = false
            while end < value.endIndex {
                let character = value[end]
                if character == "\"" { inQuotes.toggle() }
                if character == ",", !inQuotes { break }
                end = value.index(after: end)
            }
            let relations = Self.relations(in: value[value.index(after: close)..<end])
            if let url = URL(string: target, relativeTo: base)?.absoluteURL {
                if relations.contains("next"), next == nil { next = url }
                if relations.contains("prev") || relations.contains("previous"), previous == nil { previous = url }
            }
            index = end < value.endIndex ? value.index(after: end) : end
        }
    }

    private static func relations(in parameters: Substring) -> [String] {
        for parameter in parameters.split(separator: ";") {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces().lowercased() == "rel" else { continue }
            let value = pair[1].trimmingSpaces().trimming { $0 == "\"" }
            return value.lowercased().split(separator: " ").map(String.init)
        }
        return []
    }
}

extension URL {
    /// This URL with its `limit` query item set (added if missing), everything else untouched.
    func settingLimit(_ limit: Int) -> URL {
        guard var parts = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return self }
        var items = parts.percentEncodedQueryItems ?? []
        // In place when present, so the URL stays the server's own apart from this value.
        if let index = items.firstIndex(where: { $0.name == "limit" }) {
            items[index].value = String(limit)
            let later = items.indices.filter { $0 > index && items[$0].name == "limit" }
            for duplicate in later.reversed() { items.remove(at: duplicate) }
        } else {
            items.append(URLQueryItem(name: "limit", value: String(limit)))
        }
        parts.percentEncodedQueryItems = items
        return parts.url ?? self
    }
}
