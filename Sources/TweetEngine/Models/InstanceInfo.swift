import FoundationEssentials
import LoowiSupport

/// The subset of the v2 instance document loowi reads.
public struct InstanceInfo: Sendable, Hashable, Codable {
    public var domain: String
    public var title: String
    public var version: String
    public var limits: InstanceLimits
    /// Where the streaming API lives (`configuration.urls.streaming`, a `wss://` address),
    /// as the server wrote it; `TweetEngine.streamingBase` decides whether to trust it.
    public var streaming: String?

    enum CodingKeys: String, CodingKey { case domain, title, version, configuration }
    enum ConfigurationKeys: String, CodingKey {
        case statuses, urls
        case mediaAttachments = "media_attachments"
    }
    enum MediaKeys: String, CodingKey {
        case imageSizeLimit = "image_size_limit"
        case videoSizeLimit = "video_size_limit"
    }
    enum URLsKeys: String, CodingKey { case streaming }
    enum StatusesKeys: String, CodingKey {
        case maxCharacters = "max_characters"
        case charactersReservedPerURL = "characters_reserved_per_url"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        domain = c.text(.domain)
        title = c.text(.title)
        version = c.text(.version)
        let statuses = try? c.nestedContainer(keyedBy: ConfigurationKeys.self, forKey: .configuration)
            .nestedContainer(keyedBy: StatusesKeys.self, forKey: .statuses)
        let urls = try? c.nestedContainer(keyedBy: ConfigurationKeys.self, forKey: .configuration)
            .nestedContainer(keyedBy: URLsKeys.self, forKey: .urls)
        streaming = (try? urls?.decodeIfPresent(String.self, forKey: .streaming)) ?? nil
        let media = try? c.nestedContainer(keyedBy: ConfigurationKeys.self, forKey: .configuration)
            .nestedContainer(keyedBy: MediaKeys.self, forKey: .mediaAttachments)
        let defaults = InstanceLimits.mastodonDefault
        // Missing, zero or negative is the default; too large is clamped by `InstanceLimits`.
        limits = InstanceLimits(
            maxCharacters: statuses?.optionalInt(.maxCharacters).flatMap { $0 > 0 ? $0 : nil } ?? defaults.maxCharacters,
            charactersReservedPerURL: statuses?.optionalInt(.charactersReservedPerURL).flatMap { $0 >= 0 ? $0 : nil }
                ?? defaults.charactersReservedPerURL,
            imageBytes: media?.optionalInt(.imageSizeLimit), videoBytes: media?.optionalInt(.videoSizeLimit))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(domain, forKey: .domain)
        try c.encode(title, forKey: .title)
        try c.encode(version, forKey: .version)
        var configuration = c.nestedContainer(keyedBy: ConfigurationKeys.self, forKey: .configuration)
        var statuses = configuration.nestedContainer(keyedBy: StatusesKeys.self, forKey: .statuses)
        try statuses.encode(limits.maxCharacters, forKey: .maxCharacters)
        try statuses.encode(limits.charactersReservedPerURL, forKey: .charactersReservedPerURL)
        if limits.imageBytes != nil || limits.videoBytes != nil {
            var media = configuration.nestedContainer(keyedBy: MediaKeys.self, forKey: .mediaAttachments)
            try media.encodeIfPresent(limits.imageBytes, forKey: .imageSizeLimit)
            try media.encodeIfPresent(limits.videoBytes, forKey: .videoSizeLimit)
        }
        if let streaming {
            var urls = configuration.nestedContainer(keyedBy: URLsKeys.self, forKey: .urls)
            try urls.encode(streaming, forKey: .streaming)
        }
    }
}
