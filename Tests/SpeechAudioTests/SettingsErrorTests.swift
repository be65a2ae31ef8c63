import Testing

@testable import SpeechAudio

@Suite("Bad voices and values", .timeLimit(.minutes(5)))
struct SettingsErrorTests {
    @Test("an unknown voice is refused, listing close matches")
    func unknownVoice() async throws {
        do {
            try await SpeechEngine.shared.validate(SpeechSettings(voice: "en-gbb"))
            Issue.record("en-gbb was accepted")
        } catch let error {
            guard case .unknownVoice(let name, let matches) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(name == "en-gbb")
            #expect(matches.contains("en-gb"))
            #expect(error.description.contains("Close matches: en-gb"))
        }
    }

    @Test("voice names and language codes are both accepted, in any case")
    func knownVoices() async throws {
        for voice in ["en-gb", "EN-US", "es", "ca", "Catalan"] {
            try await SpeechEngine.shared.validate(SpeechSettings(voice: voice))
        }
    }

    @Test("out-of-range numbers say the allowed range")
    func ranges() {
        #expect(throws: SpeechError.invalidValue(option: "speech rate", value: "5000", allowed: "80 to 450 words per minute")) {
            try SpeechSettings(rate: 5_000).validate()
        }
        #expect(throws: SpeechError.invalidValue(option: "pitch", value: "-1", allowed: "0 to 100")) {
            try SpeechSettings(pitch: -1).validate()
        }
        #expect(throws: SpeechError.invalidValue(option: "volume", value: "300", allowed: "0 to 200")) {
            try SpeechSettings(volume: 300).validate()
        }
    }

    @Test("an unknown sound name suggests the right one")
    func unknownEarcon() {
        #expect(throws: SpeechError.unknownEarcon("bost", closeMatches: ["boost"])) { try EarconLibrary.earcon(named: "bost") }
    }
}
