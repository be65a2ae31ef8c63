import AccessibleControls
import Foundation
import Testing
import TranscriptTesting
import TweetEngine

@testable import LoowiApp

/// The audio glance (issue 15, item 5): at expert verbosity each post reached starts with its
/// glance, which replaces the words "boosted", "in reply to" and "direct message"; at the other
/// levels it is off unless their setting turns it on; line mode keeps the words.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct GlanceAppTests {
    static func harness(_ language: Language, verbosity: Verbosity = .expert, display: DisplayMode = .full) -> AppHarness {
        var config = LoowiConfig()
        config.language = language
        config.verbosity = verbosity
        config.display = display
        let app = AppHarness(config: config)
        app.server.state.withLock {
            $0.newPosts = [
                FakeMastodon.Post(id: "108", author: "2", html: "<p>@ada See you at six.</p>", minutesAgo: 1, visibility: "direct", mentions: ["1"]),
                FakeMastodon.Post(
                    id: "107", author: "3", html: "<p>Which day suits?</p>", minutesAgo: 2, poll: FakeMastodon.PollSpec(options: ["Monday", "Friday"])),
                FakeMastodon.Post(id: "106", author: "3", html: "<p>Agreed, they are.</p>", minutesAgo: 3, inReplyTo: "105"),
            ]
        }
        return app
    }

    @Test(arguments: [Language.britishEnglish, .spanish])
    func atExpertEachPostStartsWithItsGlanceInsteadOfTheWords(language: Language) async throws {
        let app = Self.harness(language)
        await app.open()
        // The direct message, the poll, the reply, Grace's post, the warning, the boost.
        await app.press("Down", "Down", "Down", "Down", "Down", "Up")
        try assertTranscript(app.transcript, named: language == .spanish ? "app-glance-spanish" : "app-glance-english")
        let heard = app.transcript
        #expect(heard.contains("glance: reply, short"))
        #expect(heard.contains("glance: boost, short"))
        #expect(heard.contains("glance: warning, short"))
        #expect(!heard.contains("boosted") && !heard.contains("In reply to") && !heard.contains("impulsó") && !heard.contains("En respuesta"))
    }

    /// Opens the timeline and goes down to Linus's reply; what was heard on the way.
    private static func downToTheReply(_ app: AppHarness) async -> [String] {
        await app.open()
        _ = app.heard()
        await app.press("Down", "Down", "Down")
        return app.heard()
    }

    @Test func atBeginnerTheWordsStayAndNoGlanceIsPlayedUntilItsSettingSaysSo() async throws {
        let app = Self.harness(.britishEnglish, verbosity: .beginner)
        var heard = await Self.downToTheReply(app)
        #expect(!heard.contains { $0.hasPrefix("glance:") }, "\(heard)")
        #expect(heard.contains { $0.contains("Linus. In reply to Grace Hopper. Agreed, they are.") }, "\(heard)")
        // glance_beginner on: the reply, reached again, starts with its glance, without the words.
        app.core.config.glances.insert(.beginner)
        await app.press("Up")
        heard = app.heard()
        #expect(heard.contains("glance: reply, short"), "\(heard)")
        #expect(heard.contains { $0.hasPrefix("say: Linus. Agreed, they are.") }, "\(heard)")
    }

    @Test func aDirectMessagesGlanceTakesTheDirectMessageSoundsPlace() async throws {
        let app = Self.harness(.britishEnglish)
        await app.open()
        await app.press("Down", "Up")
        let heard = app.heard()
        #expect(heard.contains("glance: direct, short"), "\(heard)")
        #expect(!heard.contains("sound: direct-message"), "\(heard)")
        #expect(!heard.contains { $0.contains("Direct message.") }, "\(heard)")
    }

    @Test func lineModeKeepsTheWordsForTheBrailleLine() async throws {
        let heard = await Self.downToTheReply(Self.harness(.britishEnglish, display: .line))
        #expect(!heard.contains { $0.hasPrefix("glance:") }, "\(heard)")
        #expect(heard.contains { $0.contains("In reply to Grace Hopper") }, "\(heard)")
    }

    @Test func settingsHaveOneGlanceSwitchForEachLevel() throws {
        var config = LoowiConfig()
        #expect(config.glances == [.expert])
        try ConfigKey.glanceBeginner.apply(.boolean(true), to: &config)
        try ConfigKey.glanceExpert.apply(.boolean(false), to: &config)
        #expect(config.glances == [.beginner])
        #expect(ConfigKey.onScreen.contains(.glanceIntermediate))
    }
}
