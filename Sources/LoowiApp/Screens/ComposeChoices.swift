import AccessibleControls
import FoundationEssentials
import LoowiSupport
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
        let start = chosen ?? Self.start(parent: parent, accountDefault: accountDefault)
        if start == nil { allowed.insert(nil, at: 0) }
        values = allowed
        control = SegmentedControl(
            id: id, label: s(.visibilityLabel), options: allowed.map { Self.name($0, s) },
            selectedIndex: allowed.firstIndex { $0 == start } ?? 0, hint: s(.choiceHint), selectsOnMove: true)
    }

    /// Nil: the account's default, which the server applies.
    var chosen: Visibility? { control.selectedIndex.flatMap { values[$0] } }

    /// Where the choice starts when the draft has none: the account's default, narrowed to
    /// the post answered, by the engine's own rule, so "your account's default" is never
    /// heard for a reply that then goes out followers-only.
    static func start(parent: Visibility?, accountDefault: Visibility?) -> Visibility? {
        guard let parent else { return accountDefault }
        return TweetEngine.replyVisibility(accountDefault, parent: parent)
    }

    static func name(_ visibility: Visibility?, _ s: AppStrings) -> String {
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
            hint: s(.choiceHint), selectsOnMove: true)
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

/// A poll written in compose: its choices in one field ("Tea; Coffee"), how long it stays
/// open and whether voters choose one or several. No choices: no poll.
@MainActor
struct PollChoice {
    let field: TextField
    let length: SegmentedControl
    let kind: SegmentedControl
    private static let seconds = [3600, 86_400, 3 * 86_400, 7 * 86_400]

    init(ids: (field: String, length: String, kind: String), strings s: AppStrings, saved: PollDraft?) {
        field = TextField(id: ids.field, label: s(.pollChoicesField), text: saved.map { $0.options.joined(separator: "; ") } ?? "", hint: s(.pollChoicesHint))
        length = SegmentedControl(
            id: ids.length, label: s(.pollLengthLabel), options: [s(.pollOneHour), s(.pollOneDay), s(.pollThreeDays), s(.pollSevenDays)],
            selectedIndex: saved.flatMap { Self.seconds.firstIndex(of: $0.expiresIn) } ?? 1, hint: s(.choiceHint), selectsOnMove: true)
        kind = SegmentedControl(
            id: ids.kind, label: s(.pollKindLabel), options: [s(.pollKindOne), s(.pollKindSeveral)], selectedIndex: saved?.multiple == true ? 1 : 0,
            hint: s(.choiceHint), selectsOnMove: true)
    }

    var controls: [any Control] { [field, length, kind] }

    /// The poll as chosen; nil when no choice is written.
    var draft: PollDraft? {
        let options = field.text.split(separator: ";").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        guard !options.isEmpty else { return nil }
        return PollDraft(options: options, expiresIn: Self.seconds[length.selectedIndex ?? 1], multiple: kind.selectedIndex == 1)
    }

    /// What is wrong with the poll, said in the user's language.
    static func problem(_ problem: PollDraftProblem, _ s: AppStrings) -> String {
        switch problem {
        case .choiceCount(let n): s(.pollNeedsChoices, String(n))
        case .tooLong(let start): s(.pollChoiceTooLong, start)
        case .repeated: s(.pollChoicesRepeated)
        case .duration: s(.pollNeedsChoices, "0")
        }
    }
}

/// Attachments written in compose, one field: "~/loaf.jpg = A round loaf; ~/crumb.png =
/// Crumbs". Each file is read and recognised, and needs its description (unless
/// `alt_text_required` is off), before anything is sent. Below it, whether the media is
/// marked sensitive (hidden until opened) when the post has no warning, which marks it anyway.
@MainActor
struct AttachmentChoice {
    let field: TextField
    let sensitive: SegmentedControl

    init(ids: (field: String, sensitive: String), strings s: AppStrings, saved: String?, sensitive marked: Bool?) {
        field = TextField(id: ids.field, label: s(.attachField), text: saved ?? "", hint: s(.attachHint))
        sensitive = SegmentedControl(
            id: ids.sensitive, label: s(.sensitiveLabel), options: [s(.sensitiveNo), s(.sensitiveYes)], selectedIndex: marked == true ? 1 : 0,
            hint: s(.choiceHint), selectsOnMove: true)
    }

    var controls: [any Control] { [field, sensitive] }

    /// Nil when not marked, so a draft without media says nothing of it.
    var marked: Bool? { sensitive.selectedIndex == 1 ? true : nil }

    /// "path = description" pairs, as written (a path with no "=" has no description).
    var written: [(path: String, description: String)] {
        field.text.split(separator: ";").compactMap { item in
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces() }
            guard let path = parts.first, !path.isEmpty else { return nil }
            return (path, parts.count > 1 ? parts[1] : "")
        }
    }

    /// The files ready to upload, or the sentence that says why not.
    func files(strings s: AppStrings, descriptionRequired: Bool) -> Result<[(MediaFile, String?)], Refusal> {
        let items = written
        guard items.count <= 4 else { return .failure(Refusal(s(.attachTooMany))) }
        var files: [(MediaFile, String?)] = []
        for item in items {
            let home = ProcessEnvironment.current["HOME"] ?? ""
            // A name completion escaped (`EscapedPath`) is read from the real file.
            let path = EscapedPath.real(item.path.hasPrefix("~/") ? home + item.path.dropFirst() : item.path)
            let shown = Sanitizer.clean(item.path, for: .line)
            do throws(MediaFileError) {
                files.append((try MediaFile.read(path), item.description.isEmpty ? nil : item.description))
            } catch {
                let said: String = switch error {
                case .missing: s(.fileMissing, shown)
                case .notMedia: s(.fileNotMedia, shown)
                case .unreadable: s(.fileUnreadable, shown)
                case .tooLarge: s(.fileTooLarge, shown)
                case .notReady: s(.fileNotReady, shown)
                }
                return .failure(Refusal(said))
            }
            if item.description.isEmpty, descriptionRequired { return .failure(Refusal(s(.attachNoDescription, shown))) }
        }
        return .success(files)
    }

    struct Refusal: Error {
        let sentence: String
        init(_ sentence: String) { self.sentence = sentence }
    }
}
