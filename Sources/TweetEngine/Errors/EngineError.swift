import FoundationEssentials
import LoowiSupport

/// Everything that can go wrong in the engine, as one type the screens can speak.
public enum EngineError: Error, Sendable, Equatable {
    /// Below HTTP: no connection, timeout, refused URL, …
    case transport(TransportError)
    /// The server answered with an error status; `message` is its `error` text, sanitised.
    case http(status: Int, message: String?)
    /// HTTP 429 or no requests left: nothing is sent again before `until`.
    case rateLimited(until: Date)
    /// The answer was not the JSON loowi expected; `detail` is for logs, in English.
    case decoding(detail: String)
    case notLoggedIn
    /// The post is longer than the server allows (Mastodon's counting rule).
    case postTooLong(count: Int, maximum: Int)
    /// The token file can be read by other users (or is not the user's own).
    case tokenFileInsecure(path: String)
    /// The token file or its folder could not be read or written.
    case tokenStorage(path: String, reason: String)
    /// The server does not offer the user stream.
    case streamingUnavailable
    /// The login code was refused, or the login was started for another server.
    case loginRefused(message: String?)
    /// iLoowi's rule: a direct message only to someone who follows you.
    case directMessageNotAllowed(handle: String)
    /// The token holds a control character (CR, LF, …): it would end the Authorization
    /// header early and add lines of its own, so nothing is sent with it.
    case tokenUnusable
    /// The token file could not be read as one: it was moved to `keptAt` (a new login saves
    /// into a fresh file).
    case tokenFileDamaged(path: String, keptAt: String)
    /// An attachment larger than the server takes (its `image_size_limit` or
    /// `video_size_limit`), refused before anything is uploaded.
    case mediaTooLarge(kind: MediaFile.Kind, bytes: Int, limit: Int)
    case cancelled

    /// True for failures that may go away by themselves (worth an automatic retry later).
    public var isTemporary: Bool {
        switch self {
        case .transport(let error):
            switch error {
            case .couldNotConnect, .couldNotResolveHost, .timedOut, .connectionLost, .answerCutOff: true
            default: false
            }
        case .http(let status, _): status >= 500 || status == 408
        case .rateLimited: true
        default: false
        }
    }
}

/// A spoken error: what happened, then what to do.
public struct SpokenMessage: Sendable, Equatable {
    public var description: String
    public var advice: String
    /// Both, as one utterance.
    public var text: String { advice.isEmpty ? description : "\(description) \(advice)" }
}
