import FoundationEssentials
import LoowiSupport

/// A server's own emoji, written `:shortcode:` in text.
public struct CustomEmoji: Sendable, Hashable, Codable, FastDecodable {
    public var shortcode: String
    public var url: URL?

    enum CodingKeys: String, CodingKey { case shortcode, url }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        shortcode = c.text(.shortcode)
        url = c.url(.url)
    }
}

extension [CustomEmoji] {
    /// The shortcodes, only when the options will rewrite them (building the set for every
    /// post costs time in a 200-post timeline).
    func shortcodes(for options: SpeakableTextOptions) -> Set<String>? {
        options.customEmoji == .shortcode ? nil : Set(map(\.shortcode))
    }
}
