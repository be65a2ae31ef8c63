/// The short sounds that mark events. The raw value is the sound's file name in `Sounds/`
/// (and in a user sound pack), without the `.wav` extension.
public enum Earcon: String, Sendable, Hashable, CaseIterable {
    case focus
    case activate
    case boundary
    case wrap
    case error
    case softError = "soft-error"
    case busyTick = "busy-tick"
    case postSent = "post-sent"
    case boost
    case favourite
    case follow
    case newPost = "new-post"
    case mention
    case directMessage = "direct-message"
    case keypadCentre = "keypad-centre"
    case limitReached = "limit-reached"
    case ready
    case capital

    /// A short plain description, used by the sound tutorial (`loowi sounds`).
    public var spokenName: String {
        switch self {
        case .focus: "Focus moved"
        case .activate: "Activate"
        case .boundary: "Boundary, the first or last item"
        case .wrap: "Wrapped around"
        case .error: "Error"
        case .softError: "Key not understood"
        case .busyTick: "Busy, still waiting"
        case .postSent: "Post sent"
        case .boost: "Boosted"
        case .favourite: "Favourite"
        case .follow: "Followed"
        case .newPost: "New post arrived"
        case .mention: "Mention"
        case .directMessage: "Direct message"
        case .keypadCentre: "Keypad centre, the 5 key"
        case .limitReached: "Character limit reached"
        case .ready: "Ready"
        case .capital: "Capital letter"
        }
    }
}
