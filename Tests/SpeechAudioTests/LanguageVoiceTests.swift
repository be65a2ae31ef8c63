import LoowiSupport
import Testing

@testable import SpeechAudio

/// Issue 15, item 3, at the synthesiser: a stretch marked with another language is spoken by
/// that language's eSpeak NG voice, the rest by the pipeline's own; a language without a voice
/// falls back to it. eSpeak NG's samples vary from run to run, and its lengths by up to about
/// 40 ms when other tests synthesise in the same process (the shared engine's state differs);
/// the same words last quite differently in another voice (these by about 230 ms): the length
/// of the voiced stretch tells which voice spoke. The silence around it is left out: under
/// the whole suite in CI, one take of the same words in the same voice ended 1,000 samples
/// of silence later than another, and with it the two differed by 110 ms, their voices by 61.
@Suite(.timeLimit(.minutes(5))) struct LanguageVoiceTests {
    static func close(_ a: [Int16], _ b: [Int16]) -> Bool {
        abs(PCM.voicedLength(a) - PCM.voicedLength(b)) < AudioFormat.frames(milliseconds: 100)
    }

    @Test func aMarkedStretchIsSpokenByItsLanguagesVoice() async throws {
        let text = "Buenos días a todas las personas que escuchan"
        let marked = try await synthesize(LanguageMarks.mark(text, language: "es"), settings: SpeechSettings(voice: "en-gb"))
        let spanish = try await synthesize(text, settings: SpeechSettings(voice: "es"))
        let english = try await synthesize(text, settings: SpeechSettings(voice: "en-gb"))
        #expect(PCM.rms(marked) > 0.02)
        #expect(!Self.close(spanish, english), "the two voices speak for \(PCM.voicedLength(spanish)) and \(PCM.voicedLength(english)) samples")
        #expect(Self.close(marked, spanish), "marked \(PCM.voicedLength(marked)), Spanish \(PCM.voicedLength(spanish)), English \(PCM.voicedLength(english))")
    }

    /// The voice a post's language was read in is among what the app keeps for the next
    /// start (`RememberedVoices`), so that start reads no voice list for it either.
    @Test func aLanguagesVoiceIsRememberedOnceUsed() async throws {
        _ = try await synthesize(LanguageMarks.mark("Bon dia a tothom", language: "ca"), settings: SpeechSettings(voice: "en-gb"))
        let remembered = await SpeechEngine.shared.rememberedVoices()
        #expect(remembered.chosen["ca"]?.identifier == "roa/ca")
        #expect(remembered.chosen["ca"]?.name == "Catalan")
        #expect(remembered.chosen["en-gb"]?.identifier == "gmw/en")
        #expect(remembered.installed.contains { $0.identifier == "roa/ca" })
    }

    /// A person's voice is a variant on the voice eSpeak NG chooses for the language, the one
    /// plain words in it get (French from France, not Belgium, which eSpeak NG lists first), so
    /// the voice kept for "fr" is that one even when a person's French is heard first. (No
    /// other test speaks French, so in this process it is.)
    @Test func aPersonsVoiceGoesOnTheLanguagesOwnVoice() async throws {
        let text = "Bonjour à toutes et à tous, et bienvenue"
        _ = try await synthesize(LanguageMarks.mark(text, language: "fr-x-m3-p0"), settings: SpeechSettings(voice: "en-gb"))
        #expect(await SpeechEngine.shared.rememberedVoices().chosen["fr"]?.identifier == "roa/fr")
        _ = try await synthesize(LanguageMarks.mark(text, language: "fr"), settings: SpeechSettings(voice: "en-gb"))
        #expect(await SpeechEngine.shared.rememberedVoices().chosen["fr"]?.identifier == "roa/fr")
    }

    @Test func aLanguageTheVoiceSpeaksOrNoVoiceHasIsNotSwitched() async throws {
        let engine = SpeechEngine.shared
        try await engine.prepare()
        #expect(await engine.languageVoice("es", under: "en-gb") == "es")
        #expect(await engine.languageVoice("en", under: "es") == "en")
        #expect(await engine.languageVoice("ca", under: "es") == "ca")
        // A variety loowi has no voice for falls back to its language's voice.
        #expect(await engine.languageVoice("es-ZZ", under: "en-gb") == "es")
        // "en" under American English: the same language, read by the same voice.
        #expect(await engine.languageVoice("en", under: "en-us") == nil)
        #expect(await engine.languageVoice("en-GB", under: "en-us") == nil)
        // No eSpeak NG voice speaks "zz": the pipeline's voice reads it rather than nothing.
        #expect(await engine.languageVoice("zz", under: "en-us") == nil)
        let text = "Good morning, everyone, and welcome"
        let english = try await synthesize(text, settings: SpeechSettings(voice: "en-us"))
        let unknown = try await synthesize(LanguageMarks.mark(text, language: "zz"), settings: SpeechSettings(voice: "en-us"))
        #expect(Self.close(unknown, english), "zz \(PCM.voicedLength(unknown)), English \(PCM.voicedLength(english))")
    }

    @Test func theInterfacesWordsAroundAStretchKeepTheirVoice() async throws {
        let name = "Carme Riera."
        let post = "¡Feliz día a todas!"
        let whole = try await synthesize(name + " " + LanguageMarks.mark(post, language: "es"), settings: SpeechSettings(voice: "en-gb"))
        let parts = try await synthesize(name, settings: SpeechSettings(voice: "en-gb")).count
            + (try await synthesize(post, settings: SpeechSettings(voice: "es"))).count
        // Two jobs, one after the other: about as long as the two parts said apart.
        #expect(abs(whole.count - parts) < AudioFormat.frames(milliseconds: 100), "whole \(whole.count), parts \(parts)")
    }

    /// Zero crossings a sample, where the signal is not near silence: a higher voice crosses more.
    static func crossings(_ samples: [Int16]) -> Double {
        var count = 0
        for index in 1..<samples.count where (samples[index - 1] < 0) != (samples[index] < 0) && abs(Int(samples[index])) > 200 {
            count += 1
        }
        return Double(count) / Double(samples.count)
    }

    /// Issue 15, item 6: a person's voice (an eSpeak NG variant and a pitch change, carried in
    /// the mark) is heard: a female variant 20 higher crosses zero far more often than the
    /// plain voice; a variant eSpeak NG does not have leaves the words in the plain voice.
    @Test func aPersonsVoiceIsHeardAndAnUnknownVariantStillSpeaks() async throws {
        let text = "Good morning, everyone, and welcome to the garden party"
        let plain = try await synthesize(text, settings: SpeechSettings(voice: "en-gb"))
        let person = try await synthesize(LanguageMarks.mark(text, language: "en-gb-x-f2-p20"), settings: SpeechSettings(voice: "en-gb"))
        #expect(Self.crossings(person) > 1.15 * Self.crossings(plain), "person \(Self.crossings(person)), plain \(Self.crossings(plain))")
        let unknown = try await synthesize(LanguageMarks.mark(text, language: "en-gb-x-nosuch-p0"), settings: SpeechSettings(voice: "en-gb"))
        #expect(PCM.rms(unknown) > 0.02)
        #expect(Self.close(unknown, plain), "unknown variant \(PCM.voicedLength(unknown)), plain \(PCM.voicedLength(plain))")
    }
}
