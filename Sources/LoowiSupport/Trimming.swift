/// Trimming without corelibs Foundation (whose `trimmingCharacters(in:)` and `CharacterSet`
/// bring ICU's 34 MB of data along): the standard library's own Unicode properties.
/// Inlinable, so that each caller gets a version for its own string type: unspecialised, a
/// generic function of another module asks the runtime for its types on first use.
extension StringProtocol {
    /// Without the white space and line breaks at either end (`.whitespacesAndNewlines`).
    @inlinable public func trimmed() -> String { trimming(\.isWhitespace) }

    /// Without the spaces and tabs at either end, line breaks kept (`.whitespaces`).
    @inlinable public func trimmingSpaces() -> String { trimming { $0.isWhitespace && !$0.isNewline } }

    /// Without the characters at either end for which `isTrimmed` holds.
    @inlinable public func trimming(_ isTrimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }),
            let last = lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(self[first...last])
    }
}

/// Collapsing by bytes rather than Characters: a post's text is collapsed each time it is
/// printed or spoken, and `Character.isWhitespace` looks up a Unicode property even for a
/// plain space (2,300 lookups, 0.9 M instructions, to print twenty posts). On `String`, not
/// generic: a generic function of another module runs unspecialised, and its first look at
/// `StringProtocol.UTF8View` costs a scan of every protocol conformance in the program.
extension String {
    /// The words separated by single spaces: each run of white space (line breaks, tabs, the
    /// Unicode spaces) one space, none at either end.
    public func collapsingWhitespace() -> String {
        var text = self
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var pendingSpace = false
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                let end = Swift.min(index + (lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4), bytes.count)
                let scalar = bytes[index..<end]
                if isWhitespaceScalar(scalar) {
                    pendingSpace = !out.isEmpty
                } else {
                    if pendingSpace { out.append(UInt8(ascii: " ")) }
                    pendingSpace = false
                    out.append(contentsOf: scalar)
                }
                index = end
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Runs of spaces (U+0020 only) made one, none at either end; other white space kept.
    public func collapsingSpaces() -> String {
        let space = UInt8(ascii: " ")
        var previous = space
        var unchanged = true
        for byte in utf8 {
            if byte == space, previous == space {
                unchanged = false
                break
            }
            previous = byte
        }
        if unchanged, previous != space { return self }
        // A space byte is never part of a longer UTF-8 sequence, so the bytes can be copied.
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var pendingSpace = false
        for byte in utf8 {
            if byte == space {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(space) }
                pendingSpace = false
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Whether one scalar's UTF-8 bytes are Unicode White_Space: ASCII by value; beyond ASCII only
/// the scalars led by C2 (U+0085, U+00A0), E1 (U+1680), E2 (U+2000 to U+205F) and E3 (U+3000)
/// can be, so only those are decoded and looked up.
private func isWhitespaceScalar(_ scalar: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    let lead = scalar[scalar.startIndex]
    if lead < 0x80 { return lead == UInt8(ascii: " ") || (0x09...0x0D).contains(lead) }
    guard lead == 0xC2 || (0xE1...0xE3).contains(lead) else { return false }
    var value = UInt32(lead & (scalar.count == 2 ? 0x1F : 0x0F))
    for byte in scalar.dropFirst() { value = value << 6 | UInt32(byte & 0x3F) }
    return Unicode.Scalar(value)?.properties.isWhitespace ?? false
}
