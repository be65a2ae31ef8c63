import AccessibleControls
import SpeechAudio

/// What one live event announces: a kind as config.toml sets it, told apart where the words
/// differ (a follow request is a follow by its setting, but not in what is said).
enum LiveNotice: Hashable {
    case mention, directMessage, follow, followRequest, favourite, boost, newPost, pollEnded, edited

    var kind: AnnouncementKind {
        switch self {
        case .mention: .mention
        case .directMessage: .directMessage
        case .follow, .followRequest: .follow
        case .favourite: .favourite
        case .boost: .boost
        case .newPost: .newPost
        case .pollEnded: .pollEnded
        case .edited: .edited
        }
    }
}

/// Turns live events into sounds and spoken lines that never drown what the user reads:
/// a sound at once, but one per sound in any 2 seconds; the words gathered and said together
/// at the next tick, at most one spoken announcement every 2 seconds, the events of one kind
/// summed into one sentence ("5 new posts.", "Grace Okafor and 2 others mentioned you.").
/// Pure: time comes in, feedback goes out.
struct Announcer {
    static let spacing: Duration = .seconds(2)
    typealias Instant = ContinuousClock.Instant

    private struct Pending {
        var notice: LiveNotice
        var count = 0
        /// Who did it, each once, in arrival order.
        var names: [String] = []
        /// The first words of the one post a mention or direct message brought; said only
        /// while it is the one event of its kind (several are summed by name).
        var words: String?
        var interrupts = false
    }

    private var pending: [Pending] = []
    var hasPending: Bool { !pending.isEmpty }
    private var lastSpoken: Instant?
    private var lastSound: [Earcon: Instant] = [:]

    /// One event of `notice` by `name`: its sound now (unless the same sound played within the
    /// spacing); its words wait for `due`. Line mode prints a line even for a sound alone.
    /// `words`: what the post said ("are you there?"), for a mention or a direct message.
    mutating func add(
        _ notice: LiveNotice, by name: String?, words: String? = nil, style: AnnouncementStyle, lineMode: Bool, now: Instant
    ) -> [Feedback] {
        guard style != .none else { return [] }
        if style != .sound || lineMode {
            let at = pending.firstIndex { $0.notice == notice } ?? {
                pending.append(Pending(notice: notice))
                return pending.count - 1
            }()
            pending[at].count += 1
            if pending[at].count == 1 { pending[at].words = words }
            if let name, !pending[at].names.contains(name) { pending[at].names.append(name) }
            if style == .interrupt { pending[at].interrupts = true }
        }
        let earcon = notice.kind.earcon
        if let last = lastSound[earcon], now - last < Self.spacing { return [] }
        lastSound[earcon] = now
        // No bracketed word in line mode: the words gathered above are printed at the next
        // tick ("Grace Hopper mentioned you."), and "[mention]" before them would say it twice.
        return [.earcon(earcon), .soundWord(nil)]
    }

    /// The words gathered since the last announcement, once the spacing allows: one line.
    mutating func due(now: Instant, strings: AppStrings) -> [Feedback] {
        guard !pending.isEmpty else { return [] }
        if let lastSpoken, now - lastSpoken < Self.spacing { return [] }
        lastSpoken = now
        let sentence = pending.map { Self.sentence($0, strings) }.joined(separator: " ")
        let priority: SpeechPriority = pending.contains(where: \.interrupts) ? .interrupt : .announcement
        pending = []
        return [.speak(sentence, priority)]
    }

    private static func sentence(_ entry: Pending, _ s: AppStrings) -> String {
        let people = entry.names.first.map { first in
            switch entry.names.count {
            case 1: first
            case 2: s(.livePeopleAndOne, first)
            default: s(.livePeopleAndOthers, first, String(entry.names.count - 1))
            }
        } ?? s(.liveSomeone)
        let plural = entry.names.count > 1
        switch entry.notice {
        case .newPost: return s.count(entry.count, .oneNewPost, .newPosts)
        case .pollEnded: return s.count(entry.count, .livePollEnded, .livePollsEnded)
        case .mention:
            if entry.count == 1, let words = entry.words { return s(.liveMentionWords, people, words) }
            return s(plural ? .liveMentionPlural : .liveMention, people)
        case .directMessage:
            if entry.count == 1, let words = entry.words { return s(.liveDirectWords, people, words) }
            return s(entry.count > 1 ? .liveDirectPlural : .liveDirect, people)
        case .follow: return s(plural ? .liveFollowPlural : .liveFollow, people)
        case .followRequest: return s(plural ? .liveFollowRequestPlural : .liveFollowRequest, people)
        case .favourite: return s(plural ? .liveFavouritePlural : .liveFavourite, people)
        case .boost: return s(plural ? .liveBoostPlural : .liveBoost, people)
        case .edited: return s(plural ? .liveEditedPlural : .liveEdited, people)
        }
    }
}
