/// Words the text conversion adds, in each language.
enum LinkPhrase {
    static func linkTo(_ host: String, language: Language) -> String {
        Catalogue<EngineText>(language)(.linkTo, host)
    }
}
