import FoundationEssentials
import LoowiSupport

/// How models read their fields, from either decoding path: a `KeyedDecodingContainer`
/// (`Codable`, for caches and anything else) or a `FastObject` over a `JSONDocument` (the
/// engine's hot path). Each model lists its fields once, in `init(fields:)`.
///
/// Every reader is lenient (a missing or wrongly typed optional field becomes its default)
/// and sanitising (every string passes through `Sanitizer`), so no caller can see raw
/// server text whichever path decoded it.
protocol FieldReader {
    associatedtype Key: CodingKey
    func optionalText(_ key: Key, _ output: Sanitizer.Output) -> String?
    func optionalID(_ key: Key) -> String?
    func optionalInt(_ key: Key) -> Int?
    func optionalBool(_ key: Key) -> Bool?
    func date(_ key: Key) -> Date?
    /// Elements that fail to decode are skipped.
    func list<T: FastDecodable>(_ key: Key) -> [T]
    func intList(_ key: Key) -> [Int]
    /// Ids as strings (numbers become their text); anything else in the list is skipped.
    func idList(_ key: Key) -> [String]
    /// Whether the object has the key at all (a container that lacks a list is not the container).
    func contains(_ key: Key) -> Bool
    func object<T: FastDecodable>(_ key: Key) -> T?
    func required<T: FastDecodable>(_ key: Key) throws -> T
    /// A post's author: as `required`, but one person met again in the same document is the
    /// account read the first time.
    func account(_ key: Key) throws -> Account
}

extension FieldReader {
    func text(_ key: Key, _ output: Sanitizer.Output = .line) -> String { optionalText(key, output) ?? "" }
    func optionalText(_ key: Key) -> String? { optionalText(key, .line) }
    func int(_ key: Key) -> Int { optionalInt(key) ?? 0 }
    /// A count the server keeps (followers, votes, uses): 0 ... a trillion, never negative.
    func count(_ key: Key) -> Int { ServerNumber.count(optionalInt(key) ?? 0) }
    func optionalCount(_ key: Key) -> Int? { optionalInt(key).map(ServerNumber.count) }
    func bool(_ key: Key) -> Bool { optionalBool(key) ?? false }

    /// Ids are strings in the API, but some servers send numbers; both become `String`.
    func id(_ key: Key) throws -> String {
        if let value = optionalID(key), !value.isEmpty { return value }
        throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "missing or empty id \(key.stringValue)"))
    }

    /// A web address as text: loowi only says, copies, compares and hands addresses to a
    /// browser, so none is parsed into a `URL` (about 0.4 KB and a parse each, for every post,
    /// its author, its card and media; DECISIONS.md, "web addresses kept as text").
    func address(_ key: Key) -> String? {
        guard let text = optionalText(key, .line), !text.isEmpty else { return nil }
        return text
    }

    func openEnum<T>(_ key: Key) -> OpenEnum<T> { OpenEnum(rawValue: text(key)) }

    func account(_ key: Key) throws -> Account { try required(key) }
}

/// A model that reads itself through a `FieldReader`.
protocol FastDecodable: Decodable, JSONTopLevel {
    associatedtype FieldKeys: CodingKey
    init<R: FieldReader>(fields: R) throws where R.Key == FieldKeys
}

/// Something that can be built from a whole JSON document (a model or a list of models).
protocol JSONTopLevel {
    init(document: JSONDocument, index: Int) throws
}

extension FastDecodable {
    init(document: JSONDocument, index: Int) throws {
        try self.init(fields: FastObject<FieldKeys>(document: document, index: index))
    }
}

extension LenientList: JSONTopLevel where Element: FastDecodable {
    init(document: JSONDocument, index: Int) throws {
        guard document.nodes[index].kind == .array else { throw JSONDocument.SyntaxError(offset: Int(document.nodes[index].start)) }
        var elements: [Element] = []
        var skipped = 0
        for element in document.elements(of: index) {
            if let value = try? Element(document: document, index: element) {
                elements.append(value)
            } else {
                skipped += 1
            }
        }
        self.init(elements: elements, skipped: skipped)
    }
}

