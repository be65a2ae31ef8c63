import Foundation
import TweetEngine

/// The post the user last had in focus on the home timeline, one file per account beside the
/// timeline cache (`position-HANDLE.json`), so a start without server markers (a server
/// that has none, or no answer) still opens where the user was. The time says which is more
/// recent when the server's marker differs.
public struct ReadingPosition: Sendable {
    public let file: URL

    public struct Saved: Sendable, Equatable, Codable {
        public var home: String
        public var at: Date
    }

    public init(paths: AppPaths, account handle: String) {
        file = AppPaths.accountFile("position", handle: handle, in: paths.cache)
    }

    public init(file: URL) { self.file = file }

    /// Nothing, or a file that is not ours, is no position: the timeline opens at the newest.
    public func load() -> Saved? {
        guard let data = try? Data(contentsOf: file), data.count < 4096,
            let saved = try? JSONDecoder().decode(Saved.self, from: data),
            !saved.home.isEmpty, saved.home.utf8.count <= 64, saved.home.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { return nil }
        return saved
    }

    /// Best effort: a position that cannot be written only costs where the next start opens.
    public func save(home id: String, at date: Date) {
        guard let data = try? JSONEncoder().encode(Saved(home: id, at: date)) else { return }
        try? PrivateFile.write(data, to: file)
    }
}
