/// Case-insensitive comparison with the standard library's case mapping (corelibs
/// Foundation's `caseInsensitiveCompare` and `.caseInsensitive` need ICU).
/// Inlinable, so that each caller gets a version for its own string type: unspecialised, a
/// generic function of another module asks the runtime for its types on first use.
extension StringProtocol {
    /// Whether the two are the same text but for case ("Content-Type", "content-type").
    @inlinable public func equalsIgnoringCase(_ other: some StringProtocol) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0 == $1 || $0.lowercased() == $1.lowercased() }
    }

    /// The first range, from `start` on, of text equal to `other` but for case.
    @inlinable public func firstRangeIgnoringCase(of other: some StringProtocol, from start: Index? = nil) -> Range<Index>? {
        guard !other.isEmpty else { return nil }
        var index = start ?? startIndex
        while index < endIndex {
            var here = index
            var matched = true
            for wanted in other {
                guard here < endIndex, self[here] == wanted || self[here].lowercased() == wanted.lowercased() else {
                    matched = false
                    break
                }
                here = self.index(after: here)
            }
            if matched { return index..<here }
            index = self.index(after: index)
        }
        return nil
    }
}
