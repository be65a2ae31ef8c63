/// How often each word of a language is written, looked up in its word list's bytes as they
/// were read: the lines ("word 74") are sorted by word, so a lookup is a binary search over
/// them (about 15 steps of a few bytes). Nothing is parsed, copied or hashed per word.
///
/// The lists were Swift string literals searched the same way, and before that an FNV-1a
/// table built on first use (10.7 M instructions and about 0.75 MB of heap per language);
/// now they are data files (`WordListFile`), read once, whose bytes this keeps.
struct WordFrequencies: Sendable {
    /// Lines of "word zipf", sorted by the words' bytes; no header.
    private let bytes: [UInt8]

    /// `lines` as they are: `WordListFile.parse` checks a file's before they get here.
    init(lines: [UInt8]) { bytes = lines }

    init(lines: String) { bytes = Array(lines.utf8) }

    /// The bytes searched, for the memory they take.
    var byteCount: Int { bytes.count }

    /// The word's Zipf frequency times ten; nil for a word not in the list.
    func zipfTimesTen<Word: Collection<UInt8>>(_ word: Word) -> UInt8? {
        bytes.withUnsafeBufferPointer { bytes in
            // [low, high) always starts and ends at a line's edge.
            var low = 0
            var high = bytes.count
            while low < high {
                var start = (low + high) / 2
                while start > low, bytes[start - 1] != Self.newline { start -= 1 }
                var wordEnd = start
                while wordEnd < high, bytes[wordEnd] != Self.space, bytes[wordEnd] != Self.newline { wordEnd += 1 }
                var lineEnd = wordEnd
                while lineEnd < high, bytes[lineEnd] != Self.newline { lineEnd += 1 }
                switch Self.compare(bytes[start..<wordEnd], word) {
                case .less: low = lineEnd + 1
                case .greater: high = start
                case .equal: return Self.number(bytes[wordEnd..<lineEnd])
                }
            }
            return nil
        }
    }

    func zipfTimesTen(_ word: String) -> UInt8? { zipfTimesTen(word.utf8) }

    private static let space = UInt8(ascii: " ")
    private static let newline = UInt8(ascii: "\n")

    private enum Order { case less, equal, greater }

    /// Byte order, as the generator sorts the lines.
    private static func compare<Word: Collection<UInt8>>(_ listed: Slice<UnsafeBufferPointer<UInt8>>, _ word: Word) -> Order {
        var other = word.makeIterator()
        for byte in listed {
            guard let wanted = other.next() else { return .greater }
            if byte != wanted { return byte < wanted ? .less : .greater }
        }
        return other.next() == nil ? .equal : .less
    }

    /// " 74" as 74; nil when it is not a number up to 255.
    private static func number(_ field: Slice<UnsafeBufferPointer<UInt8>>) -> UInt8? {
        var value = 0
        var digits = 0
        for byte in field where byte != space {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 3 else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return digits > 0 && value <= 255 ? UInt8(value) : nil
    }
}
