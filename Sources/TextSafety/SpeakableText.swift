/// Text the synthesiser may be given: cleaned for `Sanitizer.Output.synthesiser` when made,
/// so a synthesis job or a message to speech-dispatcher cannot be built from text that was
/// not (whatever its origin, no control character, escape sequence, bidirectional control or
/// invisible character reaches eSpeak NG or speech-dispatcher).
public struct SpeakableText: Sendable, Equatable {
    public let text: String

    public init(_ text: String) {
        self.text = Sanitizer.clean(text, for: .synthesiser)
    }

    /// True when there is nothing to say.
    public var isBlank: Bool { text.allSatisfy(\.isWhitespace) }
}
