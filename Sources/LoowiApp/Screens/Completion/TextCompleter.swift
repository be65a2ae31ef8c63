import AccessibleControls
import TweetEngine

/// Completion in compose's text (issue 39, item 2): after "@", "#" or ":" Down and Up go
/// through the people (those you follow first), hashtags or server emoji that match, "Grace
/// Okafor, @grace, 1 of 3"; Enter or Tab writes the chosen one, Escape closes the suggestions.
/// The server is asked once typing pauses (`pause`), off the key's path, and a request for a
/// word typed past is cancelled; Down before the answer says it is looking, and the answer is
/// said when it comes.
@MainActor
final class TextCompleter {
    struct Suggestion: Equatable {
        /// "Grace Okafor, @grace"; "#bread"; "blobcat".
        let spoken: String
        /// What replaces the word, with a space after it: "@grace ".
        let written: String
    }

    /// What the server answered, turned into suggestions on the main actor.
    private enum Answer: Sendable {
        case accounts([Account])
        case hashtags([Tag])
        case emoji([String])
    }

    /// How long typing pauses before the server is asked.
    static let pause: Duration = .milliseconds(300)
    static let most = 10

    private unowned let app: AppCore
    private var waiting: (word: CompletionWord, due: ContinuousClock.Instant)?
    private var asking: (word: CompletionWord, job: Int)?
    private var answer: (word: CompletionWord, suggestions: [Suggestion])?
    /// The suggestion said last, while the word is unchanged.
    private var round: (word: CompletionWord, index: Int)?
    /// Down came before the answer: the answer is said when it comes.
    private var awaited: CompletionWord?
    /// The server's emoji shortcodes, asked once, then matched here as the user types.
    private var emoji: [String]?
    /// The hashtags the user follows, and those of their own latest posts, each asked once a
    /// compose (with the first `#` word): they come before the server's search.
    private var followedTags: [Tag]?
    private var recentTags: [Tag]?

    init(app: AppCore) {
        self.app = app
    }

    /// A request is waiting for typing to pause: the screen ticks until it starts.
    var needsTicks: Bool { waiting != nil }
    /// Suggestions are being gone through: Enter, Tab and Escape are theirs.
    var isOffering: Bool { round != nil }

    /// The text changed: the round ends, and a request for the new word waits for a pause.
    func changed(_ field: TextField, now: ContinuousClock.Instant) {
        round = nil
        let word = CompletionWord.at(field.characters, cursor: field.cursor)
        if awaited != word { awaited = nil }
        guard let word else {
            cancelAsking()
            waiting = nil
            return
        }
        guard answer?.word != word, asking?.word != word else {
            waiting = nil
            return
        }
        cancelAsking()
        waiting = (word, now + Self.pause)
    }

    func tick(now: ContinuousClock.Instant) {
        guard let waiting, now >= waiting.due else { return }
        self.waiting = nil
        ask(waiting.word)
    }

    /// Down (`forward`) or Up in the text; nil when the word at the cursor asks for nothing.
    func step(forward: Bool, in field: TextField) -> [Feedback]? {
        guard let word = CompletionWord.at(field.characters, cursor: field.cursor) else {
            round = nil
            return nil
        }
        if answer?.word != word, word.kind == .emoji, let emoji { answer = (word, suggestions(.emoji(emoji), for: word)) }
        guard let answer, answer.word == word else {
            waiting = nil
            awaited = word
            if asking?.word != word {
                cancelAsking()
                ask(word)
            }
            return [.say(app.strings(.completionLooking, Sanitizer.clean(word.typed, for: .line)))]
        }
        guard !answer.suggestions.isEmpty else { return nothingFound(word) }
        var next = forward ? 0 : answer.suggestions.count - 1
        if let round, round.word == word {
            next = round.index + (forward ? 1 : -1)
            guard answer.suggestions.indices.contains(next) else { return [.earcon(.boundary), .say(said(round.index, of: answer.suggestions))] }
        }
        round = (word, next)
        return [.say(said(next, of: answer.suggestions))]
    }

    /// Enter or Tab: the suggestion heard replaces the word; nil when the cursor has left the
    /// word since, and the key does what it always does.
    func accept(in field: TextField) -> [Feedback]? {
        defer { round = nil }
        guard let round, let answer, answer.word == round.word, CompletionWord.at(field.characters, cursor: field.cursor) == round.word else {
            return nil
        }
        let chosen = answer.suggestions[round.index]
        return field.replaceBeforeCursor(round.word.typed.count, with: chosen.written)
            + [.say(app.strings(.completionWritten, String(chosen.written.trimmingWhitespace)))]
    }

    /// Escape: back to typing, the word as it was.
    func dismiss() -> [Feedback] {
        round = nil
        return [.say(app.strings(.completionClosed))]
    }

    // MARK: Asking

