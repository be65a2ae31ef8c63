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

    /// The largest image and video (also sound, as Mastodon counts it) the server takes, in
    /// bytes; nil when it does not say (or says zero or less).
    public private(set) var imageBytes: Int?
    public private(set) var videoBytes: Int?

    public init(maxCharacters: Int, charactersReservedPerURL: Int, imageBytes: Int? = nil, videoBytes: Int? = nil) {
        self.maxCharacters = ServerNumber.clamped(maxCharacters, to: ServerNumber.postLengths)
        self.charactersReservedPerURL = ServerNumber.clamped(charactersReservedPerURL, to: ServerNumber.urlWeights)
        self.imageBytes = imageBytes.flatMap { $0 > 0 ? ServerNumber.clamped($0, to: ServerNumber.mediaBytes) : nil }
        self.videoBytes = videoBytes.flatMap { $0 > 0 ? ServerNumber.clamped($0, to: ServerNumber.mediaBytes) : nil }
    }

    /// The server's limit for a file of this kind, when it says one.
    public func mediaBytes(for kind: MediaFile.Kind) -> Int? {
        kind == .image ? imageBytes : videoBytes
    }

    enum CodingKeys: String, CodingKey { case maxCharacters, charactersReservedPerURL, imageBytes, videoBytes }

    /// Through `init`, so limits read back from a file are clamped too.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            maxCharacters: try c.decode(Int.self, forKey: .maxCharacters),
            charactersReservedPerURL: try c.decode(Int.self, forKey: .charactersReservedPerURL),
            imageBytes: try c.decodeIfPresent(Int.self, forKey: .imageBytes),
            videoBytes: try c.decodeIfPresent(Int.self, forKey: .videoBytes))
    }
}
