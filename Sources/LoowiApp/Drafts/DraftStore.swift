import Foundation
import Synchronization
import TweetEngine

/// What the user is writing, saved as it is typed, one draft per place it was started
/// (a new post, a reply to one post, a message to one person). A post that failed to send
/// stays here with its idempotency key, so sending it again can never post it twice.
public struct SavedDraft: Codable, Sendable, Equatable {
    /// "new", "reply:ID", "mention:ACCOUNT", "direct:ACCOUNT".
    public var place: String
    public var text: String
    /// Set when Send was pressed: the exact draft sent, key included, for a retry.
    public var attempt: Draft?
    public var updatedAt: Date

    public init(place: String, text: String, attempt: Draft? = nil, updatedAt: Date = Date()) {
        self.place = place
        self.text = text
        self.attempt = attempt
        self.updatedAt = updatedAt
    }
}

/// Drafts in one small JSON file under `$XDG_STATE_HOME/loowi`, written whole and atomically
/// (temporary file, then rename) with mode 0600: a message can be private, and a crash or
/// a closed terminal in the middle of a write must leave the last good copy.
public final class DraftStore: Sendable {
    public let file: URL
    private let drafts: Mutex<[String: SavedDraft]>

    public init(file: URL) {
        self.file = file
        let loaded = (try? Data(contentsOf: file)).flatMap { try? JSONDecoder.drafts.decode([String: SavedDraft].self, from: $0) }
        drafts = Mutex(loaded ?? [:])
    }

    /// One file per account: a reply or a message belongs to the server it was started on.
    public convenience init(paths: AppPaths, account handle: String) {
        self.init(file: AppPaths.accountFile("drafts", handle: handle, in: paths.state))
    }

    public func draft(for place: String) -> SavedDraft? { drafts.withLock { $0[place] } }

    /// Every saved draft, the most recent first.
    public var all: [SavedDraft] { drafts.withLock { $0.values.sorted { $0.updatedAt > $1.updatedAt } } }

    /// Saves `text` for `place` (an empty text removes the draft). Errors are returned, not
    /// thrown, because a failed save must be said but must not stop the typing.
    @discardableResult
    public func save(_ text: String, for place: String, attempt: Draft? = nil) -> (any Error)? {
        let snapshot = drafts.withLock { drafts -> [String: SavedDraft] in
            if text.isEmpty {
                drafts[place] = nil
            } else {
                // The key of an earlier attempt survives only while the text is the same.
                let kept = attempt ?? drafts[place]?.attempt.flatMap { $0.text == text ? $0 : nil }
                drafts[place] = SavedDraft(place: place, text: text, attempt: kept)
            }
            return drafts
        }
        return write(snapshot)
    }

    public func remove(_ place: String) {
        let snapshot = drafts.withLock { drafts -> [String: SavedDraft] in
            drafts[place] = nil
            return drafts
        }
        write(snapshot)
    }

    @discardableResult
    private func write(_ snapshot: [String: SavedDraft]) -> (any Error)? {
        do {
            try PrivateFile.write(try JSONEncoder.drafts.encode(snapshot), to: file)
            return nil
        } catch {
            return error
        }
    }
}

extension JSONEncoder {
    static var drafts: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

extension JSONDecoder {
    static var drafts: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
