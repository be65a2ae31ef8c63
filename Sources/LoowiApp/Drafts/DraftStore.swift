import FoundationEssentials
import LoowiSupport
import Synchronization
import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

/// What the user is writing, saved as it is typed, one draft per place it was started
/// (a new post, a reply to one post, a message to one person). A post that failed to send
/// keeps here the exact attempt (its idempotency key included) that also waits in the outbox.
public struct SavedDraft: Codable, Sendable, Equatable {
    /// "new", "reply:ID", "mention:ACCOUNT", "direct:ACCOUNT".
    public var place: String
    public var text: String
    /// Set when Send was pressed: the exact draft sent, key included, for a retry.
    public var attempt: Draft?
    /// The content warning, visibility and language chosen beside the text.
    public var choices: DraftChoices
    public var updatedAt: Date

    public init(place: String, text: String, attempt: Draft? = nil, choices: DraftChoices = DraftChoices(), updatedAt: Date = Date()) {
        self.place = place
        self.text = text
        self.attempt = attempt
        self.choices = choices
        self.updatedAt = updatedAt
    }

    private enum CodingKeys: String, CodingKey { case place, text, attempt, choices, updatedAt }

    /// Only the text is required: a bad date or attempt (a hand edit, an older or newer
    /// loowi) must not cost the user the words they wrote.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        place = (try? container.decode(String.self, forKey: .place)) ?? "new"
        attempt = try? container.decodeIfPresent(Draft.self, forKey: .attempt)
        choices = (try? container.decodeIfPresent(DraftChoices.self, forKey: .choices)) ?? DraftChoices()
        updatedAt = (try? container.decode(Date.self, forKey: .updatedAt)) ?? .distantPast
    }
}

/// What the compose screen chose beside the text; nil: left to the account's default.
public struct DraftChoices: Codable, Sendable, Equatable {
    public var contentWarning: String?
    public var visibility: Visibility?
    public var language: String?
    public var poll: PollDraft?
    /// The attachments as written ("~/loaf.jpg = A round loaf").
    public var attachments: String?
    /// The attachments marked sensitive; nil for not.
    public var sensitive: Bool?

    public init(
        contentWarning: String? = nil, visibility: Visibility? = nil, language: String? = nil, poll: PollDraft? = nil,
        attachments: String? = nil, sensitive: Bool? = nil
    ) {
        self.sensitive = sensitive
        self.contentWarning = contentWarning
        self.visibility = visibility
        self.language = language
        self.poll = poll
        self.attachments = attachments
    }

    /// Whether anything typed would be lost without it (a warning, a poll's choices and the
    /// attachments are typed words).
    var holdsWords: Bool { !(contentWarning ?? "").isEmpty || poll != nil || !(attachments ?? "").isEmpty }
}

/// Drafts in one small JSON file under `$XDG_STATE_HOME/loowi`, written whole through the one
/// atomic writer with mode 0600: a message can be private, and a crash or a closed terminal
/// in the middle of a write must leave the last good copy.
///
/// The file, not memory, is the truth, as for the outbox: two apps on one account each save
/// their own places, so every change re-reads the file under the same kind of lock
/// (`PATH.edit.lock`) and changes only its own draft, and every read looks at the file.
/// A draft whose attempt the outbox has published (in any loowi) is out, not unsent.
///
/// Reading never destroys: entries are decoded one by one, and a file (or an entry) that
/// cannot be read is kept aside for the user before anything is written (`problem`).
public final class DraftStore: Sendable {
    /// What went wrong when the file was read, said once at start-up.
    public typealias LoadProblem = RecoverableFile.Problem

    public let file: URL
    public let problem: LoadProblem?
    /// The drafts as last read or written: what is used while the file cannot be read.
    private let drafts: Mutex<[String: SavedDraft]>
    /// The account's outbox, whose published keys retire drafts (`follow`).
    private let outbox = Mutex<Outbox?>(nil)

    public init(file: URL, now: Date = Date()) {
        self.file = file
        let (loaded, problem) = RecoverableFile.read(file.path, now: now, decode: Self.decode)
        self.problem = problem
        drafts = Mutex(loaded ?? [:])
    }

    /// One file per account: a reply or a message belongs to the server it was started on.
    public convenience init(paths: AppPaths, account handle: String) {
        self.init(file: Self.file(paths: paths, account: handle))
    }

    /// Where an account's drafts are kept (`$XDG_STATE_HOME/loowi/drafts-HANDLE.json`).
    public static func file(paths: AppPaths, account handle: String) -> URL {
        AppPaths.accountFile("drafts", handle: handle, in: paths.state)
    }

    /// Drafts whose attempt this outbox has published are no longer offered: another loowi
    /// (the app on the same account, or `loowi outbox send`) may have sent them.
    public func follow(_ outbox: Outbox) {
        self.outbox.withLock { $0 = outbox }
    }

