import LoowiSupport

/// What a control asks for in answer to a key or a tick. Controls return these values and
/// never touch a seam; one pump hands them, in order, to speech, sound and the screen.
public enum Feedback: Hashable, Sendable {
    case speak(String, SpeechPriority)
    case earcon(Earcon)
    /// A post's glance (its kind and length), under the first syllables of the words said
    /// just before it in the same batch.
    case glance(PostGlance)
    /// The screen should be drawn again.
    case redraw
    /// Stop all speech at once.
    case hush
    /// Something happened that the screen (not the user's ear) must act on.
    case event(ControlEvent)
    /// The word line mode prints for the sound just before ("[top]"), where the sound's own
    /// word (`SoundWord(sound:)`) would be wrong or missing; nil: no word, a sentence about
    /// the sound comes later. Never spoken or drawn; see `withSoundWords()`.
    case soundWord(SoundWord?)
    /// Put this text on the clipboard of the terminal the user sits at (OSC 52), which works
    /// over ssh and inside tmux where no desktop clipboard can be reached.
    case clipboard(String)
    /// Speech and sounds are to sound as these settings say from here on: sent once by
    /// whoever owns the settings, when one changes, before the words that should be heard
    /// with it. Not heard itself, so not in a transcript.
    case configure(OutputSettings)

    public static func say(_ text: String) -> Feedback { .speak(text, .interrupt) }
}

/// A control telling its screen what the user did.
public struct ControlEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case activated
        case toggled(Bool)
        case selected(Int)
        case submitted(String)
        case changed
        /// A list was asked to go past its last item (Down, PageDown or End there): a screen
        /// that pages loads more.
        case pushedPastEnd
        /// A settings list was asked for the focused item's next (+1) or previous (-1) value,
        /// or (0, Enter) to go round its values; the screen decides and says the new value.
        case adjusted(Int)
        case cancelled
    }

    public var controlID: String
    public var kind: Kind

    public init(_ controlID: String, _ kind: Kind) {
        self.controlID = controlID
        self.kind = kind
    }

    /// The control this event came from as the screen's own id enum
    /// (`enum ControlID: String { case posts, reply }`, the raw values the controls were built
    /// with); nil for a control the enum does not name, such as the toolbar's Back and Info
    /// (`ToolbarControl`). Screens match events this way, never on strings, so a misspelt id
    /// does not compile instead of being silently ignored.
    public func control<ID: RawRepresentable<String>>(as type: ID.Type) -> ID? {
        ID(rawValue: controlID)
    }
}

extension Array where Element == Feedback {
    /// The spoken text and sounds only, as transcript lines (`say: text`, `sound: focus`),
    /// the way `RecordingSpeech` writes them.
    public var transcriptLines: [String] {
        compactMap { feedback in
            switch feedback {
            case .speak(let text, .interrupt): "say: \(LanguageMarks.shown(text))"
            case .speak(let text, .announcement): "say (queued): \(LanguageMarks.shown(text))"
            case .speak(let text, .important): "say (important): \(LanguageMarks.shown(text))"
            case .earcon(let earcon): "sound: \(earcon.rawValue)"
            case .glance(let glance): "glance: \(glance)"
            case .hush: "hush"
            case .clipboard(let text): "clipboard: \(text)"
            case .redraw, .event, .soundWord, .configure: nil
            }
        }
    }
}
