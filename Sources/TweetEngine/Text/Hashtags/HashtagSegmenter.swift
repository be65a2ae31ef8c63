/// Finds the words of a tag written all in lowercase ("dogsofmastodon": dogs, of, mastodon) with
/// a language's word frequencies, or says to leave it as written ("macron", "ursula").
///
/// A unigram model, searched by dynamic programming (Viterbi): every way of cutting the tag is
/// scored by the words' probabilities, and the cheapest wins. Costs are negative base-10
/// logarithms of probability, so they add up along a cut:
/// - a listed word costs `9 - Zipf` (its share of a billion words: "of" 1.6, "mastodon" 5);
/// - a piece not in the list costs `unknownWord + unknownLetter × length`, a spelling of
///   random letters, and may only be part of a cut when it is at least `shortestUnknownPiece`
///   long ("emmanuel" + "macron"), never three letters of a name;
/// - each word after the first costs `extraWord` more, so fewer, longer words win a tie.
/// The tag as written is scored the same way (as a listed word, or as one unknown piece), and
/// a cut is taken only when it is cheaper by `margin`; a cut that ends in a one-letter word
/// ("malik a") is never taken. The constants were tuned on the lists against common tags and
/// against words and names the lists lack (DECISIONS.md, issue 15).
///
/// The list is asked for only when a tag reaches the search, so text without a lowercase tag
/// never reads one; without the list (loowi's data missing) every tag is left as written.
struct HashtagSegmenter: Sendable {
    /// The language whose list cuts tags.
    let list: WordList.Language
    let store: WordListStore

    init(list: WordList.Language, store: WordListStore = .shared) {
        self.list = list
        self.store = store
    }

    static let unknownWord = 1.3
    static let unknownLetter = 1.2
    static let extraWord = 1.0
    static let margin = 2.0
    static let shortestUnknownPiece = 5
    /// Shorter tags are words or initials; longer ones are not searched (the search grows with
    /// the square of the length, and remote text is untrusted).
    static let letters = 4...64

    /// Where each word of `letters` ends ("dogsofmastodon" → [4, 6, 14]); nil to leave it whole.
    func wordEnds(_ letters: [Character]) -> [Int]? {
        guard Self.letters.contains(letters.count), let folded = Self.fold(letters), let frequencies = store.frequencies(list)
        else { return nil }
        let count = folded.count
        let whole = Self.knownCost(folded[...], frequencies) ?? Self.unknownCost(count)
        var best = [Double](repeating: .infinity, count: count + 1)
        var start = [Int](repeating: 0, count: count + 1)
        best[0] = 0
        for end in 1...count {
            for begin in 0..<end where best[begin] < .infinity {
                let length = end - begin
                if end == count, length == 1 { continue }
                let piece: Double
                if length <= WordList.longestWord, let known = Self.knownCost(folded[begin..<end], frequencies) {
                    piece = known
                } else if length >= Self.shortestUnknownPiece, length < count {
                    piece = Self.unknownCost(length)
                } else {
                    continue
                }
                let total = best[begin] + piece + (begin > 0 ? Self.extraWord : 0)
                if total < best[end] {
                    best[end] = total
                    start[end] = begin
                }
            }
        }
        guard best[count] + Self.margin < whole else { return nil }
        var ends = [count]
        var at = count
        while start[at] > 0 {
            at = start[at]
            ends.append(at)
        }
        return ends.count > 1 ? ends.reversed() : nil
    }

    private static func knownCost(_ piece: ArraySlice<UInt8>, _ frequencies: WordFrequencies) -> Double? {
        frequencies.zipfTimesTen(piece).map { 9 - Double($0) / 10 }
    }

    private static func unknownCost(_ length: Int) -> Double { unknownWord + unknownLetter * Double(length) }

    /// The lowercase letters as the lists spell them: ASCII, accents folded ("día" → "dia"), one
    /// byte a letter so the cut maps back onto the letters as written; nil when a letter has no
    /// such spelling (another script, "æ"), which leaves the tag whole.
    static func fold(_ letters: [Character]) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(letters.count)
        for letter in letters {
            let scalars = letter.unicodeScalars
            guard let first = scalars.first else { return nil }
            // A base letter followed by combining accents ("e" + U+0301) folds to the base.
            guard scalars.dropFirst().allSatisfy({ (0x300...0x36F).contains($0.value) }) else { return nil }
            if first.value >= 0x61, first.value <= 0x7A {
                bytes.append(UInt8(first.value))
            } else if let base = accented[first.value] {
                bytes.append(base)
            } else {
                return nil
            }
        }
        return bytes
    }

    /// Lowercase Latin letters with accents, by code point, to their base letter.
    private static let accented: [UInt32: UInt8] = {
        let groups: [(String, Character)] = [
            ("àáâãäåāăą", "a"), ("çćĉċč", "c"), ("ďđ", "d"), ("èéêëēĕėęě", "e"), ("ĝğġģ", "g"), ("ĥħ", "h"),
            ("ìíîïĩīĭįı", "i"), ("ĵ", "j"), ("ķ", "k"), ("ĺļľŀł", "l"), ("ñńņňŉ", "n"), ("òóôõöøōŏő", "o"),
            ("ŕŗř", "r"), ("śŝşš", "s"), ("ţťŧ", "t"), ("ùúûüũūŭůűų", "u"), ("ŵ", "w"), ("ýÿŷ", "y"), ("źżž", "z"),
        ]
        var table: [UInt32: UInt8] = [:]
        for (letters, base) in groups {
            for scalar in letters.unicodeScalars { table[scalar.value] = base.asciiValue }
        }
        return table
    }()
}
