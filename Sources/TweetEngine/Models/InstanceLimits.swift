import Foundation

/// What loowi needs from `GET /api/v2/instance`: the posting limits.
public struct InstanceLimits: Sendable, Hashable, Codable {
    public static let mastodonDefault = InstanceLimits(maxCharacters: 500, charactersReservedPerURL: 23)

    public var maxCharacters: Int
    /// Every URL in a post counts as this many characters, whatever its length.
    public var charactersReservedPerURL: Int

    public init(maxCharacters: Int, charactersReservedPerURL: Int) {
        self.maxCharacters = maxCharacters
        self.charactersReservedPerURL = charactersReservedPerURL
    }
}
