import LoowiSupport
import Synchronization

/// Emoji names as people say them, from CLDR's text-to-speech annotations ("waving hand",
/// "mano saludando", "flag: Japan", "family: man, woman, girl", "waving hand: medium skin
/// tone"), written by `scripts/make-emoji-names` into `Data/emoji/{en,es,ca}.txt`
/// (`share/loowi/emoji/` installed). A language's file is read the first time an emoji in it
/// is named, found or not, and kept as its bytes with an index of its lines, searched in
/// place: about 0.16 MB a language, at most the languages heard (a dictionary of the same
/// names held 0.4 MB a language, and the 1,000-post memory benchmark went over 30 MiB).
public final class EmojiNameStore: Sendable {
    /// The running program's names.
    public static let shared = EmojiNameStore(data: DataDirectory.current)

    /// No file of the three is near this (the largest is 168 KB); a bigger one is not read.
    static let largest = 2 << 20

    private let data: DataDirectory?
    private let tables = Mutex<[WordList.Language: EmojiNameTable?]>([:])

    public init(data: DataDirectory?) { self.data = data }

    /// The emoji's name in `language`; nil when the language has no file or the emoji is not in it.
    func name(of emoji: Character, in language: WordList.Language) -> String? {
        let key = Array(Self.key(emoji).utf8)
        // Searched under the lock: a table is read once, and a search is 12 comparisons.
        return table(language)?.name(for: key)
    }

    private func table(_ language: WordList.Language) -> EmojiNameTable? {
        tables.withLock { tables in
            if let known = tables[language] { return known }
            let read = data.flatMap { Self.read($0.path(.emojiNames(language.code))) }
            tables[language] = read
            return read
        }
    }

    /// Whether the language's names can be used (reads them if they have not been read).
    public func hasNames(_ language: WordList.Language) -> Bool { table(language) != nil }

    /// How many languages' names are held, and their bytes.
    public var languagesHeld: Int { tables.withLock { $0.values.filter { $0 != nil }.count } }
    public var bytesHeld: Int { tables.withLock { $0.values.reduce(0) { $0 + ($1?.byteCount ?? 0) } } }

    /// The emoji as the files write it: without variation selectors (a post may write U+FE0F
    /// after ❤ or a keycap's digit, or not; CLDR never does).
    static func key(_ emoji: Character) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in emoji.unicodeScalars where scalar.value != 0xFE0F && scalar.value != 0xFE0E { scalars.append(scalar) }
        return String(scalars)
    }

    static func read(_ path: String) -> EmojiNameTable? {
        guard case .success(let bytes) = readFileBytes(atPath: path, atMost: largest) else { return nil }
        return EmojiNameTable(bytes)
    }

    /// The names of a file's bytes as a dictionary (tests).
    static func parse(_ bytes: [UInt8]) -> [String: String]? {
        EmojiNameTable(bytes)?.all
    }
}

/// One language's file, searched in place: "emoji TAB name" lines after "# " comments (the
/// keycap "#⃣" starts with "#" too), sorted by the emoji's bytes. A damaged file (a line
/// without a tab or a name, control bytes, invalid UTF-8, lines out of order) is not believed:
/// a search over it would answer wrongly rather than fail.
struct EmojiNameTable: Sendable {
    private let bytes: [UInt8]
    /// Where each line starts, and where its tab is.
    private let lines: [(start: UInt32, tab: UInt32, end: UInt32)]

    var byteCount: Int { bytes.count + lines.count * 12 }

    init?(_ bytes: [UInt8]) {
        guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
        var lines: [(start: UInt32, tab: UInt32, end: UInt32)] = []
        lines.reserveCapacity(4096)
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            defer { start = end + 1 }
            if end == start || (bytes[start] == UInt8(ascii: "#") && start + 1 < end && bytes[start + 1] == UInt8(ascii: " ")) { continue }
            guard let tab = bytes[start..<end].firstIndex(of: UInt8(ascii: "\t")), tab > start, tab + 1 < end,
                !bytes[(tab + 1)..<end].contains(where: { $0 < 0x20 || $0 == 0x7F })
            else { return nil }
            if let last = lines.last, !bytes[Int(last.start)..<Int(last.tab)].lexicographicallyPrecedes(bytes[start..<tab]) { return nil }
            lines.append((UInt32(start), UInt32(tab), UInt32(end)))
        }
        guard !lines.isEmpty else { return nil }
        self.bytes = bytes
        self.lines = lines
    }

    func name(for key: [UInt8]) -> String? {
        var low = 0
        var high = lines.count
        while low < high {
            let middle = (low + high) / 2
            let line = lines[middle]
            let emoji = bytes[Int(line.start)..<Int(line.tab)]
            if emoji.elementsEqual(key) {
                return String(decoding: bytes[Int(line.tab + 1)..<Int(line.end)], as: UTF8.self)
            }
            if emoji.lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    var all: [String: String] {
        Dictionary(
            lines.map {
                (String(decoding: bytes[Int($0.start)..<Int($0.tab)], as: UTF8.self), String(decoding: bytes[Int($0.tab + 1)..<Int($0.end)], as: UTF8.self))
            }, uniquingKeysWith: { first, _ in first })
    }
}
