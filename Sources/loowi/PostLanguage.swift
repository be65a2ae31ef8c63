import ArgumentParser

/// A post's language as an ISO 639 code (en, es, ca, ast), checked when the command line is
/// read, so a typo is refused before anything is sent.
struct PostLanguage: ExpressibleByArgument, Sendable {
    let code: String

    init?(argument: String) {
        let lower = argument.lowercased()
        guard (2...3).contains(lower.count), lower.allSatisfy({ ("a"..."z").contains($0) }) else { return nil }
        code = lower
    }

    static var defaultCompletionKind: CompletionKind { .list(["en", "es", "ca"]) }
}
