import AccessibleControls
import Foundation
import LoowiSupport
import Testing
import TranscriptTesting
import TweetEngine

@testable import LoowiApp

/// Voices for people (issue 15, item 6): opt-in; each author's words in their own voice (the
/// speech log shows the mark, ⟨en-gb-x-m6-n6⟩ for Grace), the names and times in the
/// interface's; a voice chosen in config.toml's `[voices]` table wins.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct PersonVoicesAppTests {
    @Test(arguments: [Language.britishEnglish, .spanish])
    func eachAuthorSpeaksInTheirOwnVoiceWhenChosen(language: Language) async throws {
        var config = LoowiConfig()
        config.language = language
        config.voicesForPeople = true
        config.personVoices = ["linus": PersonVoice(variant: "m7", pitchOffset: -20)!]
        let app = AppHarness(config: config)
        await app.open()
        await app.press("Down", "Down", "Down")
        try assertTranscript(app.transcript, named: language == .spanish ? "app-person-voices-spanish" : "app-person-voices-english")
        #expect(app.transcript.contains("⟨\(language == .spanish ? "es" : "en-gb")-x-m7-n20⟩long rant"))
        // Grace's voice is made from her handle: m3, 9 higher (worked out apart, in Python).
        #expect(app.transcript.contains("⟨\(language == .spanish ? "es" : "en-gb")-x-m3-p9⟩Compilers are fun."))
    }

    @Test func offByDefaultNothingIsMarked() async throws {
        let app = AppHarness(config: LoowiConfig())
        await app.open()
        await app.press("Down")
        #expect(!app.transcript.contains("-x-"))
    }

    @Test func theVoicesTableIsReadAndABadVoiceIsNamedWithItsLine() throws {
        let config = try ConfigFile.config(
            from: "voices_for_people = true\n\n[voices]\n\"@Grace@fake.social\" = \"f2 +6\"\n", fileName: "config.toml")
        #expect(config.voicesForPeople)
        #expect(config.personVoices == ["grace@fake.social": PersonVoice(variant: "f2", pitchOffset: 6)!])
        #expect(config.tomlListing.contains("[voices]\n\"grace@fake.social\" = \"f2 +6\""))
        #expect(throws: ConfigError.self) { try ConfigFile.config(from: "[voices]\ngrace = \"f2 loud\"\n", fileName: "config.toml") }
        do {
            _ = try ConfigFile.config(from: "[voices]\ngrace = 3\n", fileName: "config.toml")
        } catch {
            #expect(error.description.hasPrefix("config.toml line 2: the voice for grace must be an eSpeak NG variant in quotes"), "\(error)")
        }
    }
}
