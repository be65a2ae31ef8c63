import Foundation
import Localization
import Testing

@testable import SpeechAudio

@Suite("Earcons", .timeLimit(.minutes(5)))
struct EarconTests {
    @Test("earcons are short, soft and all different")
    func shape() {
        let sounds = Earcon.allCases.map { ($0, EarconSynth.samples(for: $0)) }
        let durations = sounds.map { AudioFormat.milliseconds(frames: $0.1.count) }
        #expect(durations.allSatisfy { $0 > 10 && $0 <= 260 })
        #expect(durations.filter { $0 < 150 }.count >= sounds.count - 2, "most earcons must be under 150 ms: \(durations)")
        for (earcon, samples) in sounds {
            let peak = samples.map { abs(Int($0)) }.max() ?? 0
            #expect(peak <= 10_000 && peak > 2_000, "\(earcon) peak \(peak)")
        }
        #expect(Set(sounds.map(\.1)).count == sounds.count)
    }

    @Test("the WAV files in Sounds/ are exactly what the code makes")
    func committedFiles() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sounds").standardized
        for earcon in Earcon.allCases {
            let file = folder.appendingPathComponent("\(earcon.rawValue).wav")
            let contents = try WAVFile.read(file)
            #expect(contents.samples == EarconSynth.samples(for: earcon), "\(file.path) is stale: run loowi sounds --export Sounds")
        }
    }

    @Test("a sound pack overrides only the sounds it has")
    func soundPack() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-pack-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let pack = data.appendingPathComponent("loowi/sounds/soft")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try WAVFile.encode([Int16](repeating: 1_234, count: 441)).write(to: pack.appendingPathComponent("focus.wav"))
        try Data("not a wav".utf8).write(to: pack.appendingPathComponent("boost.wav"))

        let library = EarconLibrary(pack: "soft", environment: ["XDG_DATA_HOME": data.path])
        #expect(library.samples(for: .focus) == [Int16](repeating: 1_234, count: 441))
        #expect(library.samples(for: .activate) == EarconSynth.samples(for: .activate))
        #expect(library.samples(for: .boost) == EarconSynth.samples(for: .boost))
        #expect(library.problems.count == 1)
        #expect(library.problems == [.file(.notWAV(pack.appendingPathComponent("boost.wav").path))])
        #expect(library.problems.first?.description.hasSuffix("boost.wav is not a WAV file.") == true)
        #expect(library.problems.first?.spoken(in: .spanish).hasSuffix("boost.wav no es un archivo WAV.") == true)
    }

    @Test("a pipeline plays another pack's sounds from the next earcon on")
    func packChangedWhileRunning() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-pack-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let pack = data.appendingPathComponent("loowi/sounds/soft")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try WAVFile.encode([Int16](repeating: 1_234, count: 441)).write(to: pack.appendingPathComponent("focus.wav"))

        let sink = CaptureSink()
        let pipeline = try await SpeechPipeline(sink: sink)
        await pipeline.play(.focus)
        await pipeline.waitUntilIdle()
        let builtIn = sink.samples.count
        #expect(sink.samples.contains { $0 != 0 && $0 != 1_234 })
        pipeline.use(EarconLibrary(pack: "soft", environment: ["XDG_DATA_HOME": data.path]))
        await pipeline.play(.focus)
        await pipeline.finish()
        let after = sink.samples.dropFirst(builtIn)
        #expect(after.filter { $0 == 1_234 }.count == 441, "the pack's focus sound, whole")
    }

    @Test("built-in sounds are made when first asked for, the same in every copy of a library")
    func builtInSoundsMadeOnDemand() {
        let library = EarconLibrary(environment: ["XDG_DATA_HOME": "/nonexistent"])
        let copy = library
        for earcon in Earcon.allCases {
            #expect(library.samples(for: earcon) == EarconSynth.samples(for: earcon))
        }
        copy.prepareAll()
        #expect(copy.samples(for: .boundary) == library.samples(for: .boundary))
        #expect(!library.samples(for: .error).isEmpty)
    }

    @Test("a missing pack is reported and the built-in sounds are used")
    func missingPack() {
        let library = EarconLibrary(pack: "nothing-here", environment: ["XDG_DATA_HOME": "/nonexistent"])
        #expect(library.problems.map(\.description) == ["The sound pack folder /nonexistent/loowi/sounds/nothing-here does not exist; using the built-in sounds."])
        #expect(library.samples(for: .error) == EarconSynth.samples(for: .error))
    }

    /// Issue 36, item 6: a pack chosen while loowi speaks Spanish is told of in Spanish.
    @Test("what a chosen pack gets wrong is said in the interface language")
    func packProblemsInTheUsersLanguage() async throws {
        let pipeline = try SpeechPipeline(silentWith: SpeechSettings())
        let name = "nada-\(UUID().uuidString)"
        let folder = EarconLibrary.packsFolder(environment: ProcessInfo.processInfo.environment).appendingPathComponent(name).path
        let spanish = await pipeline.configure(OutputSettings(speech: SpeechSettings(), soundPack: name, language: .spanish))
        #expect(spanish == ["La carpeta del paquete de sonidos \(folder) no existe; se usan los sonidos de loowi."])
        let other = "nada-\(UUID().uuidString)"
        let catalan = await pipeline.configure(OutputSettings(speech: SpeechSettings(), soundPack: other, language: .catalan))
        #expect(catalan.first?.hasPrefix("La carpeta del paquet de sons ") == true)
        #expect(CatalogueAudit.problems(SoundText.self) == [])
    }
}

