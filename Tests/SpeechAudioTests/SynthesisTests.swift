import Testing

@testable import SpeechAudio

@Suite("Synthesis", .timeLimit(.minutes(5)))
struct SynthesisTests {
    @Test(
        "each interface language produces non-silent speech of plausible length",
        arguments: [
            ("en-gb", "Welcome to loowi. You have three new posts."),
            ("en-us", "Welcome to loowi. You have three new posts."),
            ("es", "Bienvenido a loowi. Tienes tres publicaciones nuevas."),
            ("ca", "Benvingut a loowi. Tens tres publicacions noves."),
        ])
    func languages(voice: String, text: String) async throws {
        let samples = try await synthesize(text, settings: SpeechSettings(voice: voice))
        let seconds = PCM.seconds(samples)
        #expect(seconds > 1.0 && seconds < 6.0, "\(voice): \(seconds) s")
        #expect(PCM.rms(samples) > 0.02, "\(voice) is too quiet to be speech")
    }

    @Test("a faster rate gives shorter speech")
    func rate() async throws {
        let slow = try await synthesize(longText, settings: SpeechSettings(rate: 120))
        let fast = try await synthesize(longText, settings: SpeechSettings(rate: 360))
        #expect(Double(fast.count) < Double(slow.count) * 0.6)
    }

    @Test("volume scales the signal")
    func volume() async throws {
        let quiet = try await synthesize("Volume test", settings: SpeechSettings(volume: 40))
        let loud = try await synthesize("Volume test", settings: SpeechSettings(volume: 160))
        #expect(PCM.rms(loud) > PCM.rms(quiet) * 2)
    }

    @Test("markup is read as plain text, never obeyed")
    func plainText() async throws {
        // As SSML this would be a 10-second break and almost no speech; as text it is words.
        let samples = try await synthesize(#"<speak>Hi<break time="10s"/></speak>"#)
        #expect(PCM.seconds(samples) < 8)
        #expect(PCM.rms(samples) > 0.02)
    }
}
