import SpeechAudio

/// What live updates announce, each set in config.toml (`announce_mention = "speak"`): the
/// kinds a user tells apart by ear, and the sound each makes.
public enum AnnouncementKind: String, Sendable, CaseIterable, Hashable {
    case mention
    case directMessage = "direct_message"
    /// Follows and follow requests.
    case follow
    case favourite
    /// Boosts of your posts.
    case boost
    /// A new post in the home timeline.
    case newPost = "new_post"
    case pollEnded = "poll_ended"
    case edited

    /// Mentions and direct messages are addressed to the user: spoken. The rest only sound.
    public var defaultStyle: AnnouncementStyle {
        switch self {
        case .mention, .directMessage: .speak
        default: .sound
        }
    }

    var earcon: Earcon {
        switch self {
        case .mention: .mention
        case .directMessage: .directMessage
        case .follow: .follow
        case .favourite: .favourite
        case .boost: .boost
        case .newPost, .pollEnded, .edited: .newPost
        }
    }
}

/// How one kind is announced.
public enum AnnouncementStyle: String, Sendable, CaseIterable, Hashable {
    /// Its sound only (line mode also prints a short line).
    case sound
    /// Its sound, then a spoken line that waits for the current utterance.
    case speak
    /// Its sound, then a spoken line that cuts in.
    case interrupt
    case none
}
