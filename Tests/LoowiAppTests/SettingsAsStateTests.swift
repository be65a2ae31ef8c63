import AccessibleControls
import Foundation
import SpeechAudio
import Testing

@testable import LoowiApp

/// Issue 36, item 3: the app owns its speech and reading settings as state. F5–F8 and the
/// settings screen change it once; the speech is told once, before the words that should be
/// heard with it; nothing is compared before every output or copied back.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct SettingsAsStateTests {
    @Test
    func f8ThenF7ChangeTheRateOnceEachAndTheNextUtteranceUsesIt() async {
        let app = AppHarness(language: .english)
        await app.open()
        let speech = SpeechAtSettings(app.core.config.outputSettings)
        let from = app.batches.count
        await app.press("F8")
        #expect(app.core.config.rate == 200 && app.core.settings.wordsPerMinute == 200)
        await app.press("F7")
        #expect(app.core.config.rate == 175 && app.core.settings.wordsPerMinute == 175)
        // Each key: the speech told once, then the words.
        var at200 = app.core.config
        at200.rate = 200
        #expect(Array(app.batches[from...]) == [
            [.configure(at200.outputSettings), .say("Rate 200 words a minute.")],
            [.configure(app.core.config.outputSettings), .say("Rate 175 words a minute.")],
        ])
        #expect(app.savedSettings() == [.rate, .rate])
        await app.play(batchesFrom: from, to: speech)
        #expect(speech.told == 2)
        #expect(speech.lines == ["at 200: Rate 200 words a minute.", "at 175: Rate 175 words a minute."])
        // The next key's words are at 175 too: nothing is sent again.
        let next = app.batches.count
        await app.press("Down")
        await app.play(batchesFrom: next, to: speech)
        #expect(speech.told == 2)
        #expect(speech.lines.last?.hasPrefix("at 175: ") == true)
    }

    @Test func atTheEndsNothingChangesAndTheEndIsSaid() async {
        var config = LoowiConfig()
        config.language = .spanish
        config.rate = 425
        let app = AppHarness(config: config)
        await app.open()
        _ = app.heard()
        await app.press("F8", "F8")
        #expect(app.heard() == ["say: Velocidad 450, la más rápida.", "say: Velocidad 450, la más rápida."])
        #expect(app.savedSettings() == [.rate])
        #expect(app.batches.suffix(1) == [[.say("Velocidad 450, la más rápida.")]])
    }

    @Test func f5ChangesTheControlsAndIsSavedButTellsTheSpeechNothing() async {
        let app = AppHarness(language: .english)
        await app.open()
        await app.press("F5")
        #expect(app.batches.last == [.say("Verbosity: intermediate")])
        #expect(app.core.config.verbosity == .intermediate && app.core.settings.verbosity == .intermediate)
        #expect(app.savedSettings() == [.verbosity])
    }

    @Test
    func aSettingsScreenChangeReachesTheSpeechBeforeItsPreview() async {
        let app = AppHarness(language: .spanish)
        await app.open()
        await app.press("F9", "Down")
        let speech = SpeechAtSettings(app.core.config.outputSettings)
        let from = app.batches.count
        await app.press("Right")
        #expect(app.core.config.rate == 200)
        await app.press("Down", "Down", "Left")
        #expect(app.core.config.volume == 95)
        await app.play(batchesFrom: from, to: speech)
        #expect(speech.told == 2)
        #expect(speech.settings == app.core.config.outputSettings)
        #expect(speech.lines == [
            "at 200: 200 palabras por minuto", "at 200: Tono: 50, 3 de 35", "at 200: Volumen de voz: 100 por ciento, 4 de 35",
            "at 200: 95 por ciento",
        ])
        #expect(app.savedSettings() == [.rate, .volume])
        // The sound volume reaches the sounds before the sound that previews it.
        for _ in 0..<22 { await app.press("Down") }
        #expect(app.said().last == "say: Volumen de sonidos: 100 por ciento, 26 de 35")
        await app.press("Left")
        let heardAfter = app.batches.last?.filter { if case .event = $0 { false } else { true } }
        #expect(heardAfter?.prefix(2) == [.configure(app.core.config.outputSettings), .earcon(.activate)])
        #expect(app.core.config.outputSettings.earconGain == 0.9)
    }

    /// config.toml's value is where the app starts: the controls pace by it, the pipeline
    /// is made with it, and the first key steps from it.
    @Test
    func theConfigFileIsTheStartingState() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-settings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = ConfigFile(url: folder.appendingPathComponent("config.toml"))
        try file.persist([.rate], from: { var c = LoowiConfig(); c.rate = 300; return c }())
        let config = try file.load()
        #expect(config.rate == 300)
        let pipeline = try await InteractiveApp.makePipeline(config: config, wavPath: nil, sink: NullSink(), voiceMemo: VoiceMemoFile(folder: folder))
        #expect(pipeline.settings.rate == 300)
        let app = AppHarness(config: config)
        await app.open()
        #expect(app.core.settings.wordsPerMinute == 300)
        await app.press("F8")
        #expect(app.batches.last?.first == .configure(app.core.config.outputSettings))
        #expect(app.core.config.rate == 325)
        // The pipeline takes the change as the pump hands it over.
        _ = await pipeline.configure(app.core.config.outputSettings)
        #expect(pipeline.settings.rate == 325)
        await pipeline.finish()
    }

    /// A value out of its declared range is refused, in the user's language, whether it
    /// comes from config.toml or reaches the app's settings another way.
    @Test func aValueOutOfRangeIsRefusedWithTheDeclarationsWordsInEnglishAndSpanish() async throws {
        for (language, file, app) in [
            (Language.britishEnglish, "config.toml line 1: Speech rate: 451 is out of range; use 80 to 450.", "Speech rate: 451 is out of range; use 80 to 450."),
            (.spanish, "config.toml, línea 1: Velocidad de voz: 451 está fuera del intervalo; usa de 80 a 450.",
             "Velocidad de voz: 451 está fuera del intervalo; usa de 80 a 450."),
        ] {
            do {
                _ = try ConfigFile.config(from: "rate = 451", fileName: "config.toml")
                Issue.record("451 was taken")
            } catch {
                #expect(error.spoken(in: language) == file)
            }
            let harness = AppHarness(language: language)
            await harness.open()
            do {
                _ = try harness.core.change(.rate, to: .integer(451))
                Issue.record("451 was taken")
            } catch {
                #expect(SettingsScreen.refusal(error, of: .rate, strings: harness.core.strings) == app)
            }
            #expect(harness.core.config.rate == 175)
            #expect(harness.savedSettings().isEmpty)
        }
    }

    /// A config.toml refused at start is said in the language it names.
    @Test func theLanguageAFileNamesIsFoundEvenWhenAnotherLineIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-settings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("config.toml")
        try "# mine\nlanguage = \"es\"\nrate = 900\n".write(to: url, atomically: true, encoding: .utf8)
        let file = ConfigFile(url: url)
        #expect(file.statedLanguage == .spanish)
        #expect(throws: ConfigError.self) { try file.load() }
        try "rate = 900\n".write(to: url, atomically: true, encoding: .utf8)
        #expect(file.statedLanguage == nil)
    }
}
