import AccessibleControls
import Foundation
import Testing
import TranscriptTesting

@testable import LoowiApp

/// Whole sessions as a listener hears them, checked in under Tests/Transcripts: a changed
/// transcript is a changed user experience, to be reviewed like code.
@MainActor
@Suite("App transcripts", .timeLimit(.minutes(5))) struct AppTranscriptTests {
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

    /// Issue 15: hashtags heard as words with the closing block said once, an emoji run
    /// counted yet reached emoji by emoji with Space, styled letters read plain with one cue,
    /// a custom emoji read as words, a Spanish post's tags cut with the Spanish list.
    @Test(arguments: [Language.britishEnglish, .spanish])
    func postsWithHashtagsEmojiAndStyledLetters(language: Language) async throws {
        let app = Self.withListenersPosts(AppHarness(language: language))
        await app.open()
        await app.press("Down", "Down", "Up", "Up", "Tab", "Tab", "Tab")
        await app.press("Space", "Space", "Space", "Space", "Space", "Space", "Space", "Space", "Space", "Enter")
        try assertTranscript(app.transcript, named: language == .spanish ? "app-listening-spanish" : "app-listening-english")
    }

    static func withListenersPosts(_ app: AppHarness) -> AppHarness {
        func tag(_ name: String) -> String {
            #"<a href="https://fake.social/tags/\#(name)" class="mention hashtag" rel="tag">#<span>\#(name)</span></a>"#
        }
        app.server.state.withLock {
            $0.newPosts = [
                FakeMastodon.Post(
                    id: "110", author: "2",
                    html: "<p>Sea walk 🌊🌊🌊☀️🐕 with \(tag("dogsofmastodon")) friends :blob_cat:</p><p>\(tag("photooftheday")) \(tag("SilentSunday"))</p>",
                    minutesAgo: 1, language: "en", customEmoji: ["blob_cat"]),
                FakeMastodon.Post(
                    id: "109", author: "4", html: "<p>¡Feliz día! 🌹 \(tag("diadelamadre")) \(tag("feliznavidad"))</p>", minutesAgo: 2,
                    language: "es"),
                FakeMastodon.Post(
                    id: "108", author: "3", html: "<p>𝓣𝓱𝓲𝓼 𝓲𝓼 𝓯𝓪𝓷𝓬𝔂 and this is not. Hello \(tag("macron")).</p>", minutesAgo: 3,
                    language: "en"),
            ]
        }
        return app
    }
}
