import FoundationEssentials

/// Entries taken back from a JSON file that no longer parses as a whole: a cut-off write from
/// an older loowi, a bad block on the disk, a hand edit with a comma missing. Each entry is a
/// JSON object of its own, so every balanced `{…}` in the bytes is tried, the outermost first;
/// an object that reads as an entry is kept whole, one that does not is looked into.
enum JSONSalvage {
    /// The entries `decode` accepts, in file order, and how many times `marker` (a key every
    /// entry has exactly once, such as `"queuedAt"`) appears outside them: the entries that
    /// could not be read.
    static func entries<T>(in data: Data, marker: String, decode: (Data) -> T?) -> (entries: [T], unreadable: Int) {
        let bytes = [UInt8](data)
        // Outermost first: by start, then the longest.
        let candidates = objects(in: bytes).sorted { ($0.lowerBound, -$0.count) < ($1.lowerBound, -$1.count) }
        var found: [T] = []
        var taken: [Range<Int>] = []
        for range in candidates where !taken.contains(where: { $0.contains(range.lowerBound) }) {
            guard let entry = decode(Data(bytes[range])) else { continue }
            found.append(entry)
            taken.append(range)
        }
        let unread = occurrences(of: Array(marker.utf8), in: bytes).filter { at in !taken.contains { $0.contains(at) } }
        return (found, unread.count)
    }

    /// The list of strings under `"name":` when it can still be read whole, else nil.
    static func stringList(named name: String, in data: Data) -> [String]? {
        let bytes = [UInt8](data)
        let key = Array("\"\(name)\"".utf8)
        guard let at = occurrences(of: key, in: bytes).first,
            let open = bytes[(at + key.count)...].firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: "\n") }),
            bytes[open] == UInt8(ascii: "["), let close = bytes[open...].firstIndex(of: UInt8(ascii: "]"))
        else { return nil }
        return try? JSONDecoder().decode([String].self, from: Data(bytes[open...close]))
    }

    /// Every balanced object's byte range. A string's quotes hide its braces; a line break
    /// ends a string (JSON strings never hold one raw), so a damaged quote in a
    /// pretty-printed file costs one line, not the rest of the file.
    static func objects(in bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var open: [Int] = []
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                switch byte {
                case UInt8(ascii: "\\"): index += 1
                case UInt8(ascii: "\""), UInt8(ascii: "\n"): inString = false
                default: break
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"): open.append(index)
                case UInt8(ascii: "}"): if let start = open.popLast() { ranges.append(start..<(index + 1)) }
                default: break
                }
            }
            index += 1
        }
        return ranges
    }

    private static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
        return (0...(bytes.count - needle.count)).filter { start in
            bytes[start] == needle[0] && bytes[start..<(start + needle.count)].elementsEqual(needle)
        }
    }
}
