/// Words the text conversion adds, in each language.
enum LinkPhrase {
    static func linkTo(_ host: String, language: EngineLanguage) -> String {
        switch language {
        case .english: "link to \(host)"
        case .spanish: "enlace a \(host)"
        case .catalan: "enllaç a \(host)"
        }
    }
}
