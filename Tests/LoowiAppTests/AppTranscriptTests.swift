import AccessibleControls
import Foundation
import Testing
import TranscriptTesting

@testable import LoowiApp

/// Whole sessions as a listener hears them, checked in under Tests/Transcripts: a changed
/// transcript is a changed user experience, to be reviewed like code.
@MainActor
@Suite("App transcripts") struct AppTranscriptTests {
    @Test func aSessionInEnglish() async throws {
        let app = AppHarness()
        await app.open()
        // F1 opens the help as a list: step through it, then Escape back to the same post.
        await app.press("F1", "Down", "Down", "End", "Escape")
        await app.press("Down", "Tab", "Tab", "Tab", "Shift-Tab", "Shift-Tab", "Shift-Tab", "w", "d", "Escape", "F8", "F5", "Escape")
        await app.press("F10", "Escape")
        try assertTranscript(app.transcript, named: "app-session-english")
    }

    @Test func aSessionInSpanishWithAnExpertVerbosity() async throws {
        var config = LoowiConfig()
        config.language = .spanish
        config.verbosity = .expert
        let app = AppHarness(config: config)
        await app.open()
        await app.press("Down", "e", "b", "r")
        await app.type("Vale")
        await app.press("Escape", "m")
        try assertTranscript(app.transcript, named: "app-session-spanish-expert")
        #expect(config.speechSettings.voice == "es")
    }
}
