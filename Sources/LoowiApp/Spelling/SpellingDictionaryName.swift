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
        case "en" where interface == .americanEnglish: (file, package, language) = ("en_US", "hunspell-en-us", .americanEnglish)
        case "en": (file, package, language) = ("en_GB", "hunspell-en-gb", .britishEnglish)
        case "es": (file, package, language) = ("es_ES", "hunspell-es", .spanish)
        case "ca": (file, package, language) = ("ca_ES", "hunspell-ca", .catalan)
        default: return nil
        }
    }
}
