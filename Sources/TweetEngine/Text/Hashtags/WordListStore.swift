import LoowiSupport
import Synchronization

/// The hashtag word lists, read from loowi's data folder (`DataDirectory`) the first time a
/// tag needs one, and kept while the process runs. Each language's file is read at most once,
/// found or not (a missing list is not looked for again at every tag), so the memory is at
/// most the three lists' bytes, about 0.86 MB (0.28 MB a language), however long loowi runs.
public final class WordListStore: Sendable {
    /// The running program's lists.
    public static let shared = WordListStore(data: DataDirectory.current)

    private let data: DataDirectory?
    private let lists = Mutex<[WordList.Language: WordFrequencies?]>([:])

    /// `data`: where the lists are; nil when loowi has no data folder (every list is missing).
    public init(data: DataDirectory?) { self.data = data }

    /// The language's list, read on the first call; nil when it is missing or damaged.
    func frequencies(_ language: WordList.Language) -> WordFrequencies? {
        // Read under the lock: a second caller waits for the one read (well under a
        // millisecond) rather than reading the file again.
        lists.withLock { lists in
            if let known = lists[language] { return known }
            let read = data.flatMap { Self.read($0.path(.wordList(language.code))) }
            lists[language] = read
            return read
        }
    }

    /// Whether the language's list can be used (reads it if it has not been read).
    public func hasList(_ language: WordList.Language) -> Bool { frequencies(language) != nil }

    /// The bytes the lists read so far hold.
    public var bytesHeld: Int { lists.withLock { $0.values.reduce(0) { $0 + ($1?.byteCount ?? 0) } } }

    private static func read(_ path: String) -> WordFrequencies? {
        guard case .success(let bytes) = readFileBytes(atPath: path, atMost: WordListFile.largest) else { return nil }
        return WordListFile.parse(bytes)
    }
}
