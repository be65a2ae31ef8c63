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
    /// newline may be left out.
    static func isList(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous: ArraySlice<UInt8> = []
        var index = bytes.startIndex
        var lines = 0
        while index < bytes.endIndex {
            let wordStart = index
            while index < bytes.endIndex, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) { index += 1 }
            let word = bytes[wordStart..<index]
            guard (1...WordList.longestWord).contains(word.count), index < bytes.endIndex, bytes[index] == UInt8(ascii: " ") else { return false }
            index += 1
            var value = 0
            var digits = 0
            while index < bytes.endIndex, bytes[index] != newline {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), digits < 3 else { return false }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            guard digits > 0, value <= 255 else { return false }
            if lines > 0, !previous.lexicographicallyPrecedes(word) { return false }
            previous = word
            lines += 1
            if index < bytes.endIndex { index += 1 }  // the newline
        }
        return lines > 0
    }

    private static let newline = UInt8(ascii: "\n")
}
