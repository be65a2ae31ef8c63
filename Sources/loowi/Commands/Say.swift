import FoundationEssentials
import LoowiSupport
import SpeechAudio

#if canImport(Glibc)
    import Glibc
#endif

extension Loowi {
    struct Say: Command {
        static let info = CommandInfo(
            name: "say",
            abstract: "Speak text with the configured voice.",
            discussion: "With no TEXT, reads the text from standard input. The text is plain: markup is read as it is written.",
            parameters: SpeechOptions.parameters + [.argument("text", help: "The text to speak.", optional: true, repeats: true)])

        var speech: SpeechOptions
        var text: [String]

        init(_ values: ArgumentValues) throws {
            speech = try SpeechOptions(values)
            text = values.strings("text")
        }

        func run() async throws {
            var words = text.joined(separator: " ")
            if words.isEmpty, isatty(STDIN_FILENO) == 0 {
                words = String(decoding: StandardStreams.readInput(), as: UTF8.self)
            }
            guard !words.trimmed().isEmpty else {
                throw UsageError("Give the text to speak, for example: loowi say Hello")
            }
            let pipeline = try await speech.makePipeline()
            await pipeline.speak(words, priority: .announcement)
            await pipeline.finish()
        }
    }
}
