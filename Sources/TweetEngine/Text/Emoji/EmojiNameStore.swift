import LoowiSupport
import Synchronization

/// Emoji names as people say them, from CLDR's text-to-speech annotations ("waving hand",
/// "mano saludando", "flag: Japan", "family: man, woman, girl", "waving hand: medium skin
/// tone"), written by `scripts/make-emoji-names` into `Data/emoji/{en,es,ca}.txt`
/// (`share/loowi/emoji/` installed). A language's file is read the first time an emoji in it
/// is named, found or not, and kept: at most the languages heard, about 0.3 MB each.
public final class EmojiNameStore: Sendable {
    /// The running program's names.
    public static let shared = EmojiNameStore(data: DataDirectory.current)

    /// No file of the three is near this (the largest is 168 KB); a bigger one is not read.
    static let largest = 2 << 20

    private let data: DataDirectory?
    private let tables = Mutex<[WordList.Language: [String: String]?]>([:])

    public init(data: DataDirectory?) { self.data = data }

    /// The emoji's name in `language`; nil when the language has no file or the emoji is not in it.
    func name(of emoji: Character, in language: WordList.Language) -> String? {
        let key = Self.key(emoji)
        // Looked up under the lock: a table is read once, and a lookup is a hash.
        return tables.withLock { tables in
            if let known = tables[language] { return known?[key] }
            let read = data.flatMap { Self.read($0.path(.emojiNames(language.code))) }
            tables[language] = read
            return read?[key]
        }
    }

    /// Whether the language's names can be used (reads them if they have not been read).
    public func hasNames(_ language: WordList.Language) -> Bool {
        tables.withLock { tables in
            if let known = tables[language] { return known != nil }
            let read = data.flatMap { Self.read($0.path(.emojiNames(language.code))) }
            tables[language] = read
            return read != nil
        }
    }

    /// How many languages' names are held.
    public var languagesHeld: Int { tables.withLock { $0.values.filter { $0 != nil }.count } }

    /// The emoji as the files write it: without variation selectors (a post may write U+FE0F
    /// after ❤ or a keycap's digit, or not; CLDR never does).
    static func key(_ emoji: Character) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in emoji.unicodeScalars where scalar.value != 0xFE0F && scalar.value != 0xFE0E { scalars.append(scalar) }
        return String(scalars)
    }

    static func read(_ path: String) -> [String: String]? {
        guard case .success(let bytes) = readFileBytes(atPath: path, atMost: largest) else { return nil }
        return parse(bytes)
    }

    /// "emoji TAB name" lines after "# " comments (the keycap "#⃣" starts with "#" too); nil for a file that is not that (a damaged
    /// file is left unread rather than half believed).
    static func parse(_ bytes: [UInt8]) -> [String: String]? {
        var names: [String: String] = [:]
        names.reserveCapacity(4096)
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            if line.starts(with: [UInt8(ascii: "#"), UInt8(ascii: " ")]) { continue }
            guard let tab = line.firstIndex(of: UInt8(ascii: "\t")), tab > line.startIndex else { return nil }
            let emoji = String(decoding: line[..<tab], as: UTF8.self)
            // The name is spoken: cleaned as remote text is, though loowi wrote it.
            let name = Sanitizer.clean(String(decoding: line[(tab + 1)...], as: UTF8.self), for: .line).trimmingSpaces()
            guard !name.isEmpty else { return nil }
            // A sequence that is not one character here (a newer grapheme rule) is never looked up.
            if emoji.count == 1 { names[emoji] = name }
        }
        return names.isEmpty ? nil : names
    }
}
