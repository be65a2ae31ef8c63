import ArgumentParser
import SpeechAudio

extension Loowi {
    struct Voices: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the eSpeak NG voices.")

        @Option(help: "Only voices for this language, such as es or en-gb.")
        var language: String?

        func run() async throws {
            let voices = try await SpeechEngine.shared.voices(language: language)
            guard !voices.isEmpty else {
                Console.warn("There is no voice for the language \"\(language ?? "")\".")
                throw ExitCode.failure
            }
            let width = voices.map { $0.languages.first?.count ?? 0 }.max() ?? 0
            for voice in voices {
                let language = voice.languages.first ?? ""
                print("\(language.padding(toLength: width + 2, withPad: " ", startingAt: 0))\(voice.name)  (\(voice.identifier))")
            }
        }
    }
}
