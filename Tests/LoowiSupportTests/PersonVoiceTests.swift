import LoowiSupport
import Testing

/// Voices for people (issue 15, item 6): a voice derived from a handle is the same on every
/// run and machine, people get different ones, and the mark's code carries it intact.
@Suite(.timeLimit(.minutes(5))) struct PersonVoiceTests {
    @Test func aHandlesVoiceIsStableAndIgnoresCaseAndTheLeadingAt() {
        let grace = PersonVoice.derived(from: "grace@fake.social")
        #expect(PersonVoice.derived(from: "@Grace@Fake.Social") == grace)
        // Fixed here (worked out apart, in Python) so a change of the hash, which would give
        // everyone a new voice, is seen.
        #expect(grace.code == "x-m6-n6")
        #expect(PersonVoice.derivedVariants.contains(grace.variant))
        #expect((-12...12).contains(grace.pitchOffset) && grace.pitchOffset % 3 == 0)
        #expect(PersonVoice.derived(from: "lucia@example.social").setting == "m1 +12")
        #expect(PersonVoice.derived(from: "jordi@example.social").setting == "f4")
    }

    @Test func manyPeopleSpreadOverTheVariantsAndPitches() {
        let voices = (0..<200).map { PersonVoice.derived(from: "person\($0)@example.social") }
        #expect(Set(voices.map(\.variant)).count == PersonVoice.derivedVariants.count)
        #expect(Set(voices.map(\.pitchOffset)).count == 9)
        #expect(Set(voices).count > 80)
    }

    @Test func theCodeRoundTripsInsideALanguageMark() {
        let voice = PersonVoice(variant: "f2", pitchOffset: -6)!
        #expect(voice.code == "x-f2-n6")
        let (language, back) = PersonVoice.split("pt-br-" + voice.code)
        #expect(language == "pt-br")
        #expect(back == voice)
        #expect(PersonVoice.split("es").voice == nil)
        #expect(PersonVoice.split("es").language == "es")
        // Marked text keeps the whole code, which the synthesiser splits.
        let marked = LanguageMarks.mark("Hola", language: "es-" + voice.code)
        #expect(LanguageMarks.runs(in: marked) == [LanguageMarks.Run(language: "es-x-f2-n6", text: "Hola")])
    }

    @Test func aChosenVoiceIsAVariantAndMaybeASignedPitchChange() {
        #expect(PersonVoice(setting: "f2") == PersonVoice(variant: "f2"))
        #expect(PersonVoice(setting: "m3 +10")?.pitchOffset == 10)
        #expect(PersonVoice(setting: "klatt -5")?.code == "x-klatt-n5")
        #expect(PersonVoice(setting: "m3 +10")?.setting == "m3 +10")
        for bad in ["", "m3 10", "m3 +ten", "m3 +50", "../../etc", "m 3", "m3 +1 +2", "a-b"] {
            #expect(PersonVoice(setting: bad) == nil, "\(bad)")
        }
    }
}
