import AccessibleControls
import TweetEngine

/// Who can see a post, as the compose screen offers it: never wider than the post it answers,
/// and starting from the account's own default (or "your account's default" while that is
/// not known, so nothing is ever made more public than the user chose).
@MainActor
struct VisibilityChoice {
    let control: SegmentedControl
    private let values: [Visibility?]

    init(id: String, strings s: AppStrings, parent: Visibility?, chosen: Visibility?, accountDefault: Visibility?) {
        var allowed: [Visibility?] = Visibility.allCases.filter { parent == nil || $0.narrowed(to: parent!) == $0 }
        let start = chosen ?? accountDefault.map { parent.map($0.narrowed) ?? $0 }
        if start == nil { allowed.insert(nil, at: 0) }
        values = allowed
        control = SegmentedControl(
            id: id, label: s(.visibilityLabel), options: allowed.map { Self.name($0, s) },
            selectedIndex: allowed.firstIndex { $0 == start } ?? 0, hint: s(.choiceHint))
    }

    /// Nil: the account's default, which the server applies.
    var chosen: Visibility? { control.selectedIndex.flatMap { values[$0] } }

    private static func name(_ visibility: Visibility?, _ s: AppStrings) -> String {
        switch visibility {
        case nil: s(.visibilityDefault)
        case .public?: s(.visibilityPublic)
        case .unlisted?: s(.visibilityUnlisted)
        case .private?: s(.visibilityFollowers)
        case .direct?: s(.visibilityDirect)
        }
    }
}

/// The post's language: loowi's own three, and the account's default language when it is
/// another; each named in itself ("English", "español", "català").
@MainActor
struct LanguageChoice {
    let control: SegmentedControl
    private let codes: [String]

    init(id: String, strings s: AppStrings, chosen: String?, accountDefault: String?) {
        var codes = ["en", "es", "ca"]
        for extra in [accountDefault, chosen].compactMap({ $0?.lowercased() }) where !codes.contains(extra) && Self.isCode(extra) {
            codes.append(extra)
        }
        self.codes = codes
        let start = chosen?.lowercased() ?? accountDefault?.lowercased() ?? String(s.language.code.prefix(2)).lowercased()
        control = SegmentedControl(
            id: id, label: s(.postLanguageLabel), options: codes.map(Self.name), selectedIndex: codes.firstIndex(of: start) ?? 0,
            hint: s(.choiceHint))
    }

    var chosen: String? { control.selectedIndex.map { codes[$0] } }

    private static func isCode(_ text: String) -> Bool { (2...3).contains(text.count) && text.allSatisfy { ("a"..."z").contains($0) } }

    private static func name(_ code: String) -> String {
        switch code {
        case "en": "English"
        case "es": "español"
        case "ca": "català"
        default: code
        }
    }
}