enum FastJSON {
    /// Decodes a whole response body with the fast path.
    static func decode<T: JSONTopLevel>(_ type: T.Type, from data: Data) throws -> T {
        let document = try JSONDocument(data: data)
        return try T(document: document, index: 0)
    }
}

/// A JSON object in a `JSONDocument`, read by key.
struct FastObject<Key: CodingKey>: FieldReader {
    let document: JSONDocument
    let index: Int

    init(document: JSONDocument, index: Int) throws {
        guard document.nodes[index].kind == .object else {
            throw DecodingError.typeMismatch(
                [String: String].self, .init(codingPath: [], debugDescription: "expected an object"))
        }
        self.document = document
        self.index = index
    }

    private func value(_ key: Key) -> Int? { document.member(key.stringValue, in: index) }

    func optionalText(_ key: Key, _ output: Sanitizer.Output) -> String? {
        value(key).flatMap { document.string(at: $0) }.map { Sanitizer.clean($0, for: output) }
    }

    func optionalID(_ key: Key) -> String? {
        guard let value = value(key) else { return nil }
        switch document.nodes[value].kind {
        case .string: return document.string(at: value).map { Sanitizer.clean($0, for: .line) }
        case .number: return document.int(at: value).map { String($0) }
        default: return nil
        }
    }

    func optionalInt(_ key: Key) -> Int? {
        value(key).flatMap { document.int(at: $0) }
    }

    func optionalBool(_ key: Key) -> Bool? {
        guard let value = value(key) else { return nil }
        switch document.nodes[value].kind {
        case .true: return true
        case .false: return false
        case .string:
            let text = document.string(at: value)
            return text == "true" || text == "1"
        case .number: return document.int(at: value).map { $0 != 0 }
        default: return nil
        }
    }

    func date(_ key: Key) -> Date? {
        guard let value = value(key) else { return nil }
        switch document.nodes[value].kind {
        case .string: return document.string(at: value).flatMap(ISO8601.parse)
        case .number: return document.double(at: value).flatMap { ServerNumber.date(secondsSinceReferenceDate: $0) }
        default: return nil
        }
    }

    func list<T: FastDecodable>(_ key: Key) -> [T] {
        guard let value = value(key), document.nodes[value].kind == .array else { return [] }
        return (try? LenientList<T>(document: document, index: value))?.elements ?? []
    }

    func intList(_ key: Key) -> [Int] {
        guard let value = value(key) else { return [] }
        return document.elements(of: value).compactMap { document.int(at: $0) }
    }

    func idList(_ key: Key) -> [String] {
        guard let value = value(key), document.nodes[value].kind == .array else { return [] }
        return document.elements(of: value).compactMap { element in
            switch document.nodes[element].kind {
            case .string: document.string(at: element).map { Sanitizer.clean($0, for: .line) }
            case .number: document.int(at: element).map { String($0) }
            default: nil
            }
        }.filter { !$0.isEmpty }
    }

    func contains(_ key: Key) -> Bool { value(key) != nil }

    func object<T: FastDecodable>(_ key: Key) -> T? {
        guard let value = value(key), document.nodes[value].kind == .object else { return nil }
        return try? T(document: document, index: value)
    }

    func required<T: FastDecodable>(_ key: Key) throws -> T {
        try T(document: document, index: requiredValue(key))
    }

    private func requiredValue(_ key: Key) throws -> Int {
        guard let value = value(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "missing \(key.stringValue)"))
        }
        return value
    }

    /// An account met before in this document, written the same, is not read again: a page of
    /// 200 posts by five people holds five accounts' text, not 200 copies (DECISIONS.md, "one
    /// account per person in a page"). A copy written otherwise (another count, a changed
    /// name) is read as it is.
    func account(_ key: Key) throws -> Account {
        let node = try requiredValue(key)
        let object = try FastObject<Account.FieldKeys>(document: document, index: node)
        let id = object.optionalID(.id)
        if let id, let known = document.accounts[id], document.sameText(known.node, node) { return known.account }
        let account = try Account(fields: object)
        if document.accounts[account.id] == nil { document.accounts[account.id] = (account, node) }
        return account
    }
}
