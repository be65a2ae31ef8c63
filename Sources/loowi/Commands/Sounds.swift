import FoundationEssentials
import LoowiSupport
import SpeechAudio

extension Loowi {
    struct Sounds: Command {
        static let info = CommandInfo(
            name: "sounds",
            abstract: "Play each sound after saying its name: a tutorial of loowi's earcons.",
            discussion: "Sound names: \(Earcon.allCases.map(\.rawValue).joined(separator: ", ")).",
            parameters: SpeechOptions.parameters + [
                .flag("list", help: "Print the sound names and what each means, and play nothing."),
                .option("export", help: "Write each sound as NAME.wav into this folder (the template for a sound pack).", values: .folder),
                .argument("names", help: "Only these sounds (by name).", optional: true, repeats: true, values: .choice(Earcon.allCases.map(\.rawValue))),
            ])

        var speech: SpeechOptions
        var list: Bool
        var export: String?
        var names: [String]

        init(_ values: ArgumentValues) throws {
            speech = try SpeechOptions(values)
            list = values.flag("list")
            export = values.string("export")
            names = values.strings("names")
        }

        func run() async throws {
            let earcons = names.isEmpty ? Earcon.allCases : try names.map { try EarconLibrary.earcon(named: $0) }
            if list {
                for earcon in earcons { print("\(earcon.rawValue): \(earcon.spokenName)") }
                return
            }
            if let export {
                try exportSounds(earcons, to: URL(fileURLWithPath: export, isDirectory: true))
                return
            }
            let pipeline = try await speech.makePipeline()
            for earcon in earcons {
                await pipeline.speak(earcon.spokenName, priority: .announcement)
                await pipeline.waitUntilIdle()
                pipeline.mixer.appendSilence(milliseconds: 150)
                await pipeline.waitUntilIdle()
                await pipeline.play(earcon)
                await pipeline.waitUntilIdle()
                pipeline.mixer.appendSilence(milliseconds: 400)
            }
            await pipeline.finish()
        }

        private func exportSounds(_ earcons: [Earcon], to folder: URL) throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for earcon in earcons {
                let file = folder.appendingPathComponent("\(earcon.rawValue).wav")
                try WAVFile.encode(EarconSynth.samples(for: earcon)).write(to: file)
            }
        }
    }
}
