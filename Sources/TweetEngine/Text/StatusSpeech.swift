import FoundationEssentials
import LoowiSupport

/// A status broken into the pieces a screen reads, each already speakable. The app puts
/// them into its reading template; `sentence` is a sensible default order.
public struct StatusSpeech: Sendable, Equatable {
    /// Who wrote the post that is read (the original author for a boost).
    public var author: String
    /// Who boosted it, when it is a boost.
    public var booster: String?
    /// The content warning, when there is one; read before (or instead of) the text.
    public var contentWarning: String?
    /// The titles of the "warn" filters it matches ("politics"): read like a warning.
    public var filteredBy: String?
    public var text: String
    /// One phrase per attachment ("Image: a cat asleep on a keyboard."); none while a
    /// warning hides them.
    public var media: [String]
    /// What a content warning hides besides the words, counted: "Behind it: 1 image, a
    /// poll." (nil when nothing is hidden, or nothing but the words).
    public var behindWarning: String?
    public var poll: String?
    /// "Quoting Ana: the quoted post." after the post itself.
    public var quote: String?
    /// "5 minutes ago", when the post has a date.
    public var time: String?
    public var visibility: OpenEnum<Visibility>
    /// "In reply to Ana.", when the post answers another ("In reply to a post." when whom is
    /// not known).
    public var inReplyTo: String?
    /// What the listener did with it: "You boosted this.", "You favourited this.", "Bookmarked."
    public var yours: [String]

    /// - Parameter names: spoken names by account id, for "in reply to" (a thread's people);
    ///   the post's own author and its mentions are known without them.
    public init(
        _ status: Status, options: SpeakableTextOptions = SpeakableTextOptions(), now: Date,
        hideTextBehindWarning: Bool = false, names: [String: String] = [:]
    ) {
        let shown = status.displayed
        let language = options.language
        let words = SpeechWords(language: language)
        author = shown.account.spokenName(options: options)
        booster = status.isBoost ? status.account.spokenName(options: options) : nil
        // The author's own words are read in the post's language; the rest in the interface's.
        let postLanguage = shown.language
        let writer = shown.account.acct
        contentWarning = shown.hasContentWarning
            ? options.inPostLanguage(shown.spokenWarning(options: options), postLanguage, author: writer)
            : nil
        let filters = status.warningFilters
        filteredBy = filters.isEmpty ? nil : filters.joined(separator: ", ")
        let hides = hideTextBehindWarning && (contentWarning != nil || filteredBy != nil)
        text = hides ? "" : options.inPostLanguage(shown.text(options: options), postLanguage, author: writer)
        // Behind a warning go the descriptions, the poll and the link card too: a description
        // can say as much as the words it illustrates.
        media = hides ? [] : shown.mediaAttachments.map { words.media($0, describedIn: { options.inPostLanguage($0, postLanguage, author: writer) }) }
        poll = hides ? nil : shown.poll.map { words.poll($0, now: now) }
        behindWarning = hides ? words.behindWarning(shown) : nil
        quote = shown.quote?.status.map { quoted in
            let own = { (text: String) in options.inPostLanguage(text, quoted.language, author: quoted.account.acct) }
            let warning = quoted.hasContentWarning ? words.contentWarning(own(Sanitizer.clean(quoted.spoilerText, for: .line))) : nil
            let body = hides || (hideTextBehindWarning && warning != nil) ? warning : [warning, own(quoted.text(options: options))].compactMap { $0 }.joined(separator: " ")
            return words.quoting(quoted.account.spokenName(options: options), body ?? "")
        }
        time = shown.createdAt.map { RelativeTime.phrase(for: $0, now: now, language: language) }
        visibility = shown.visibility
        inReplyTo = Self.inReplyTo(shown, options: options, names: names)
        yours = words.yours(boosted: shown.reblogged, favourited: shown.favourited, bookmarked: shown.bookmarked)
    }

    /// The listener's marks as they are now: a boost or favourite made since the post was
    /// loaded, which the post as loaded does not know.
    public mutating func markYours(boosted: Bool, favourited: Bool, bookmarked: Bool, language: Language) {
        yours = SpeechWords(language: language).yours(boosted: boosted, favourited: favourited, bookmarked: bookmarked)
    }

    /// Whom a reply answers: the thread's name for the account, the author (a thread of
    /// their own), the mentioned username, or else just "a post".
    static func inReplyTo(_ status: Status, options: SpeakableTextOptions, names: [String: String]) -> String? {
        guard status.inReplyToID != nil || status.inReplyToAccountID != nil else { return nil }
        let words = BufferWords(language: options.language)
        guard let accountID = status.inReplyToAccountID else { return words.inReplyToAPost }
        if accountID == options.me { return words.inReplyToYou }
        let name: String?
        if let known = names[accountID] {
            name = known
        } else if accountID == status.account.id {
            name = status.account.spokenName(options: options)
        } else {
            name = status.mentions.first { $0.id == accountID }?.username
        }
        guard let name, !name.trimmingSpaces().isEmpty else { return words.inReplyToAPost }
        return words.inReplyTo(name)
    }

