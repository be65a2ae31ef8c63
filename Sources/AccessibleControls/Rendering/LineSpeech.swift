import LoowiSupport
import TextSafety

/// Line mode: every utterance becomes one plain line on the output, for braille displays and
/// console screen readers; earcons are not printed, but the words that stand for them are
/// (`show`, from the screen loop: see `SoundWord`). Speech can go on as well (`also`).
public struct LineSpeech: SpeechOutput {
    let output: Int32
    let also: (any SpeechOutput)?

    public init(fileDescriptor: Int32 = 1, also: (any SpeechOutput)? = nil) {
        output = fileDescriptor
        self.also = also
    }

    public func speak(_ text: String, priority: SpeechPriority) async {
        // The terminal's cleaning takes loowi's language marks out with every other stray tag.
        FileOutput.write(Sanitizer.clean(text, for: .terminal) + "\r\n", to: output)
        await also?.speak(text, priority: priority)
    }

    /// Prints a line that is not spoken: a word for a sound ("[top]").
    public func show(_ line: String) {
        FileOutput.write(Sanitizer.clean(line, for: .terminal) + "\r\n", to: output)
    }

    public func play(_ earcon: Earcon) async {
        await also?.play(earcon)
    }

    public func play(_ glance: PostGlance) async {
        await also?.play(glance)
    }

    public func stop() async {
        await also?.stop()
    }

    public func configure(_ settings: OutputSettings) async -> [String] {
        await also?.configure(settings) ?? []
    }
}
