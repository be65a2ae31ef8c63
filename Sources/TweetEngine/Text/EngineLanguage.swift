/// The languages loowi speaks (iLoowi's three). Every user-facing string the engine makes
/// exists in each of them.
public enum EngineLanguage: String, Sendable, CaseIterable, Codable {
    case english = "en"
    case spanish = "es"
    case catalan = "ca"
}
