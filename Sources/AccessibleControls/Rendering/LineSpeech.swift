/// Line mode: every utterance becomes one plain line on the output, for braille displays and
/// console screen readers; earcons are not printed. Speech can go on as well (`also`).
public struct LineSpeech: SpeechOutput {
    let output: Int32
    let also: (any SpeechOutput)?

    public init(fileDescriptor: Int32 = 1, also: (any SpeechOutput)? = nil) {
        output = fileDescriptor
        self.also = also
    }

    public func speak(_ text: String, priority: SpeechPriority) async {
        FileOutput.write(TextSanitizer.clean(text) + "\r\n", to: output)
        await also?.speak(text, priority: priority)
    }

    public func play(_ earcon: Earcon) async {
        await also?.play(earcon)
    }

    public func stop() async {
        await also?.stop()
    }
}
