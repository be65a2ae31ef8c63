import FoundationEssentials
import LoowiSupport

// Lenient, sanitising field readers. A server's strings pass through `Sanitizer` here, in
// the one place every model is built, so no caller can see raw server text. A missing or
// wrongly typed optional field becomes its default instead of failing the whole response.
extension KeyedDecodingContainer: FieldReader {
    func optionalText(_ key: Key, _ output: Sanitizer.Output) -> String? {
        if let value = try? decodeIfPresent(String.self, forKey: key) { return Sanitizer.clean(value, for: output) }
        return nil
    }

    func optionalID(_ key: Key) -> String? {
        if let value = try? decodeIfPresent(String.self, forKey: key) { return Sanitizer.clean(value, for: .line) }
        if let value = try? decodeIfPresent(Int64.self, forKey: key) { return String(value) }
        return nil
    }

    func optionalInt(_ key: Key) -> Int? {
        if let value = try? decodeIfPresent(Int.self, forKey: key) { return value }
        if let value = try? decodeIfPresent(String.self, forKey: key) { return Int(value) }
        if let value = try? decodeIfPresent(Double.self, forKey: key), value.isFinite, abs(value) < 9e15 {
            return Int(value)
        }
        return nil
    }

    func optionalBool(_ key: Key) -> Bool? {
        if let value = try? decodeIfPresent(Bool.self, forKey: key) { return value }
        if let value = try? decodeIfPresent(String.self, forKey: key) { return value == "true" || value == "1" }
        // Any number, as the fast path reads it: its whole part, non-zero (5000.5 is true).
        if let value = optionalInt(key) { return value != 0 }
        return nil
    }

    /// ISO 8601 text (Mastodon) or a number of seconds since 2001 (what `Encodable` writes).
    func date(_ key: Key) -> Date? {
        if let text = try? decodeIfPresent(String.self, forKey: key) { return ISO8601.parse(text) }
        if let seconds = try? decodeIfPresent(Double.self, forKey: key) {
            return ServerNumber.date(secondsSinceReferenceDate: seconds)
        }
        return nil
    }

    func list<T: FastDecodable>(_ key: Key) -> [T] {
        (try? decodeIfPresent(LenientList<T>.self, forKey: key))?.elements ?? []
    }

    func intList(_ key: Key) -> [Int] {
        (try? decodeIfPresent(LenientList<Int>.self, forKey: key))?.elements ?? []
    }

    func idList(_ key: Key) -> [String] {
        (try? decodeIfPresent(LenientList<LenientID>.self, forKey: key))?.elements.map(\.value).filter { !$0.isEmpty } ?? []
    }

    func object<T: FastDecodable>(_ key: Key) -> T? {
        try? decodeIfPresent(T.self, forKey: key)
    }

    func required<T: FastDecodable>(_ key: Key) throws -> T {
        try decode(T.self, forKey: key)
    }
}

/// A JSON array decoded element by element, skipping the elements that fail.
public struct LenientList<Element: Decodable>: Decodable {
    public var elements: [Element]
    /// How many elements were skipped (for diagnostics and tests).
    public var skipped: Int

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        if let count = container.count { elements.reserveCapacity(count) }
        var skipped = 0
        while !container.isAtEnd {
            if let element = try? container.decode(Element.self) {
                elements.append(element)
            } else {
                _ = try? container.decode(SkippedValue.self)
                skipped += 1
            }
        }
        self.elements = elements
        self.skipped = skipped
    }

    init(elements: [Element], skipped: Int) {
        self.elements = elements
        self.skipped = skipped
    }
}

/// An id as the API sends it, a string or (some servers) a number.
struct LenientID: Decodable {
    var value: String

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let text = try? single.decode(String.self) {
            value = Sanitizer.clean(text, for: .line)
        } else {
            value = String(try single.decode(Int64.self))
        }
    }
}

/// Decodes any JSON value and keeps nothing, to step over an element that failed.
struct SkippedValue: Decodable {
    init(from decoder: any Decoder) throws {}
}

/// Coding keys made from any string, for the few hand-written `encode(to:)`s.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension LenientList: Equatable where Element: Equatable {}
extension LenientList: Sendable where Element: Sendable {}
