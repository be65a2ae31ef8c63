import LoowiApp
import SpeechAudio
import TweetEngine

extension Loowi {
    struct Voices: Command {
        static let info = CommandInfo(
            name: "voices",
            abstract: "List the voices: eSpeak NG's, or with --speech-backend speech-dispatcher, speech-dispatcher's.",
            parameters: [
                .option("language", help: "Only voices for this language, such as es or en-gb."),
                Parameter(setting: .speechBackend),
            ])

        var language: String?
        /// Whose voices: --speech-backend, else config.toml's (eSpeak NG's if speech-dispatcher does not answer).
        var backend: SettingOverrides

        init(_ values: ArgumentValues) throws {
            language = values.string("language")
            backend = try SettingOverrides([.speechBackend], in: values)
        }

        var speechBackend: SpeechBackend { backend.applied(to: SpeechOptions.configuration).speechBackend }

        func run() async throws {
            let (connection, fallback) = await SpeechStart.dispatcher(for: speechBackend, language: SpeechOptions.configuredLanguage)
            if let fallback { Console.warn(fallback) }
            let rows: [(language: String, name: String, detail: String)]
            if let connection {
                let voices = await connection.voices(language: language)
                await connection.close()
                // speech-dispatcher's "none" means the voice has no variant.
                rows = voices.map { ($0.language, $0.name, $0.variant == "none" ? "" : $0.variant) }
            } else {
                rows = try await SpeechEngine.shared.voices(language: language).map { ($0.languages.first ?? "", $0.name, $0.identifier) }
            }
            guard !rows.isEmpty else {
                Console.warn("There is no voice for the language \"\(language ?? "")\".")
                throw ExitStatus.failure
            }
            let width = rows.map(\.language.count).max() ?? 0
            for row in rows {
                let detail = row.detail.isEmpty ? "" : "  (\(row.detail))"
                // Names come from another program: cleaned, but the columns kept.
                print(Sanitizer.clean("\(row.language + String(repeating: " ", count: width + 2 - row.language.count))\(row.name)\(detail)", for: .line))
            }
        }
    }
}
