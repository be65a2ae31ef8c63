import AccessibleControls
import Testing

@testable import LoowiApp

/// After an action the post says its new state everywhere (issue 35, item 14): a vote is heard
/// in Home, a boost taken back is no longer "You boosted", and a conversation whose last
/// message is yours is not unread.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ActionStateTests {
    typealias Post = FakeMastodon.Post

    @Test(arguments: [(Language.britishEnglish, "You voted: Coffee."), (Language.spanish, "Votaste: Coffee.")])
    func aVoteIsHeardInHomeAfterwards(language: Language, voted: String) async {
        let app = PostViewTests.withPosts(AppHarness(language: language))
        await app.open()
        await app.press("Down", "Down", "Enter")
        await app.press(Array(repeating: "Down", count: 7))
        await app.press("Enter")
        #expect(app.server.state.withLock { $0.votes } == ["p108": [1]])
        _ = app.said()
        await app.press("Escape")
        let said = app.said().joined(separator: " ")
        #expect(said.contains("Tea or coffee?") && said.contains(voted), "\(said)")
    }

    /// Your own boost, focused in Home, taken back with b: the item reads as the post itself.
    @Test(arguments: [(Language.britishEnglish, "Grace Hopper. Worth reading."), (Language.spanish, "Grace Hopper. Worth reading.")])
    func aBoostTakenBackLeavesHome(language: Language, plain: String) async {
        let app = AppHarness(language: language)
        app.server.state.withLock {
            $0.newPosts = [Post(id: "160", author: "2", html: "<p>Worth reading.</p>", minutesAgo: 1, boostOf: "1")]
            $0.reblogged = ["160"]
        }
        await app.open()
        #expect(app.said().last?.contains("Worth reading.") == true)
        await app.press("b")
        #expect(app.server.state.withLock { $0.reblogged }.isEmpty)
        await app.press("Down", "Up")
        let said = app.said().last ?? ""
        #expect(said.contains(plain), "\(said)")
        #expect(!said.contains("Ada"), "the user's own name, as the booster, is gone: \(said)")
    }

    /// The fake server's other conversations hold one unread: the count stays 1.
    @Test(arguments: [
        (Language.britishEnglish, "say: Direct messages, 1 new. With Grace Hopper. You wrote: @grace See you then."),
        (Language.spanish, "say: Mensajes directos, 1 sin leer. Con Grace Hopper. Escribiste: @grace See you then."),
    ])
    func aConversationWhoseLastMessageIsYoursIsNotUnread(language: Language, expected: String) async {
        let app = AppHarness(language: language)
        app.server.state.withLock {
            $0.newConversations = [
                FakeMastodon.Talk(
                    id: "c9", unread: true, with: ["2"],
                    last: Post(id: "409", author: "1", html: "<p>@grace See you then.</p>", minutesAgo: 2, visibility: "direct", mentions: ["2"]))
            ]
        }
        await app.open()
        _ = app.said()
        await app.press("4")
        let said = app.said().last ?? ""
        #expect(said.hasPrefix(expected), "\(said)")
    }

    /// Grace changes her display name; a refresh that brings one new post of hers (only what
    /// is newer, as a server with `prev` links answers) renames her older posts too, and her
    /// boost.
    @Test(arguments: [(Language.britishEnglish, "boosted"), (Language.spanish, "impulsó")])
    func aChangedDisplayNameIsHeardOnOlderPostsAfterARefresh(language: Language, boosted: String) async {
        let app = AppHarness(language: language)
        app.server.state.withLock { $0.repeatsNewest = true }
        await app.open()
        _ = app.said()
        app.server.renamed.withLock { $0["2"] = "Grace B. Hopper" }
        app.server.state.withLock { $0.newPosts = [Post(id: "106", author: "2", html: "<p>New name.</p>", minutesAgo: 1)] }
        await app.press("u", "Down", "Down", "Down")
        let said = app.said()
        let boost = said[said.count - 2], older = said[said.count - 1]
        #expect(boost.contains(boosted) && boost.contains("Grace B. Hopper"), "\(boost)")
        #expect(older.contains("Grace B. Hopper. Hello @ada"), "\(older)")
        #expect(!said.joined().contains("Grace Hopper"), "\(said)")
    }
}
