import LoowiSupport
import TweetEngine

/// How a post is read on the wheel, like TWBlue's templates: `$author` ("Ada boosted Grace"
/// or "Grace"), `$display_name`, `$boosted_by`, `$reply` ("In reply to Ana."), `$visibility`,
/// `$cw` (a content warning, or the filters it matches), `$text`, `$media`, `$poll`, `$quote`
/// ("Quoting Ana: …"), `$yours` ("You boosted this."), `$date`. Empty parts leave no stray punctuation behind.
public struct PostTemplate: Sendable, Equatable {
    public var template: String

    public init(_ template: String) { self.template = template }

    /// `glanced`: the post's audio glance tells that it is a boost, a reply or direct, so those
    /// words are left out ("Ada, Grace" for "Ada boosted Grace").
    public func render(_ post: StatusSpeech, words: PostWords, glanced: Bool = false) -> String {
        var warning = [post.contentWarning.map(words.contentWarning), post.filteredBy.map(words.filtered)].compactMap { $0 }
            .joined(separator: " ")
        if let hidden = post.behindWarning { warning += " " + hidden }
        if post.contentWarning != nil || post.filteredBy != nil, post.text.isEmpty { warning += " " + words.hiddenText }
        let values: [String: String] = [
            "$author": post.booster.map { glanced ? words.glancedBoost($0, post.author) : words.boosted($0, post.author) } ?? post.author,
            "$display_name": post.author,
            "$boosted_by": post.booster.map { glanced ? $0 : words.boostedBy($0) } ?? "",
            "$reply": glanced ? "" : post.inReplyTo ?? "",
            "$visibility": !glanced && post.visibility.known == .direct ? words.directMessage : "",
            "$cw": warning,
            "$text": post.text,
            "$media": post.media.joined(separator: ". "),
            "$poll": post.poll ?? "",
            "$quote": post.quote ?? "",
            "$yours": post.yours.joined(separator: " "),
            "$date": post.time ?? "",
        ]
        var result = ""
        var rest = Substring(template)
        while let dollar = rest.firstIndex(of: "$") {
            result.append(contentsOf: rest[..<dollar])
            let name = rest[dollar...].prefix { $0 == "$" || $0 == "_" || $0.isLetter }
            result += values[String(name)] ?? String(name)
            rest = rest[name.endIndex...]
        }
        result.append(contentsOf: rest)
        return Self.tidy(result)
    }

    /// Collapses the spaces and punctuation that empty parts leave: "Grace: . 5 minutes ago".
    static func tidy(_ text: String) -> String {
        var out: [Character] = []
        for c in text {
            if c.isWhitespace {
                if let last = out.last, !last.isWhitespace { out.append(" ") }
                continue
            }
            if ".,:;".contains(c) {
                while out.last == " " { out.removeLast() }
                // A mark right after another mark, or at the start, is what an empty part left;
                // the end of a stretch in another language's voice stands between them.
                if let last = out.last(where: { !LanguageMarks.isMark($0) }), ".,:;!?…".contains(last) { continue }
                if out.isEmpty { continue }
            }
            out.append(c)
        }
        while let last = out.last, last == " " || ",:;".contains(last) { out.removeLast() }
        return String(out)
    }
}

/// The template's fixed words, in the user's language.
public struct PostWords: Sendable {
    let strings: AppStrings

    func boosted(_ booster: String, _ author: String) -> String { strings(.templateBoosted, booster, author) }
    func boostedBy(_ booster: String) -> String { strings(.templateBoostedBy, booster) }
    /// A boost when the glance has said so: the two names, the booster first.
    func glancedBoost(_ booster: String, _ author: String) -> String { booster + ", " + author }
    var directMessage: String { strings(.templateDirect) }
    func contentWarning(_ warning: String) -> String { strings(.templateWarning, warning) }
    func filtered(_ titles: String) -> String { strings(.templateFiltered, titles) }
    var hiddenText: String { strings(.templateHidden) }
}
