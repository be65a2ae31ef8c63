import AccessibleControls
import Foundation
import Testing
import TranscriptTesting
import TweetEngine

@testable import LoowiApp

/// Issue 39, item 5: a live mention or direct message is announced with what it says ("Grace
/// Okafor mentioned you: are you there?"), its first 140 characters at most, a warning rather
/// than what the warning hides; `announce_words = false` keeps the names alone.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct AnnouncementWordsAppTests {
    typealias Live = LiveAppTests.Live

    static let question = FakeMastodon.Post(id: "220", author: "2", html: "<p>@ada are you there?</p>", minutesAgo: 0, mentions: ["1"])
    static let secret = FakeMastodon.Post(
        id: "221", author: "3", html: "<p>@ada The key is under the mat</p>", minutesAgo: 0, visibility: "direct", mentions: ["1"])
    static let warned = FakeMastodon.Post(
        id: "222", author: "4", html: "<p>@ada The ending: everyone dies.</p>", minutesAgo: 0, spoiler: "film spoilers", mentions: ["1"])
    static let long = FakeMastodon.Post(
        id: "223", author: "2",
        html: "<p>@ada ¿Vienes mañana a la reunión del grupo de accesibilidad? Traeremos café, galletas y un lector de pantalla nuevo para probar con todas las personas que quieran venir.</p>",
        minutesAgo: 0, mentions: ["1"], language: "es")

    /// What one event announces, once the spacing allows.
    static func announced(_ live: Live, _ notice: MastodonNotification) async -> [String] {
        await live.feed(.notification(notice))
        live.app.wait(.seconds(2))
        return live.heard()
    }

    @Test(arguments: [
        (
            Language.britishEnglish, "Grace Hopper mentioned you: are you there?", "Direct message from Linus: The key is under the mat.",
            "Content warning: film spoilers."
        ),
        (
            Language.spanish, "Grace Hopper te ha mencionado: are you there?", "Mensaje directo de Linus: The key is under the mat.",
            "Aviso de contenido: film spoilers."
        ),
    ])
    func aMentionAndADirectMessageCarryTheirWords(language: Language, mention: String, direct: String, warning: String) async {
        let live = Live(LiveAppTests.config(language))
        await live.app.open()
        _ = live.heard()
        #expect(await Self.announced(live, live.notice("40", "mention", from: "2", Self.question)) == ["sound: mention", "say (queued): \(mention)"])
        #expect(await Self.announced(live, live.notice("41", "mention", from: "3", Self.secret)).contains("say (queued): \(direct)"))
        // The words behind a warning stay behind it.
        let heard = await Self.announced(live, live.notice("42", "mention", from: "4", Self.warned))
        #expect(heard.last?.hasSuffix(warning) == true, "\(heard)")
        #expect(!heard.joined().contains("everyone dies"), "\(heard)")
    }

    @Test(arguments: [
        (Language.britishEnglish, "Grace Hopper mentioned you.", "Direct message from Linus."),
        (Language.spanish, "Grace Hopper te ha mencionado.", "Mensaje directo de Linus."),
    ])
    func theSettingOffKeepsTheNamesAlone(language: Language, mention: String, direct: String) async {
        var config = LiveAppTests.config(language)
        config.announcesWords = false
        let live = Live(config)
        await live.app.open()
        _ = live.heard()
        #expect(await Self.announced(live, live.notice("40", "mention", from: "2", Self.question)) == ["sound: mention", "say (queued): \(mention)"])
        #expect(await Self.announced(live, live.notice("41", "mention", from: "3", Self.secret)).contains("say (queued): \(direct)"))
    }

    @Test func theSettingIsInConfigAndOnTheSettingsScreen() throws {
        var config = try ConfigFile.config(from: "announce_words = false", fileName: "config.toml")
        #expect(!config.announcesWords)
        #expect(config.tomlListing.contains("announce_words = false"))
        config.announcesWords = true
        #expect(ConfigKey.onScreen.contains(.announceWords))
        #expect(ConfigKey.announceWords.spokenItem(in: config, strings: AppStrings(.britishEnglish)) == "The post's words in announcements: on")
        #expect(
            ConfigKey.announceWords.spokenItem(in: config, strings: AppStrings(.spanish)) == "Las palabras de la publicación en los avisos: activado")
    }

    /// Two mentions within the spacing are summed by name: the words of one would be unfair to the other.
    @Test func twoMentionsTogetherAreSaidByName() async {
        let live = Live()
        await live.app.open()
        _ = live.heard()
        let other = FakeMastodon.Post(id: "224", author: "3", html: "<p>@ada me too</p>", minutesAgo: 0, mentions: ["1"])
        await live.feed(.notification(live.notice("40", "mention", from: "2", Self.question)), .notification(live.notice("43", "mention", from: "3", other)))
        live.app.wait(.milliseconds(100))
        #expect(live.heard() == ["sound: mention", "say (queued): Grace Hopper and 1 other mentioned you."])
    }

    /// A Spanish post under the English interface: its words in the Spanish voice, cut at a
    /// word before 140 characters; line mode prints the same words.
    @Test func aLongPostInItsOwnLanguageIsCutAndLineModePrintsIt() async {
        let live = Live()
        live.app.lineMode = .britishEnglish
        await live.app.open()
        _ = live.heard()
        let heard = await Self.announced(live, live.notice("44", "mention", from: "2", Self.long))
        let expected =
            "Grace Hopper mentioned you: ⟨es⟩¿Vienes mañana a la reunión del grupo de accesibilidad? Traeremos café, galletas y un lector de pantalla nuevo para probar con todas las…⟨/es⟩"
        #expect(heard == ["sound: mention", "say (queued): \(expected)"])
    }

    /// The transcript a listener hears, in English and Spanish.
    @Test(arguments: [Language.britishEnglish, .spanish])
    func transcript(language: Language) async throws {
        let live = Live(LiveAppTests.config(language))
        await live.app.open()
        let start = live.app.lines.count
        for (id, from, post) in [("40", "2", Self.question), ("41", "3", Self.secret), ("42", "4", Self.warned), ("44", "2", Self.long)] {
            await live.feed(.notification(live.notice(id, "mention", from: from, post)))
            live.app.wait(.seconds(2))
        }
        let lines = live.app.lines[start...].filter { $0 != "wait" }
        try assertTranscript(lines.joined(separator: "\n") + "\n", named: "app-announcement-words-\(language == .spanish ? "spanish" : "english")")
    }
}
