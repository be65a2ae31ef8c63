import FoundationEssentials
import LoowiSupport

extension URLQueryItem {
    static func limit(_ value: Int) -> URLQueryItem { URLQueryItem(name: "limit", value: String(max(1, value))) }
}

/// Ids go into paths; anything outside `[A-Za-z0-9_-.~]` is percent-encoded so a hostile id
/// cannot change the path ("../", "?", "#").
enum PathSegment {
    static func escape(_ text: String) -> String { FormEncoding.escape(text) }
}

/// `@user@host`, `user@host`, `@user` → `user@host` / `user` (what `acct` expects).
public enum Handle {
    public static func normalize(_ handle: String) -> String {
        var text = handle.trimmingSpaces()
        if text.hasPrefix("@") { text.removeFirst() }
        return text
    }
}
