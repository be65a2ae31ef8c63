/// The languages of loowi, as in iLoowi: British or American English, Spanish or Catalan.
/// The one language type of every module: the controls, the engine's words and the app's all
/// take it, so nothing converts between languages. The raw value is the name config.toml uses.
public enum Language: String, Sendable, CaseIterable, Hashable, Codable {
    case britishEnglish = "en-gb"
    case americanEnglish = "en-us"
    case spanish = "es"
    case catalan = "ca"

    /// English as loowi speaks it when nothing says which: British, the default.
    public static let english = Language.britishEnglish

    /// Where a variant's missing text comes from: American English has only the words it
    /// spells differently, the rest is British.
    public var base: Language {
        self == .americanEnglish ? .britishEnglish : self
    }

    /// The BCP-47 language tag: "en-GB", "en-US", "es", "ca".
    public var code: String {
        switch self {
        case .britishEnglish: "en-GB"
        case .americanEnglish: "en-US"
        case .spanish: "es"
        case .catalan: "ca"
        }
    }
}
