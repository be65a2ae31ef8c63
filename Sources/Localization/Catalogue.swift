/// A set of keys for translated text: each module declares one enum of keys and one table per
/// language, `Key: String` with `{0}`, `{1}` placeholders. American English lists only what it
/// spells differently; a language without a table (or a key missing from one) is said in its
/// base language, then in British English, never as the key's name.
public protocol TranslatedText: Hashable, Sendable {
    /// The wording, per language. British English must be complete.
    static var tables: [Language: [Self: String]] { get }
}

/// The words of one module in one language: `strings(.key, "argument")`. Cheap to make:
/// the tables are static.
public struct Catalogue<TextKey: TranslatedText>: Sendable, Hashable {
    public let language: Language

    public init(_ language: Language) { self.language = language }

    /// The text for `key` with `{0}`, `{1}`… filled in from `arguments`.
    public func callAsFunction(_ key: TextKey, _ arguments: String...) -> String {
        Self.fill(template(key) ?? "", arguments)
    }

    /// The same with the arguments in an array.
    public func text(_ key: TextKey, _ arguments: [String]) -> String {
        Self.fill(template(key) ?? "", arguments)
    }

    /// The template for `key` in this language, its base language or British English; nil
    /// only when no table has it.
    public func template(_ key: TextKey) -> String? {
        let tables = TextKey.tables
        return tables[language]?[key] ?? tables[language.base]?[key] ?? tables[.britishEnglish]?[key]
    }

    /// This language's own table (empty when it has none).
    public var table: [TextKey: String] { TextKey.tables[language] ?? [:] }

    /// Fills `{0}`, `{1}`… in one pass: an argument's own text (a name with "{1}" in it) is
    /// never filled in again.
    public static func fill(_ template: String, _ arguments: [String]) -> String {
        guard !arguments.isEmpty, template.contains("{") else { return template }
        var text = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            // Not `+=`: with a Substring that is RangeReplaceableCollection's generic operator,
            // whose first call has the runtime look up Substring's associated types (0.2 M
            // instructions). `append(contentsOf:)` has a Substring overload.
            text.append(contentsOf: rest[..<open])
            let after = rest[rest.index(after: open)...]
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, after.dropFirst(digits.count).first == "}", let index = Int(digits),
                index < arguments.count
            {
                text += arguments[index]
                rest = after.dropFirst(digits.count + 1)
            } else {
                text.append("{")
                rest = after
            }
        }
        text.append(contentsOf: rest)
        return text
    }
}
