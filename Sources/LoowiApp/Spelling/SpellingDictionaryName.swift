import Localization

/// Which Hunspell dictionary checks a post: the post's language (compose's language choice),
/// English in the interface's spelling (American for an American interface, else British);
/// and the Debian package that installs it, for the sentence said when it is missing.
struct SpellingDictionaryName: Hashable, Sendable {
    /// The files' name in /usr/share/hunspell: "en_GB" for en_GB.aff and en_GB.dic.
    let file: String
    let package: String
    /// For naming it ("No Spanish dictionary"); nil for a language loowi does not speak.
    let language: Language?

    /// nil when loowi knows no dictionary for the code ("fr" chosen as the account's default).
    init?(postLanguage code: String?, interface: Language) {
        switch code?.lowercased() ?? String(interface.code.prefix(2)).lowercased() {
        case "en": self.init(language: interface == .americanEnglish ? .americanEnglish : .britishEnglish)
        case "es": self.init(language: .spanish)
        case "ca": self.init(language: .catalan)
        default: return nil
        }
    }

    /// The dictionary of a language loowi speaks: each has one.
    init(language: Language) {
        self.language = language
        switch language {
        case .americanEnglish: (file, package) = ("en_US", "hunspell-en-us")
        case .britishEnglish: (file, package) = ("en_GB", "hunspell-en-gb")
        case .spanish: (file, package) = ("es_ES", "hunspell-es")
        case .catalan: (file, package) = ("ca_ES", "hunspell-ca")
        }
    }
}
