import Testing

@testable import LoowiApp

/// A value its declaration refuses is said in the user's language, with the setting's spoken
/// name and the declaration's bounds (issue 36): never the file's English inside Spanish.
@Suite(.timeLimit(.minutes(5))) struct SettingRefusalSpeechTests {
    func refusal(of text: String) -> ConfigError? {
        do {
            _ = try ConfigFile.config(from: text, fileName: "config.toml")
            return nil
        } catch {
            return error
        }
    }

    @Test func aRateOutOfRangeInConfigTomlIsSaidInEnglishAndSpanish() throws {
        let error = try #require(refusal(of: "# speech\nrate = 451"))
        #expect(error.description == "config.toml line 2: rate 451 is out of range; use 80 to 450.")
        #expect(error.spoken(in: .english) == "config.toml line 2: Speech rate: 451 is out of range; use 80 to 450.")
        #expect(error.spoken(in: .spanish) == "config.toml, línea 2: Velocidad de voz: 451 está fuera del intervalo; usa de 80 a 450.")
        #expect(error.spoken(in: .catalan) == "config.toml, línia 2: Velocitat de la veu: 451 és fora de l'interval; fes servir de 80 a 450.")
        let below = try #require(refusal(of: "rate = 79"))
        #expect(below.spoken(in: .spanish) == "config.toml, línea 1: Velocidad de voz: 79 está fuera del intervalo; usa de 80 a 450.")
    }

    @Test func aChoiceNotOffered() throws {
        let error = try #require(refusal(of: "punctuation = \"loud\""))
        #expect(error.spoken(in: .english) == "config.toml line 1: Punctuation read: loud is not one of its values; use none, some, most or all.")
        #expect(error.spoken(in: .spanish) == "config.toml, línea 1: Puntuación leída: loud no es uno de sus valores; usa none, some, most o all.")
    }

    /// Problems that are not a value out of its rule keep config.toml's words for now.
    @Test func anyOtherProblemKeepsTheFilesWords() throws {
        let error = try #require(refusal(of: "speed = 3"))
        #expect(error.refusal == nil)
        #expect(error.spoken(in: .spanish).hasPrefix("config.toml, línea 1: unknown setting \"speed\"."))
    }
}
