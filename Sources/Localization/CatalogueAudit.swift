/// What is wrong with a module's tables, for its tests: one generic check instead of one
/// hand-written test per module.
public enum CatalogueAudit {
    /// The `{0}`, `{1}` … placeholders a template uses.
    public static func placeholders(_ text: String) -> Set<String> {
        var found: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, after.dropFirst(digits.count).first == "}" {
                found.insert("{\(digits)}")
            }
            rest = after
        }
        return found
    }

    /// Every problem in `Key`'s tables, as sentences; empty when they are complete: British
    /// English has every key and no empty text; every language other than American English
    /// has every key (American lists only spellings); no text is empty; every translation
    /// uses the placeholders British English uses.
    public static func problems<Key: TranslatedText & CaseIterable>(_: Key.Type) -> [String] {
        let tables = Key.tables
        let english = tables[.britishEnglish] ?? [:]
        var problems: [String] = []
        for language in Language.allCases {
            guard let table = tables[language] else {
                if language.base == language, language != .britishEnglish {
                    problems.append("\(Key.self): no \(language) table")
                }
                continue
            }
            for key in Key.allCases {
                guard let text = table[key] else {
                    if language.base == language { problems.append("\(Key.self) \(language): no text for \(key)") }
                    continue
                }
                if text.isEmpty { problems.append("\(Key.self) \(language): empty text for \(key)") }
                if let original = english[key], placeholders(text) != placeholders(original) {
                    problems.append("\(Key.self) \(language) \(key): \"\(text)\" has other placeholders than \"\(original)\"")
                }
            }
        }
        return problems
    }
}
