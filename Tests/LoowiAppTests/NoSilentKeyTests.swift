import AccessibleControls
import Testing
import TweetEngine

@testable import LoowiApp

/// No silent key: every key answers on every screen, and in line mode a sound that comes
/// alone prints its word, so someone reading a braille display can tell "not understood"
/// from "nothing happened".
@MainActor
@Suite(.timeLimit(.minutes(5))) struct NoSilentKeyTests {
    /// Every printable ASCII character, and the named keys a keyboard has.
    static let keys: [Key] =
        (0x21...0x7E).compactMap { Key(name: String(UnicodeScalar(UInt8($0)))) }
        + ["Space", "Enter", "Escape", "Tab", "Shift-Tab", "Backspace", "Up", "Down", "Left", "Right", "Home", "End", "PageUp", "PageDown"]
        .compactMap(Key.init(name:))
        + (1...12).map { Key(.function($0)) }

    /// Every screen a person reaches, each opened from a fresh start.
    enum Place: CaseIterable, Sendable {
        case home, mentions, notifications, direct, favourites, bookmarks, sent
        case thread, posts, details, myDetails, followers, following, compose, directMessage, about, settings, accounts
    }

    static func grace(_ app: AppHarness) throws -> Account {
        let home = try #require(app.core.appScreen(at: 0) as? TimelineScreen)
        return try #require(home.posts.first { $0.displayed.account.id == "2" }?.displayed.account)
    }

    /// A new app in `language`, on `place`, with what opening it said taken away.
    static func open(_ place: Place, language: Language = .english) async throws -> AppHarness {
        var config = LoowiConfig()
        config.language = language
        let app = AppHarness(config: config)
        await app.open()
        let grace = try grace(app)
        let home = try #require(app.core.appScreen(at: 0) as? TimelineScreen)
        switch place {
        case .home: break
        case .mentions: await app.press("2")
        case .notifications: await app.press("3")
        case .direct: await app.press("4")
        case .favourites: await app.press("5")
        case .bookmarks: await app.press("6")
        case .sent: await app.press("7")
        case .thread: await app.go(to: .thread(of: try #require(home.posts.first)))
        case .posts: await app.go(to: .timeline(of: grace))
        case .details: await app.go(to: .details(grace))
        case .myDetails: await app.go(to: .details(try #require(app.core.me)))
        case .followers: await app.go(to: .followers(of: grace))
        case .following: await app.go(to: .following(of: grace))
        case .compose: await app.go(to: .compose(.new))
        case .directMessage: await app.go(to: .directMessage(to: grace))
        case .about: await app.go(to: .about)
        case .settings: await app.go(to: .settings)
        case .accounts:
            app.core.account = Credentials(server: FakeMastodon.server, accessToken: "t", accountID: "1", username: "ada")
            await app.go(to: .accounts)
        }
        _ = app.heard()
        return app
    }

    /// Each key, pressed on each screen from a fresh start, is answered: something is said
    /// or a sound plays; and in line mode something is printed, a word when the answer is a
    /// sound alone.
    @Test(arguments: Place.allCases)
    func everyKeyAnswers(on place: Place) async throws {
        for key in Self.keys {
            let heard = try await Self.open(place)
            await heard.press(key: key)
            let answer = heard.heard()
            // Hush (F4) answers by stopping speech: the silence is the answer.
            #expect(answer.contains { $0.hasPrefix("say") || $0.hasPrefix("sound") || $0 == "hush" }, "\(place): \(key.name) is silent")

            let line = try await Self.open(place)
            line.lineMode = .english
            await line.press(key: key)
            let printed = line.heard().filter { $0.hasPrefix("say") || $0.hasPrefix("print") }
            #expect(!printed.isEmpty, "\(place): \(key.name) prints nothing in line mode: \(answer)")
            if !answer.contains(where: { $0.hasPrefix("say") }), answer.contains(where: { $0.hasPrefix("sound") }) {
                #expect(printed.contains { $0.hasPrefix("print: [") }, "\(place): \(key.name), a sound alone, prints no word: \(answer)")
            }
        }
    }

    @Test func anUnboundKeyOnTheTimelinePrintsNoActionInEnglishAndSpanish() async throws {
        for (language, word) in [(Language.english, "[no action]"), (.spanish, "[sin acción]"), (.catalan, "[sense acció]")] {
            let app = try await Self.open(.home, language: language)
            app.lineMode = language
            await app.press("z")
            #expect(app.heard() == ["sound: soft-error", "print: \(word)"], "\(language)")
            // Not in full-screen mode: the sound is enough there.
            app.lineMode = nil
            await app.press("z")
            #expect(app.heard() == ["sound: soft-error"], "\(language)")
        }
    }

    @Test func theEdgesOfAListPrintTopAndEnd() async throws {
        let app = try await Self.open(.home)
        app.lineMode = .english
        await app.press("Up")
        #expect(app.heard() == ["sound: boundary", "print: [top]", "say: Grace Hopper. Compilers are fun. 5 minutes ago"])
        await app.press("End")
        let end = app.heard()
        #expect(end.prefix(2) == ["sound: boundary", "print: [end]"], "\(end)")

        let spanish = try await Self.open(.home, language: .spanish)
        spanish.lineMode = .spanish
        await spanish.press("Up")
        #expect(spanish.heard().prefix(2) == ["sound: boundary", "print: [principio]"])
        await spanish.press("End")
        #expect(spanish.heard().prefix(2) == ["sound: boundary", "print: [final]"])
    }

    /// A sound that comes with its own sentence prints no word: the sentence says it.
    @Test func aSoundWithItsOwnSentencePrintsNoWord() async throws {
        let app = try await Self.open(.home)
        app.lineMode = .english
        await app.press("b")
        let boost = app.heard()
        #expect(boost.contains("sound: boost"), "\(boost)")
        #expect(boost.contains("say: Boosted."), "\(boost)")
        #expect(!boost.contains { $0.hasPrefix("print") }, "\(boost)")
    }

    @Test func soundWordsTurnOffInConfig() async throws {
        // `sound_words = false` reaches the screen loop, which then prints no word at all.
        var config = LoowiConfig()
        #expect(config.soundWords)
        config = try ConfigFile.config(from: "sound_words = false", fileName: "config.toml")
        #expect(!config.soundWords)
        #expect(config.tomlListing.contains("sound_words = false"))
    }

    /// Up and Down on a screen without a list move focus like Tab and Shift-Tab.
    @Test func upAndDownMoveFocusOnUserDetails() async throws {
        let app = try await Self.open(.details)
        app.lineMode = .english
        await app.press("Down")
        // The text hint was said with the first text on the screen: not again.
        #expect(app.heard() == ["sound: focus", "say: Name, text, Grace Hopper."])
        await app.press("Up", "Up")
        #expect(app.heard() == [
            "sound: focus", "say: Handle, text, @grace.", "sound: wrap", "print: [wrapped]", "sound: focus",
            "say: New post mentioning them, button. Enter or Space activates.",
        ])

        let spanish = try await Self.open(.details, language: .spanish)
        spanish.lineMode = .spanish
        await spanish.press("Down")
        let said = spanish.heard()
        #expect(said.first == "sound: focus")
        #expect(said.last?.hasPrefix("say: Nombre, texto, Grace Hopper.") == true, "\(said)")
        await spanish.press("Up", "Up")
        #expect(spanish.heard().contains("print: [vuelta]"))
    }
}
