import FoundationEssentials
import LoowiSupport

/// What loowi needs from `GET /api/v2/instance`: the posting limits, always within
/// `ServerNumber.postLengths` and `ServerNumber.urlWeights` (an `Int.max` per URL would
/// overflow the count as soon as a post has two links).
public struct InstanceLimits: Sendable, Hashable, Codable {
    public static let mastodonDefault = InstanceLimits(maxCharacters: 500, charactersReservedPerURL: 23)

    public private(set) var maxCharacters: Int
    /// Every URL in a post counts as this many characters, whatever its length.
    public private(set) var charactersReservedPerURL: Int

    public init(maxCharacters: Int, charactersReservedPerURL: Int) {
        self.maxCharacters = ServerNumber.clamped(maxCharacters, to: ServerNumber.postLengths)
        self.charactersReservedPerURL = ServerNumber.clamped(charactersReservedPerURL, to: ServerNumber.urlWeights)
    }

    enum CodingKeys: String, CodingKey { case maxCharacters, charactersReservedPerURL }

    /// Through `init`, so limits read back from a file are clamped too.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            maxCharacters: try c.decode(Int.self, forKey: .maxCharacters),
            charactersReservedPerURL: try c.decode(Int.self, forKey: .charactersReservedPerURL))
    }
}
