import FoundationEssentials
import LoowiSupport

/// A parsed JSON text as a flat "tape" of nodes over the original bytes.
///
/// Why not only `JSONDecoder`: a 200-post timeline is about half a megabyte, and decoding
/// it through `Decoder` containers costs more than loowi's 10 ms budget for decoding and
/// converting a timeline. This parser does one pass, allocates one array of small nodes,
/// and decodes strings only when a model asks for them. Models read fields through the same
/// `FieldReader` code for both paths, and tests decode every fixture both ways and compare.
final class JSONDocument {
    enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null
    }

    struct Node {
        var kind: Kind
        /// Strings: first byte after the opening quote; numbers and containers: first byte.
        var start: Int32
        /// Strings: the closing quote; numbers and containers: one past the last byte.
        var end: Int32
        /// The index of the node after this one's whole subtree (its next sibling).
        var next: Int32
        /// Strings: contains a backslash escape.
        var escaped: Bool
    }

    let bytes: [UInt8]
    /// A `let`, filled by the parser before `init` returns: reads in the hot path then need
    /// no exclusivity checks.
    let nodes: [Node]

    static let maximumDepth = 256

    /// The accounts read from this document so far, by id, with the node each was read from: a
    /// page holds the same person in each of their posts, and a copy written byte for byte like
    /// the first shares the first's text instead of being read again (`FastObject.account`).
    var accounts: [String: (account: Account, node: Int)] = [:]

    /// Whether two values are written with the same bytes (and so read the same).
    func sameText(_ first: Int, _ second: Int) -> Bool {
        let a = nodes[first], b = nodes[second]
        guard a.end - a.start == b.end - b.start else { return false }
        return bytes[Int(a.start)..<Int(a.end)].elementsEqual(bytes[Int(b.start)..<Int(b.end)])
    }

    init(data: Data) throws {
        let bytes = [UInt8](data)
        self.bytes = bytes
        var parser = JSONTapeParser(bytes: bytes)
        try parser.parse()
        nodes = parser.nodes
    }

    // MARK: Reading values

    func string(at index: Int) -> String? {
        let node = nodes[index]
        guard node.kind == .string else { return nil }
        let start = Int(node.start), end = Int(node.end)
        if !node.escaped {
            return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
        }
        return unescape(start, end)
    }

    func int(at index: Int) -> Int? {
        let node = nodes[index]
        switch node.kind {
        case .number:
            var value = 0
            var negative = false
            var position = Int(node.start)
            let end = Int(node.end)
            if position < end, bytes[position] == UInt8(ascii: "-") {
                negative = true
                position += 1
            }
            guard position < end else { return nil }
            while position < end {
                let byte = bytes[position]
                guard byte >= 0x30, byte <= 0x39 else { return double(at: index).flatMap(Self.exactInt) }
                let (multiplied, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (added, overflow2) = multiplied.addingReportingOverflow(Int(byte - 0x30))
                guard !overflow1, !overflow2 else { return nil }
                value = added
                position += 1
            }
            return negative ? -value : value
        case .string:
            return string(at: index).flatMap { Int($0) }
        default:
            return nil
        }
    }

    func double(at index: Int) -> Double? {
        let node = nodes[index]
        guard node.kind == .number else { return nil }
        let text = String(decoding: bytes[Int(node.start)..<Int(node.end)], as: UTF8.self)
        return Double(text)
    }

    private static func exactInt(_ value: Double) -> Int? {
        guard value.isFinite, abs(value) < 9e15 else { return nil }
        return Int(value)
    }

    /// The value of `key` in the object at `object`, or nil.
    func member(_ key: String, in object: Int) -> Int? {
        guard nodes[object].kind == .object else { return nil }
        var key = key
        return key.withUTF8 { wanted -> Int? in
            var index = object + 1
            let end = Int(nodes[object].next)
            while index < end {
                let keyNode = nodes[index]
                let value = index + 1
                if matches(keyNode, wanted) { return value }
                index = Int(nodes[value].next)
            }
            return nil
        }
    }

    private func matches(_ keyNode: Node, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        if keyNode.escaped { return unescape(Int(keyNode.start), Int(keyNode.end)).utf8.elementsEqual(wanted) }
        let start = Int(keyNode.start)
        guard Int(keyNode.end) - start == wanted.count else { return false }
        for offset in 0..<wanted.count where bytes[start + offset] != wanted[offset] { return false }
        return true
    }

    /// Indices of an array's elements.
    func elements(of array: Int) -> [Int] {
        guard nodes[array].kind == .array else { return [] }
        var result: [Int] = []
        var index = array + 1
        let end = Int(nodes[array].next)
        while index < end {
            result.append(index)
            index = Int(nodes[index].next)
        }
        return result
    }

    // MARK: Parsing

    struct SyntaxError: Error, CustomStringConvertible {
        let offset: Int
        var description: String { "invalid JSON at byte \(offset)" }
    }

    private func unescape(_ start: Int, _ end: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var index = start
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= end else { return nil }
            var value: UInt32 = 0
            for offset in 0..<4 {
                let byte = bytes[at + offset]
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: return nil
                }
                value = value << 4 | digit
            }
            return value
        }
        func append(_ scalar: Unicode.Scalar) {
            out.append(contentsOf: String(Character(scalar)).utf8)
        }
        while index < end {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < end else {
                out.append(byte)
                index += 1
                continue
            }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard var value = hex4(index) else {
                    append("\u{FFFD}")
                    continue
                }
                index += 4
                if (0xD800...0xDBFF).contains(value), index + 6 <= end, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u"), let low = hex4(index + 2), (0xDC00...0xDFFF).contains(low)
                {
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                append(Unicode.Scalar(value) ?? "\u{FFFD}")
            default: out.append(escape)  // \" \\ \/ and anything else verbatim
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Builds a `JSONDocument`'s nodes in one pass, with an explicit stack (no recursion, so
/// deep nesting costs no call stack; depth is capped anyway).
struct JSONTapeParser {
    typealias Node = JSONDocument.Node
    typealias SyntaxError = JSONDocument.SyntaxError
    typealias Kind = JSONDocument.Kind
    let bytes: [UInt8]
    var nodes: [Node] = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
        nodes.reserveCapacity(bytes.count / 12)
    }

    mutating func parse() throws {
        var position = 0
        let count = bytes.count
        var stack: [Int] = []  // open containers
        // After a value inside a container we need "," or the closing bracket.
        var expectValue = true
        var expectKey = false

        func skipSpace() {
            while position < count {
                let byte = bytes[position]
                if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 } else { break }
            }
        }

        func closeValue() {
            // A scalar's `next` is itself + 1, set when appended.
            expectValue = false
        }

        skipSpace()
        guard position < count else { throw SyntaxError(offset: 0) }
        while true {
            skipSpace()
            guard position < count else { break }
            let byte = bytes[position]
            if expectValue || expectKey {
                if expectKey {
                    if byte == UInt8(ascii: "}"), let open = stack.last, nodes[open].kind == .object, Int(nodes[open].next) == -1,
                        nodes.count == open + 1
                    {
                        // Empty object.
                        nodes[open].next = Int32(nodes.count)
                        nodes[open].end = Int32(position + 1)
                        stack.removeLast()
                        position += 1
                        expectKey = false
                        expectValue = false
                        continue
                    }
                    guard byte == UInt8(ascii: "\"") else { throw SyntaxError(offset: position) }
                    try appendString()
                    skipSpace()
                    guard position < count, bytes[position] == UInt8(ascii: ":") else { throw SyntaxError(offset: position) }
                    position += 1
                    expectKey = false
                    expectValue = true
                    continue
                }
                switch byte {
                case UInt8(ascii: "{"):
                    guard stack.count < JSONDocument.maximumDepth else { throw SyntaxError(offset: position) }
                    stack.append(nodes.count)
                    nodes.append(Node(kind: .object, start: Int32(position), end: 0, next: -1, escaped: false))
                    position += 1
                    expectValue = false
                    expectKey = true
                    continue
                case UInt8(ascii: "["):
                    guard stack.count < JSONDocument.maximumDepth else { throw SyntaxError(offset: position) }
                    stack.append(nodes.count)
                    nodes.append(Node(kind: .array, start: Int32(position), end: 0, next: -1, escaped: false))
                    position += 1
                    skipSpace()
                    if position < count, bytes[position] == UInt8(ascii: "]") {
                        nodes[nodes.count - 1].next = Int32(nodes.count)
                        nodes[nodes.count - 1].end = Int32(position + 1)
                        stack.removeLast()
                        position += 1
                        expectValue = false
                    } else {
                        expectValue = true
                    }
                    continue
                case UInt8(ascii: "\""):
                    try appendString()
                case UInt8(ascii: "t"):
                    try literal("true", .true)
                case UInt8(ascii: "f"):
                    try literal("false", .false)
                case UInt8(ascii: "n"):
                    try literal("null", .null)
                case UInt8(ascii: "-"), 0x30...0x39:
                    let start = position
                    position += 1
                    while position < count {
                        let next = bytes[position]
                        if (next >= 0x30 && next <= 0x39) || next == UInt8(ascii: ".") || next == UInt8(ascii: "e")
                            || next == UInt8(ascii: "E") || next == UInt8(ascii: "+") || next == UInt8(ascii: "-")
                        {
                            position += 1
                        } else {
                            break
                        }
                    }
                    nodes.append(Node(kind: .number, start: Int32(start), end: Int32(position), next: Int32(nodes.count + 1), escaped: false))
                default:
                    throw SyntaxError(offset: position)
                }
                closeValue()
                if stack.isEmpty { break }
                continue
            }
            // After a value: "," or a closing bracket.
            guard let open = stack.last else { throw SyntaxError(offset: position) }
            let kind = nodes[open].kind
            if byte == UInt8(ascii: ",") {
                position += 1
                if kind == .object { expectKey = true } else { expectValue = true }
            } else if (byte == UInt8(ascii: "}") && kind == .object) || (byte == UInt8(ascii: "]") && kind == .array) {
                nodes[open].next = Int32(nodes.count)
                nodes[open].end = Int32(position + 1)
                stack.removeLast()
                position += 1
                if stack.isEmpty { break }
            } else {
                throw SyntaxError(offset: position)
            }
        }
        skipSpace()
        guard stack.isEmpty, !nodes.isEmpty, position == count, !expectKey else { throw SyntaxError(offset: position) }
        guard !expectValue || nodes.count > 0 else { throw SyntaxError(offset: position) }

        func literal(_ word: StaticString, _ kind: Kind) throws {
            let length = word.utf8CodeUnitCount
            guard position + length <= count else { throw SyntaxError(offset: position) }
            let pointer = word.utf8Start
            for offset in 0..<length where bytes[position + offset] != pointer[offset] { throw SyntaxError(offset: position) }
            nodes.append(Node(kind: kind, start: Int32(position), end: Int32(position + length), next: Int32(nodes.count + 1), escaped: false))
            position += length
        }

        func appendString() throws {
            let start = position + 1
            var scan = start
            var escaped = false
            while true {
                guard scan < count else { throw SyntaxError(offset: scan) }
                let byte = bytes[scan]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    scan += 2
                    continue
                }
                guard byte >= 0x20 else { throw SyntaxError(offset: scan) }
                scan += 1
            }
            nodes.append(Node(kind: .string, start: Int32(start), end: Int32(scan), next: Int32(nodes.count + 1), escaped: escaped))
            position = scan + 1
        }
    }

}