    public func draft(for place: String) -> SavedDraft? { current()[place] }

    /// Every saved draft, the most recent first; two saved in the same millisecond in the
    /// order of their places, never by chance.
    public var all: [SavedDraft] {
        current().values.sorted { $0.updatedAt != $1.updatedAt ? $0.updatedAt > $1.updatedAt : $0.place < $1.place }
    }

    /// Saves `text` for `place`, with `choices` (nil keeps those saved before); an empty text
    /// with no warning typed removes the draft. Errors are returned, not thrown, because a
    /// failed save must be said but must not stop the typing.
    @discardableResult
    public func save(_ text: String, for place: String, attempt: Draft? = nil, choices: DraftChoices? = nil) -> (any Error)? {
        change { drafts in
            let chosen = choices ?? drafts[place]?.choices ?? DraftChoices()
            if text.isEmpty, !chosen.holdsWords {
                drafts[place] = nil
            } else {
                // The key of an earlier attempt survives only while the text is the same.
                let kept = attempt ?? drafts[place]?.attempt.flatMap { $0.text == text ? $0 : nil }
                drafts[place] = SavedDraft(place: place, text: text, attempt: kept, choices: chosen)
            }
        }
    }

    public func remove(_ place: String) {
        change { $0[place] = nil }
    }

    /// Removes the drafts whose attempt carried this idempotency key: the outbox has just
    /// published it (perhaps in the background, after the compose screen was left).
    public func removeSent(idempotencyKey: String) {
        guard current(published: []).values.contains(where: { $0.attempt?.idempotencyKey == idempotencyKey }) else { return }
        change { drafts in drafts = drafts.filter { $0.value.attempt?.idempotencyKey != idempotencyKey } }
    }

    /// The file as it is now (memory when it cannot be read), without the published drafts.
    private func current(published: Set<String>? = nil) -> [String: SavedDraft] {
        let fresh = Self.peek(file)
        let seen = drafts.withLock { drafts in
            if let fresh { drafts = fresh }
            return drafts
        }
        let out = published ?? publishedKeys()
        return out.isEmpty ? seen : seen.filter { !Self.isOut($0.value, published: out) }
    }

    /// Re-reads the file under its edit lock, applies `body` to it and writes it back: the
    /// places another app saved meanwhile are kept, and published drafts leave the file.
    @discardableResult
    private func change(_ body: (inout [String: SavedDraft]) -> Void) -> (any Error)? {
        if case .untouchable(let path, let reason) = problem {
            return AtomicFile.WriteError(path: path, reason: reason)
        }
        let out = publishedKeys()
        return FileLock.editing(file.path) { () -> (any Error)? in
            var snapshot: [String: SavedDraft]
            if let now = Self.peek(file) {
                snapshot = now
            } else {
                // Not readable any more (a hand edit): kept aside first; memory holds the drafts.
                let (loaded, problem) = RecoverableFile.read(file.path, decode: Self.decode)
                if case .untouchable(let path, let reason) = problem { return AtomicFile.WriteError(path: path, reason: reason) }
                snapshot = loaded ?? drafts.withLock { $0 }
            }
            body(&snapshot)
            snapshot = snapshot.filter { !Self.isOut($0.value, published: out) }
            drafts.withLock { $0 = snapshot }
            do {
                try PrivateFile.write(try JSONEncoder.drafts.encode(snapshot), to: file)
                return nil
            } catch {
                return error
            }
        }
    }

    private func publishedKeys() -> Set<String> { outbox.withLock { $0 }?.publishedKeys ?? [] }

    private static func isOut(_ draft: SavedDraft, published: Set<String>) -> Bool {
        draft.attempt.map { published.contains($0.idempotencyKey) } ?? false
    }

    private static func decode(_ data: Data) throws -> ([String: SavedDraft], unreadable: Int) {
        let entries = try JSONDecoder.drafts.decode([String: Lenient<SavedDraft>].self, from: data)
        let readable = entries.compactMapValues(\.value)
        return (readable, entries.count - readable.count)
    }

    /// The file read with no side effects; nil when it cannot be read (memory is used).
    private static func peek(_ file: URL) -> [String: SavedDraft]? {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return access(file.path, F_OK) != 0 && errno == ENOENT ? [:] : nil
        }
        if data.isEmpty { return [:] }
        return try? decode(data).0
    }
}

/// Draft times keep milliseconds: two apps on one account save within one second, and "the
/// latest" said at start must be the one written last. Whole seconds (older files) still read.
extension JSONEncoder {
    static var drafts: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        }
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

extension JSONDecoder {
    static var drafts: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
            return try Date.ISO8601FormatStyle().parse(text)
        }
        return decoder
    }
}
