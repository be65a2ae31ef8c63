import AccessibleControls
import Foundation
import Testing

/// One step of a scripted practice session.
public enum Step {
    /// Keys by their keymap names: "Tab", "Shift-Tab", "Enter", "Ctrl-W", "4".
    case pressKeys([String])
    public static func press(_ names: String...) -> Step { .pressKeys(names) }
    /// Each character typed as a key.
    case type(String)
    /// A bracketed paste.
    case paste(String)
    /// Time passes; the session ticks every 50 ms as the real loop does.
    case wait(Duration)
    /// A line of explanation in the transcript.
    case note(String)
}

/// Runs a navigator through steps on a manual clock and writes what a user would hear,
/// one line per utterance or sound, under the key that caused it. Shared by the controls'
/// tests and the executable's (the practice with its settings keys).
@MainActor
public struct TranscriptSession {
    private let start: ContinuousClock.Instant
    private var elapsed: Duration = .zero
    private var now: ContinuousClock.Instant { start + elapsed }
    public let navigator: Navigator
    public private(set) var lines: [String] = []

    /// The practice gallery's screen that `makeRoot` makes, with no owner of its settings.
    public init(
        _ makeRoot: (PracticeGallery, ContinuousClock.Instant) -> ControlScreen, settings: ControlSettings = ControlSettings(),
        keypad: Keypad.EntryStyle = .timed
    ) {
        let gallery = PracticeGallery(settings: settings, keypadStyle: keypad)
        let start = ContinuousClock.now
        self.init(navigator: Navigator(root: makeRoot(gallery, start), settings: settings), startingAt: start)
    }

    /// A navigator made and wired elsewhere (a program that owns its settings).
    public init(navigator: Navigator, startingAt start: ContinuousClock.Instant = .now) {
        self.start = start
        self.navigator = navigator
        lines.append("(the screen opens)")
        record(navigator.start(now: now))
    }

    public mutating func run(_ steps: [Step]) {
        for step in steps {
            switch step {
            case .pressKeys(let names):
                for name in names {
                    guard let key = Key(name: name) else {
                        Issue.record("no key named \(name)")
                        continue
                    }
                    lines.append("press \(key.name)")
                    record(navigator.handle(.key(key), now: now))
                }
            case .type(let text):
                for c in text {
                    lines.append("type \(c == " " ? "Space" : String(c))")
                    record(navigator.handle(.key(.character(c)), now: now))
                }
            case .paste(let text):
                lines.append("paste \"\(text)\"")
                record(navigator.handle(.paste(text), now: now))
            case .wait(let duration):
                lines.append("wait \(Self.describe(duration))")
                var waited = Duration.zero
                while waited < duration {
                    elapsed += .milliseconds(50)
                    waited += .milliseconds(50)
                    record(navigator.tick(now: now))
                }
            case .note(let text):
                lines.append("")
                lines.append("# \(text)")
            }
        }
    }

    private mutating func record(_ feedback: [Feedback]) {
        lines += feedback.transcriptLines.map { "    " + $0 }
    }

    static func describe(_ d: Duration) -> String {
        let ms = Int(d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000)
        return ms % 1000 == 0 ? "\(ms / 1000) s" : "\(ms) ms"
    }

    public var text: String { lines.joined(separator: "\n") + "\n" }
}
