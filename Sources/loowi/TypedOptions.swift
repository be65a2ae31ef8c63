import FoundationEssentials
import LoowiSupport
import TweetEngine

/// A post's language as an ISO 639 code (en, es, ca, ast), checked when the command line is
/// read, so a typo is refused before anything is sent.
struct PostLanguage: ArgumentValue, Sendable {
    let code: String

    init?(argument: String) {
        let lower = argument.lowercased()
        guard (2...3).contains(lower.count), lower.allSatisfy({ ("a"..."z").contains($0) }) else { return nil }
        code = lower
    }
}

/// `--visibility`: Mastodon's names; "direct" is read so that the command can point to
/// `loowi dm` instead of a bare "invalid value".
extension Visibility: ArgumentValue {
    static var allValueStrings: [String] { ["public", "unlisted", "private"] }
}

/// `--types mention,follow`: Mastodon's notification names, comma-separated, each checked when
/// the command line is read; a wrong one is named with the list of right ones.
enum NotificationTypes {
    static let allowed = NotificationType.allCases.map(\.rawValue).joined(separator: ", ")

    static func parse(_ text: String) throws(UsageError) -> [NotificationType] {
        let names = text.split(separator: ",").map { $0.trimmingSpaces().lowercased() }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw UsageError("--types needs at least one of: \(allowed).") }
        return try names.map { name throws(UsageError) in
            guard let type = NotificationType(rawValue: name) else {
                throw UsageError("\"\(Sanitizer.clean(name, for: .line))\" is not a kind of notification. Use one or more of: \(allowed).")
            }
            return type
        }
    }
}
