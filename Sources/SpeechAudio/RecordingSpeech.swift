import LoowiSupport
import Synchronization

/// A speech double that records what would have been heard, as transcript lines.
public final class RecordingSpeech: SpeechOutput {
    public enum Event: Sendable, Hashable {
        case speak(String, SpeechPriority)
        case earcon(Earcon)
        case glance(PostGlance)
        case stop
        case configure(OutputSettings)
    }

    private let recorded = Mutex<[Event]>([])

    public init() {}

    public var events: [Event] { recorded.withLock { $0 } }

    /// One line per event: `say: text`, `say (queued): text`, `sound: focus`, `hush`.
    public var transcript: [String] {
        events.map { event in
            switch event {
            case .speak(let text, .interrupt): "say: \(LanguageMarks.shown(text))"
            case .speak(let text, .announcement): "say (queued): \(LanguageMarks.shown(text))"
            case .speak(let text, .important): "say (important): \(LanguageMarks.shown(text))"
            case .earcon(let earcon): "sound: \(earcon.rawValue)"
            case .glance(let glance): "glance: \(glance)"
            case .stop: "hush"
            case .configure(let settings): "settings: rate \(settings.speech.rate), voice \(settings.speech.voice)"
            }
        }
    }

    public func clear() { recorded.withLock { $0.removeAll() } }

    public func speak(_ text: String, priority: SpeechPriority) async {
        recorded.withLock { $0.append(.speak(text, priority)) }
    }

    public func play(_ earcon: Earcon) async {
        recorded.withLock { $0.append(.earcon(earcon)) }
    }

    public func play(_ glance: PostGlance) async {
        recorded.withLock { $0.append(.glance(glance)) }
    }

    public func stop() async {
        recorded.withLock { $0.append(.stop) }
    }

    public func configure(_ settings: OutputSettings) async -> [String] {
        recorded.withLock { $0.append(.configure(settings)) }
        return []
    }
}
