import Foundation
import Testing

@testable import LoowiApp
@testable import loowi

/// Issue 36, item 3: the rate's range is written once, in its declaration, and every way a
/// value comes in — config.toml, the settings screen, the command line — checks that one.
@Suite(.timeLimit(.minutes(5))) struct SettingBoundsTests {
    /// The declaration's bounds, and the values just outside them.
    static var rateBounds: ClosedRange<Int> {
        guard case .number(let range, _) = Settings.rate.rule else { preconditionFailure("the rate is a number") }
        return range
    }

    @Test func theRateIsDeclaredWithEspeaksRangeAndTheStepTheKeysUse() {
        #expect(Self.rateBounds == 80...450)
        guard case .number(_, let step) = Settings.rate.rule else { return }
        #expect(step == 25)
        #expect(Settings.rate.defaultValue == 175 && LoowiConfig().rate == 175)
    }

    @Test func configTomlRefusesJustOutsideAndTakesTheEnds() throws {
        let range = Self.rateBounds
        for outside in [range.lowerBound - 1, range.upperBound + 1] {
            #expect(throws: ConfigError("rate \(outside) is out of range; use 80 to 450.", file: "config.toml", line: 1)) {
                try ConfigFile.config(from: "rate = \(outside)", fileName: "config.toml")
            }
        }
        for end in [range.lowerBound, range.upperBound] {
            #expect(try ConfigFile.config(from: "rate = \(end)", fileName: "config.toml").rate == end)
        }
    }

    @Test func theSettingsRowStopsAtTheEndsAndRefusesBeyondThem() {
        let range = Self.rateBounds
        var config = LoowiConfig()
        config.rate = range.lowerBound
        #expect(ConfigKey.rate.stepped(-1, from: config, texts: [nil]) == nil)
        config.rate = range.upperBound
        #expect(ConfigKey.rate.stepped(1, from: config, texts: [nil]) == nil)
        // A value from elsewhere is checked by the same rule before the row shows it.
        for outside in [range.lowerBound - 1, range.upperBound + 1] {
            #expect(throws: ConfigError.self) { try ConfigKey.rate.apply(.integer(outside), to: &config) }
        }
        #expect(config.rate == range.upperBound)
        for end in [range.lowerBound, range.upperBound] {
            #expect((try? ConfigKey.rate.apply(.integer(end), to: &config)) != nil && config.rate == end)
        }
    }

    @Test func sayRefusesJustOutsideInItsOwnWordsAndTakesTheEnds() throws {
        let range = Self.rateBounds
        for outside in [range.lowerBound - 1, range.upperBound + 1] {
            do {
                _ = try CommandLineParser.parse(["say", "--rate", String(outside), "Hello"], root: Loowi.self)
                Issue.record("--rate \(outside) was taken")
            } catch {
                #expect(error.error.message == "\"\(outside)\" is not a valid speech rate. Allowed: 80 to 450 words per minute.")
            }
        }
        for end in [range.lowerBound, range.upperBound] {
            let say = try Loowi.Say.parse(["--rate", String(end), "Hello"])
            #expect(say.speech.settings().rate == end)
        }
    }

    @Test func theOtherSpeechOptionsAreCheckedByTheirDeclarations() {
        for (words, said) in [
            (["say", "--pitch", "101", "x"], "\"101\" is not a valid pitch. Allowed: 0 to 100."),
            (["say", "--volume", "-1", "x"], "\"-1\" is not a valid volume. Allowed: 0 to 200."),
            (["say", "--punctuation", "loud", "x"], "\"loud\" is not a valid punctuation level. Allowed: none, some, most, all."),
            (["say", "--capitals", "loud", "x"], "\"loud\" is not a valid capital letter indication. Allowed: none, spell, earcon, pitch."),
            (["practice", "--verbosity", "chatty"], "\"chatty\" is not a valid verbosity. Allowed: beginner, intermediate, expert."),
            (["voices", "--speech-backend", "say"], "\"say\" is not a valid speech backend. Allowed: espeak, speech-dispatcher."),
        ] {
            do {
                _ = try CommandLineParser.parse(words, root: Loowi.self)
                Issue.record("\(words) was taken")
            } catch {
                #expect(error.error.message == said)
            }
        }
    }

    @Test func theHelpSaysTheDeclaredRangeAndDefault() {
        let rate = Loowi.Say.info.parameters.first { $0.name == "rate" }
        #expect(rate?.help == "Speech rate in words per minute (80 to 450; default: config.toml's, else 175).")
        for key in SpeechOptions.settings + [.speechBackend, .verbosity, .keypad, .keyEcho] { #expect(key.commandLineOption != nil, "\(key)") }
    }

    /// The range itself is written in one place of the sources: where eSpeak NG's limits are
    /// declared, which the setting's declaration takes.
    @Test func theRatesRangeIsWrittenOnceInTheSources() throws {
        var sources = URL(fileURLWithPath: #filePath)
        while sources.lastPathComponent != "Tests" { sources.deleteLastPathComponent() }
        sources = sources.deletingLastPathComponent().appendingPathComponent("Sources")
        var found: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("80...450") || line.contains("80..<451") {
                found.append(file.lastPathComponent + ": " + line.trimmingCharacters(in: .whitespaces))
            }
        }
        #expect(found == ["SpeechSettings.swift: public static let rateRange = 80...450"])
    }
}
