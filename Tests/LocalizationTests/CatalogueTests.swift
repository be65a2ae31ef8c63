import Testing

@testable import Localization

/// A small catalogue of its own, so the mechanism is tested apart from any module's words.
private enum Sample: String, TranslatedText, CaseIterable {
    case greeting, colour, onlyBritish, pair

    static let tables: [Language: [Sample: String]] = [
        .britishEnglish: [.greeting: "Hello, {0}.", .colour: "colour", .onlyBritish: "queue", .pair: "{0} and {1}"],
        .americanEnglish: [.colour: "color"],
        .spanish: [.greeting: "Hola, {0}.", .colour: "color", .pair: "{1} y {0}"],
    ]
}

/// Tables with every kind of mistake the audit must find.
private enum Broken: String, TranslatedText, CaseIterable {
    case filled, lost, empty

    static let tables: [Language: [Broken: String]] = [
        .britishEnglish: [.filled: "{0} posts", .lost: "lost", .empty: "empty"],
        .americanEnglish: [.filled: "posts"],
        .spanish: [.filled: "{0} publicaciones", .lost: "perdido", .empty: ""],
    ]
}

@Suite(.timeLimit(.minutes(5))) struct CatalogueTests {
    @Test func placeholdersAreFilledInAnyOrder() {
        #expect(Catalogue<Sample>(.britishEnglish)(.greeting, "Ada") == "Hello, Ada.")
        #expect(Catalogue<Sample>(.spanish)(.pair, "Ada", "Grace") == "Grace y Ada")
    }

    @Test func anArgumentIsNeverFilledInAgain() {
        // A display name with "{1}" in it stays as written.
        #expect(Catalogue<Sample>(.britishEnglish)(.pair, "Ada {1}", "Grace") == "Ada {1} and Grace")
        #expect(Catalogue<Sample>(.britishEnglish)(.pair, "Ada") == "Ada and {1}")
        #expect(Catalogue<Sample>.fill("{0}{", ["a"]) == "a{")
        #expect(Catalogue<Sample>.fill("{x} {0}", ["a"]) == "{x} a")
    }

    @Test func americanOverridesBritishOnlyWhereItDiffers() {
        let american = Catalogue<Sample>(.americanEnglish)
        #expect(american(.colour) == "color")
        #expect(american(.greeting, "Ada") == "Hello, Ada.")
        #expect(Catalogue<Sample>(.britishEnglish)(.colour) == "colour")
    }

    @Test func aMissingTranslationIsSaidInEnglishNeverAsTheKey() {
        #expect(Catalogue<Sample>(.spanish)(.onlyBritish) == "queue")
        // Catalan has no table at all.
        #expect(Catalogue<Sample>(.catalan)(.greeting, "Ada") == "Hello, Ada.")
        #expect(Catalogue<Sample>(.catalan).table.isEmpty)
    }

    @Test func theAuditFindsEveryKindOfMistake() {
        let problems = Set(CatalogueAudit.problems(Broken.self))
        #expect(
            problems == [
                "Broken americanEnglish filled: \"posts\" has other placeholders than \"{0} posts\"",
                "Broken spanish: empty text for empty",
                "Broken: no catalan table",
            ])
        #expect(
            Set(CatalogueAudit.problems(Sample.self)) == [
                "Sample spanish: no text for onlyBritish", "Sample: no catalan table",
            ])
    }

    @Test func languagesKeepTheirConfigNamesAndTags() {
        #expect(Language.allCases.map(\.rawValue) == ["en-gb", "en-us", "es", "ca"])
        #expect(Language.allCases.map(\.code) == ["en-GB", "en-US", "es", "ca"])
        #expect(Language.americanEnglish.base == .britishEnglish)
        #expect(Language.spanish.base == .spanish)
        #expect(Language.english == .britishEnglish)
    }
}
