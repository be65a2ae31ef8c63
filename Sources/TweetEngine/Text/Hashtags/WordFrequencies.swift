/// How often each word of a language is written, read from its `WordList` text the first time
/// it is needed (a global `static let` is initialised once, thread-safely, on first use), so a
/// session that never meets an all-lowercase hashtag never pays for it.
struct WordFrequencies: Sendable {
    /// Zipf frequency times ten (the base-10 logarithm of a word's count per billion words: "the"
    /// is 74, a rare word 30) by word, in lowercase ASCII letters (accents folded).
    private let zipf: [String: UInt8]
    /// The longest word, so the segmenter never asks about a longer piece.
    let longestWord: Int

    static let english = WordFrequencies(list: WordList.english)
    static let spanish = WordFrequencies(list: WordList.spanish)
    static let catalan = WordFrequencies(list: WordList.catalan)

    /// Parses lines of "zipf word word …" (see the generated files' header).
    init(list: String) {
        var table: [String: UInt8] = [:]
        table.reserveCapacity(26_000)
        var longest = 0
        for line in list.utf8.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "))
            guard let first = fields.first, let value = UInt8(String(decoding: first, as: UTF8.self)) else { continue }
            for word in fields.dropFirst() {
                table[String(decoding: word, as: UTF8.self)] = value
                longest = max(longest, word.count)
            }
        }
        zipf = table
        longestWord = longest
    }

    /// The word's Zipf frequency times ten; nil for a word not in the list.
    func zipfTimesTen(_ word: String) -> UInt8? { zipf[word] }

    var count: Int { zipf.count }
}
