import LoowiSupport

/// How often each word of a language is written, read from its `WordList` text the first time
/// it is needed (a global `static let` is initialised once, thread-safely, on first use), so a
/// session that never meets an all-lowercase hashtag never pays for it.
///
/// The words stay in the list's own bytes; an open-addressing table of FNV-1a hashes points at
/// them. A `[String: UInt8]` made a `String` and a SipHash for each of the 25,000 words, 23 M
/// instructions, about a quarter of printing a 20-post timeline; this table is built in a
/// small fraction of that, and a lookup hashes the segmenter's bytes without making a `String`.
struct WordFrequencies: Sendable {
    /// The list's bytes, which the entries point into.
    private let bytes: [UInt8]
    /// Where each word starts and ends in `bytes`, and its Zipf frequency times ten (the
    /// base-10 logarithm of its count per billion words: "the" is 74, a rare word 30).
    private let entries: [Entry]
    /// Open addressing, linear probing: an index into `entries` plus one, 0 for an empty slot.
    private let slots: [Int32]
    /// The longest word, so the segmenter never asks about a longer piece.
    let longestWord: Int

    private struct Entry {
        var start: Int32
        var end: Int32
        var zipf: UInt8
    }

    static let english = WordFrequencies(list: WordList.english)
    static let spanish = WordFrequencies(list: WordList.spanish)
    static let catalan = WordFrequencies(list: WordList.catalan)

    /// Parses lines of "zipf word word …" (see the generated files' header) in one pass over
    /// the bytes: a line whose first field is not a number up to 255 is skipped, as a split of
    /// it would be; a word listed twice keeps its last value.
    init(list: String) {
        let bytes = Array(list.utf8)
        var found: [Entry] = []
        found.reserveCapacity(26_000)
        var longest = 0
        // The line's number once its first field ended (-1 when that was not a number); nil
        // while it is being read.
        var value: Int?
        var number = 0
        var digits = 0
        var wordStart = -1
        func endWord(at end: Int) {
            guard wordStart >= 0 else { return }
            if let value, (0...255).contains(value) {
                found.append(Entry(start: Int32(wordStart), end: Int32(end), zipf: UInt8(value)))
                longest = max(longest, end - wordStart)
            }
            wordStart = -1
        }
        for index in bytes.indices {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                endWord(at: index)
                (value, number, digits) = (nil, 0, 0)
            case UInt8(ascii: " "):
                endWord(at: index)
                if value == nil, digits > 0 { value = digits <= 3 ? number : -1 }
            case UInt8(ascii: "0")...UInt8(ascii: "9") where value == nil && digits >= 0:
                number = number * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            default:
                if value == nil {
                    digits = -1  // not a number: the line is skipped
                    value = -1
                } else if wordStart < 0 {
                    wordStart = index
                }
            }
        }
        endWord(at: bytes.count)

        var capacity = 1
        while capacity < found.count * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: 0, count: capacity)
        var entries: [Entry] = []
        entries.reserveCapacity(found.count)
        bytes.withUnsafeBufferPointer { text in
            for entry in found {
                let word = UnsafeBufferPointer(rebasing: text[Int(entry.start)..<Int(entry.end)])
                var slot = Self.hash(word) & (capacity - 1)
                while slots[slot] != 0 {
                    let other = entries[Int(slots[slot]) - 1]
                    if text[Int(other.start)..<Int(other.end)].elementsEqual(word) { break }
                    slot = (slot + 1) & (capacity - 1)
                }
                if slots[slot] == 0 {
                    entries.append(entry)
                    slots[slot] = Int32(entries.count)
                } else {
                    entries[Int(slots[slot]) - 1].zipf = entry.zipf
                }
            }
        }
        self.bytes = bytes
        self.entries = entries
        self.slots = slots
        longestWord = longest
    }

    /// The word's Zipf frequency times ten; nil for a word not in the list.
    func zipfTimesTen<Word: Collection<UInt8>>(_ word: Word) -> UInt8? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.hash(word) & mask
        while slots[slot] != 0 {
            let entry = entries[Int(slots[slot]) - 1]
            if bytes[Int(entry.start)..<Int(entry.end)].elementsEqual(word) { return entry.zipf }
            slot = (slot + 1) & mask
        }
        return nil
    }

    func zipfTimesTen(_ word: String) -> UInt8? { zipfTimesTen(word.utf8) }

    var count: Int { entries.count }

    /// FNV-1a, folded to an `Int`: cheap, and good enough for 25,000 short ASCII words.
    private static func hash<Word: Collection<UInt8>>(_ word: Word) -> Int {
        let hash = FNV1a.hash(word)
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