    /// "Ada Lovelace boosted Grace Hopper. Content warning: spoilers. The text. 5 minutes ago."
    public func sentence(language: Language) -> String {
        let words = SpeechWords(language: language)
        var parts: [String] = []
        if let booster {
            parts.append(words.boosted(booster, author))
        } else {
            parts.append(author)
        }
        if let inReplyTo { parts.append(inReplyTo) }
        if visibility.known == .direct { parts.append(words.directMessage) }
        if let contentWarning { parts.append(words.contentWarning(contentWarning)) }
        if let filteredBy { parts.append(words.filtered(filteredBy)) }
        if let behindWarning { parts.append(behindWarning) }
        if !text.isEmpty { parts.append(text) }
        parts.append(contentsOf: media)
        if let poll { parts.append(poll) }
        if let quote { parts.append(quote) }
        parts.append(contentsOf: yours)
        if let time { parts.append(time) }
        return PostText.join(parts)
    }
}

/// Which words a post's parts take; the wording is in `EngineText`'s tables.
struct SpeechWords {
    let language: Language

    private var say: Catalogue<EngineText> { Catalogue(language) }

    func boosted(_ booster: String, _ author: String) -> String { say(.boosted, booster, author) }

    var directMessage: String { say(.directMessage) }

    func contentWarning(_ text: String) -> String { say(.contentWarning, text) }

    func filtered(_ titles: String) -> String { say(.filteredBy, titles) }

    func quoting(_ author: String, _ text: String) -> String { say(.quoting, author, text) }

    /// The listener's own marks on a post, each a short sentence.
    func yours(boosted: Bool, favourited: Bool, bookmarked: Bool) -> [String] {
        [(boosted, EngineText.youBoosted), (favourited, .youFavourited), (bookmarked, .youBookmarked)].filter(\.0).map { say($0.1) }
    }

    /// "Behind it: 2 images, a poll.": what a warning hides besides the words, nil when only
    /// the words.
    func behindWarning(_ status: Status) -> String? {
        var counts: [(one: EngineText, many: EngineText, count: Int)] = [
            (.hiddenImage, .hiddenImages, 0), (.hiddenVideo, .hiddenVideos, 0), (.hiddenAnimation, .hiddenAnimations, 0),
            (.hiddenAudio, .hiddenAudios, 0), (.hiddenAttachment, .hiddenAttachments, 0),
        ]
        for attachment in status.mediaAttachments {
            let index = switch attachment.type.known {
            case .image: 0
            case .video: 1
            case .gifv: 2
            case .audio: 3
            case .unknown, nil: 4
            }
            counts[index].count += 1
        }
        var parts = counts.filter { $0.count > 0 }.map { $0.count == 1 ? say($0.one) : say($0.many, String($0.count)) }
        if status.poll != nil { parts.append(say(.hiddenPoll)) }
        if status.card?.url != nil { parts.append(say(.hiddenCard)) }
        return parts.isEmpty ? nil : say(.behindWarning, parts.joined(separator: ", "))
    }

    /// "Image: a cat asleep.", the description passed through `describedIn` (its language).
    func media(_ attachment: MediaAttachment, describedIn: (String) -> String = { $0 }) -> String {
        let kind: String
        switch attachment.type.known {
        case .image: kind = say(.image)
        case .gifv: kind = say(.animation)
        case .video: kind = say(.video)
        case .audio: kind = say(.audio)
        case .unknown, nil: kind = say(.attachment)
        }
        if let description = attachment.description {
            return "\(kind): \(describedIn(description))"
        }
        return say(.withoutDescription, kind)
    }

    /// "Poll, one choice: Tea, 2 votes; Coffee, 1 vote. You voted: Tea. Closes in 3 hours."
    func poll(_ poll: Poll, now: Date) -> String {
        let options = poll.options.map { option -> String in
            guard let votes = option.votesCount else { return option.title }
            let count = votes == 1 ? say(.oneVote) : say(.votes, String(votes))
            return "\(option.title), \(count)"
        }
        let head = say(poll.multiple ? .pollManyChoices : .pollOneChoice)
        var parts = ["\(head): \(options.joined(separator: "; "))."]
        let mine = poll.ownVotes.compactMap { poll.options.indices.contains($0) ? poll.options[$0].title : nil }
        if !mine.isEmpty { parts.append(say(.youVoted, mine.joined(separator: ", "))) }
        if poll.expired || poll.expiresAt.map({ $0 <= now }) == true {
            parts.append(say(.pollClosed))
        } else if let end = poll.expiresAt {
            let seconds = ServerNumber.int(end.timeIntervalSince(now).rounded(.down)) ?? 0
            let (count, unit) = RelativeTime.amountAndUnit(max(1, seconds))
            parts.append(say(.pollCloses, say(.inTime, RelativeTime.amount(count, unit, say))))
        } else {
            parts.append(say(.pollOpen))
        }
        return parts.joined(separator: " ")
    }
}

extension PollVoteError {
    /// The sentence for a vote that was not sent.
    public func spoken(in language: Language) -> String {
        let say = Catalogue<EngineText>(language)
        switch self {
        case .noSuchChoice(let choice, let options): return say(.voteNoSuchChoice, String(choice), String(options))
        case .onlyOneChoice: return say(.voteOnlyOne)
        case .noChoice: return say(.voteNoChoice)
        case .closed: return say(.voteClosed)
        case .alreadyVoted: return say(.voteAlreadyVoted)
        }
    }
}