    private func ask(_ word: CompletionWord) {
        if word.kind == .emoji, let emoji {
            answer = (word, suggestions(.emoji(emoji), for: word))
            return
        }
        let engine = app.engine
        let most = Self.most
        let job = app.track { [weak self] in
            let result: Result<Answer, any Error>
            do {
                switch word.kind {
                case .account: result = .success(.accounts(try await engine.accountsMatching(word.query, limit: most)))
                case .hashtag:
                    let yours = try await self?.yourHashtags(engine) ?? []
                    result = .success(.hashtags(try await engine.hashtagsMatching(word.query, yours: yours, limit: most)))
                case .emoji: result = .success(.emoji(try await engine.customEmojis().map(\.shortcode)))
                }
            } catch {
                result = .failure(error)
            }
            return self?.arrived(result, for: word) ?? []
        }
        asking = (word, job)
    }

    /// The followed hashtags, then the ones the user wrote lately (their last
    /// `Self.recentPosts` posts, newest first), each from the server once a compose.
    private func yourHashtags(_ engine: TweetEngine) async throws -> [Tag] {
        let me = app.me?.id
        async let followed = Self.askedOnce(followedTags) { try await engine.followedHashtags().items }
        async let recent = Self.askedOnce(recentTags) { () async throws -> [Tag] in
            guard let me else { throw AccountNotKnownYet() }
            return try await engine.accountTimeline(accountID: me, upTo: Self.recentPosts).items.flatMap(\.tags)
        }
        let (mine, written) = try await (followed, recent)
        followedTags = mine
        // Before the account is known there were no posts to ask for: asked again next time.
        if me != nil { recentTags = written }
        return mine + written
    }

    /// How many of the user's own posts their recent hashtags come from: one page.
    static let recentPosts = 40
    private struct AccountNotKnownYet: Error {}

    /// `known`, else what `ask` answers. A failure answers none and is kept as none, so a
    /// server without followed tags (Mastodon before 4.0, some others) is not asked at every
    /// `#`; the search still answers. A cancel (the word typed past) goes on up.
    private static func askedOnce(_ known: [Tag]?, _ ask: @Sendable () async throws -> [Tag]) async throws -> [Tag] {
        if let known { return known }
        do {
            return try await ask()
        } catch let error as CancellationError {
            throw error
        } catch {
            return []
        }
    }

    private func cancelAsking() {
        guard let asking else { return }
        self.asking = nil
        app.cancelTracked(asking.job)
    }

    private func arrived(_ result: Result<Answer, any Error>, for word: CompletionWord) -> [Feedback] {
        guard asking?.word == word else { return [] }
        asking = nil
        let wanted = awaited == word
        switch result {
        case .failure(let error):
            awaited = nil
            guard wanted else { return [] }
            return (error as? EngineError).map(app.spoken) ?? [.earcon(.error), .speak(app.strings(.unexpectedError), .important)]
        case .success(let found):
            if case .emoji(let codes) = found { emoji = codes }
            let suggestions = suggestions(found, for: word)
            answer = (word, suggestions)
            guard wanted else { return [] }
            awaited = nil
            guard !suggestions.isEmpty else { return nothingFound(word) }
            round = (word, 0)
            return [.say(said(0, of: suggestions))]
        }
    }

    // MARK: Words

    private func suggestions(_ found: Answer, for word: CompletionWord) -> [Suggestion] {
        let s = app.strings
        switch found {
        case .accounts(let accounts):
            return accounts.compactMap { account in
                let handle = Sanitizer.clean(account.acct, for: .line)
                guard !handle.isEmpty, !handle.contains(where: \.isWhitespace) else { return nil }
                return Suggestion(spoken: s(.completionAccount, account.spokenName(options: app.textOptions), "@" + handle), written: "@\(handle) ")
            }
        case .hashtags(let tags):
            return tags.compactMap { tag in
                guard !tag.name.isEmpty, tag.name.allSatisfy(CompletionWord.isNameCharacter) else { return nil }
                return Suggestion(spoken: "#" + tag.name, written: "#\(tag.name) ")
            }
        case .emoji(let codes):
            let query = word.query.lowercased()
            let usable = codes.filter { !$0.isEmpty && $0.allSatisfy(CompletionWord.isNameCharacter) }
            // Those that start with what was typed first, then those that hold it.
            let starting = usable.filter { $0.lowercased().hasPrefix(query) }
            let holding = usable.filter { !$0.lowercased().hasPrefix(query) && $0.lowercased().contains(query) }
            return (starting + holding).prefix(Self.most).map { Suggestion(spoken: $0, written: ":\($0): ") }
        }
    }

    private func said(_ index: Int, of suggestions: [Suggestion]) -> String {
        app.strings(.completePosition, suggestions[index].spoken, String(index + 1), String(suggestions.count))
    }

    private func nothingFound(_ word: CompletionWord) -> [Feedback] {
        let typed = Sanitizer.clean(word.typed, for: .line)
        let s = app.strings
        let sentence =
            switch word.kind {
            case .account: s(.completionNoAccounts, typed)
            case .hashtag: s(.completionNoHashtags, typed)
            case .emoji: s(.completionNoEmoji, typed)
            }
        return [.earcon(.softError), .say(sentence)]
    }
}
