import FoundationEssentials
import LoowiSupport

/// The user's posting and reading defaults (`GET /api/v1/preferences`), so the compose
/// screen starts with the visibility and language the user chose on the server.
public struct Preferences: Sendable, Hashable, Codable, FastDecodable {
    public var defaultVisibility: OpenEnum<Visibility>
    public var defaultSensitive: Bool
    public var defaultLanguage: String?
    /// "default", "show_all" or "hide_all" for media; kept as text.
    public var expandMedia: String
    /// Show the text behind content warnings without asking.
    public var expandSpoilers: Bool

    enum CodingKeys: String, CodingKey {
        case defaultVisibility = "posting:default:visibility"
        case defaultSensitive = "posting:default:sensitive"
        case defaultLanguage = "posting:default:language"
        case expandMedia = "reading:expand:media"
        case expandSpoilers = "reading:expand:spoilers"
    }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        // A missing default stays unknown (never "public"): loowi then sends no visibility
        // and the server applies the account's own.
        defaultVisibility = c.openEnum(.defaultVisibility)
        defaultSensitive = c.bool(.defaultSensitive)
        defaultLanguage = c.optionalText(.defaultLanguage).flatMap { $0.isEmpty ? nil : $0 }
        expandMedia = c.optionalText(.expandMedia) ?? "default"
        expandSpoilers = c.bool(.expandSpoilers)
    }
}
