import Testing

@testable import SpeechAudio

/// What a start keeps of eSpeak NG's voices for the next (`RememberedVoices`): read back as
/// written; a damaged file is no memo, or loses only what is damaged.
@Suite(.timeLimit(.minutes(5))) struct RememberedVoicesTests {
    static let english = Voice(name: "English (Great Britain)", identifier: "gmw/en", languages: ["en-gb", "en"])
    static let spanish = Voice(name: "Spanish (Spain)", identifier: "roa/es", languages: ["es"])

    @Test func theVoicesAndChoicesAreReadBackAsWritten() throws {
        let memo = RememberedVoices(
            signature: "espeak-ng 1.51 /data 1.0 2.0", installed: [Self.english, Self.spanish],
            chosen: ["en-gb": Self.english, "english (great britain)": Self.english, "es": Self.spanish])
        let read = try #require(RememberedVoices(text: memo.text))
        #expect(read == memo)
    }

    @Test func textThatIsNoMemoIsNone() {
        #expect(RememberedVoices(text: "") == nil)
        #expect(RememberedVoices(text: "\u{0}\u{1}binary\tjunk\n") == nil)
        // A signature alone lists no voice: nothing to use.
        #expect(RememberedVoices(text: "espeak-ng 1.51 /data 1.0 2.0\n") == nil)
    }

    @Test func aDamagedLineIsLeftOutAndAChoiceOfAnUnlistedVoiceWithIt() throws {
        let text = """
            espeak-ng 1.51 /data 1.0 2.0
            voice\tgmw/en\tEnglish (Great Britain)\ten-gb en
            voice\tbroken
            chose\ten-gb\tgmw/en
            chose\tes\troa/es
            something else
            """
        let read = try #require(RememberedVoices(text: text))
        #expect(read.installed == [Self.english])
        #expect(read.chosen == ["en-gb": Self.english])
    }

    @Test func aVoiceALineCannotHoldIsNotWritten() throws {
        let odd = Voice(name: "Two\tfields", identifier: "x/odd", languages: ["xx"])
        let memo = RememberedVoices(signature: "s", installed: [Self.english, odd], chosen: ["xx": odd, "en-gb\n": Self.english])
        let read = try #require(RememberedVoices(text: memo.text))
        #expect(read.installed == [Self.english])
        #expect(read.chosen.isEmpty)
    }
}
