/// A word list file as `scripts/make-wordlists` writes it: a header of lines that start with
/// "#" (what the list is, where it comes from, its licence), then lines of "word zipf", the
/// word in lowercase ASCII letters and its Zipf frequency times ten, sorted by the words'
/// bytes, every word once.
///
/// The file is checked whole before it is searched: the binary search would answer wrongly,
/// not fail, over lines out of order, and a file on disk can be damaged or replaced. A file
/// that does not hold a list is no list (hashtags are then read as written).
enum WordListFile {
    /// A list is about 230 KB; ten times that is no list loowi wrote.
    static let largest = 4 << 20

    /// The list's lines, the header dropped; nil when the bytes are not a list.
    static func parse(_ file: [UInt8]) -> WordFrequencies? {
        var bytes = file
        var start = 0
        while start < bytes.count, bytes[start] == UInt8(ascii: "#") {
            guard let end = bytes[start...].firstIndex(of: newline) else { return nil }
            start = end + 1
        }
        guard isList(bytes[start...]) else { return nil }
        // In place: the header's bytes are moved over, not the list copied.
        bytes.removeSubrange(..<start)
        return WordFrequencies(lines: bytes)
    }

    /// Lines of "word number", words of 1 to `WordList.longestWord` letters a-z in strictly
    /// increasing byte order, numbers of 1 to 3 digits up to 255; at least one line; the last
    /// newline may be left out. Over the buffer's bytes: 25,000 lines in well under a
    /// millisecond, paid once per list.
    static func isList(_ slice: ArraySlice<UInt8>) -> Bool {
        slice.withUnsafeBufferPointer { bytes in
            var previous = 0..<0
            var index = 0
            var lines = 0
            while index < bytes.count {
                let wordStart = index
                while index < bytes.count, bytes[index] &- UInt8(ascii: "a") < 26 { index += 1 }
                let word = wordStart..<index
                guard (1...WordList.longestWord).contains(word.count), index < bytes.count, bytes[index] == UInt8(ascii: " ") else { return false }
                index += 1
                var value = 0
                var digits = 0
                while index < bytes.count, bytes[index] != newline {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10, digits < 3 else { return false }
                    value = value * 10 + Int(digit)
                    digits += 1
                    index += 1
                }
                guard digits > 0, value <= 255 else { return false }
                if lines > 0, !precedes(bytes, previous, word) { return false }
                previous = word
                lines += 1
                index += 1  // the newline, or past the end
            }
            return lines > 0
        }
    }

    /// Whether the word at `a` comes strictly before the word at `b` in byte order. Inline, not
    /// memcmp: neighbouring words differ within a few bytes, and a call per line cost more.
    private static func precedes(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
        var i = a.lowerBound
        var j = b.lowerBound
        while i < a.upperBound, j < b.upperBound {
            if bytes[i] != bytes[j] { return bytes[i] < bytes[j] }
            i += 1
            j += 1
        }
        return a.count < b.count
    }

    private static let newline = UInt8(ascii: "\n")
}
