import FoundationEssentials
import LoowiSupport

/// A server's own emoji, written `:shortcode:` in text. Only its name is kept: loowi shows no
/// images, and an address per emoji per post was heap for nothing (DECISIONS.md, "what a post
/// holds").
public struct CustomEmoji: Sendable, Hashable, Codable, FastDecodable {
    public var shortcode: String

    enum CodingKeys: String, CodingKey { case shortcode }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        shortcode = c.text(.shortcode)
    }
}

extension [CustomEmoji] {
    /// The shortcodes, only when the options will rewrite them (building the set for every
    /// post costs time in a 200-post timeline).
    func shortcodes(for options: SpeakableTextOptions) -> Set<String>? {
        options.customEmoji == .shortcode ? nil : Set(map(\.shortcode))
    }
}
