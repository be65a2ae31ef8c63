import Localization
import Testing

@testable import LoowiApp

@Suite(.timeLimit(.minutes(5))) struct AppStringsTests {
    /// The `{0}`, `{1}` … placeholders a template uses.
    static func placeholders(_ text: String) -> Set<String> {
        var found: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            let digits = after.prefix { $0.isNumber }
            if !digits.isEmpty, after.dropFirst(digits.count).first == "}" {
                found.insert("{\(digits)}")
            }
            rest = after
        }
        return found
    }

    static let translations: [(String, [AppText: String])] = [
        ("Spanish", AppText.spanish),
        ("Catalan", AppText.catalan),
    ]

    @Test func everyKeyHasAnEnglishString() {
        for key in AppText.allCases {
            let english = AppText.english[key]
            #expect(english != nil, "no English string for \(key)")
            #expect(english?.isEmpty == false, "empty English string for \(key)")
        }
    }

    @Test func translationsCoverTheEnglishTable() {
        for (name, table) in Self.translations {
            let missing = Set(AppText.english.keys).subtracting(table.keys)
            #expect(missing.isEmpty, "\(name) lacks \(missing.map(\.rawValue).sorted())")
            for (key, text) in table {
                #expect(!text.isEmpty, "\(name) string for \(key) is empty")
            }
        }
    }

    @Test func translationsKeepThePlaceholders() {
        let tables = Self.translations + [("American", AppText.american)]
        for (name, table) in tables {
            for (key, english) in AppText.english {
                guard let translated = table[key] else { continue }
                #expect(
                    Self.placeholders(translated) == Self.placeholders(english),
                    "\(name) \(key): \(translated) has other placeholders than \(english)")
            }
        }
    }

    @Test func theTablesAreCompleteAndKeepTheirPlaceholders() {
        #expect(CatalogueAudit.problems(AppText.self) == [])
    }

    @Test func placeholdersAreFilledIn() {
        let spanish = AppStrings(.spanish)
        let said = spanish(.accountWhere, "Ada", "3")
        #expect(said == "Cronología de Ada, 3 publicaciones.")
        let catalan = AppStrings(.catalan)
        #expect(catalan(.draftsOffered, "hola", "2").hasPrefix("Tens 2 publicacions sense enviar"))
    }

    @Test func lookupsUseTheTableThenEnglish() {
        // A language's own string wins; whatever its table lacks is said in English, never as the key.
        for language in Language.allCases {
            let strings = AppStrings(language)
            for key in AppText.allCases {
                let expected = strings.table[key] ?? AppText.english[key]
                #expect(strings(key) == expected, "\(language) \(key)")
                #expect(strings(key) != key.rawValue)
            }
        }
        #expect(AppStrings(.spanish)(.boost) == "Impulsar")
        #expect(AppStrings(.catalan)(.boost) == "Impulsar")
    }

    @Test func americanFallsBackToBritish() {
        let american = AppStrings(.americanEnglish)
        let british = AppStrings(.britishEnglish)
        #expect(american(.homeTitle) == british(.homeTitle))
        #expect(american(.accountWhere, "Ada", "3") == british(.accountWhere, "Ada", "3"))
        // American lists only its own spellings; every other key is the British text.
        for key in AppText.allCases where AppText.american[key] == nil {
            #expect(american(key, "1", "2") == british(key, "1", "2"), "\(key)")
        }
        #expect(AppText.american.count < AppText.english.count)
    }

    @Test func americanSpellsFavorites() {
        let american = AppStrings(.americanEnglish)(.favourited)
        let british = AppStrings(.britishEnglish)(.favourited)
        #expect(american.contains("favorites"))
        #expect(!american.contains("favourites"))
        #expect(british.contains("favourites"))
        #expect(AppStrings(.americanEnglish)(.wheelHint).contains("f favorites"))
    }

    @Test func letterKeysStayTheSame() {
        // The hints name real keys: a translation must keep the letters, in the case they are
        // typed (capital B, F, O open the blocked list, Federated, whom you follow).
        for (name, table) in Self.translations {
            let hint = table[.wheelHint] ?? ""
            for letter in ["r", "b", "f", "a", "d", "n", "u"] {
                #expect(hint.contains("\(letter) "), "\(name) wheel hint lacks key \(letter)")
            }
            #expect(table[.templateHidden]?.contains("E ") == true, "\(name) hidden-text hint lacks key E")
            #expect(table[.loadingFailed]?.contains("U ") == true)
            #expect(table[.draftOffered]?.contains("N.") == true)
        }
    }
}
