import AccessibleControls
import Testing
import TranscriptTesting
import TweetEngine

@testable import LoowiApp

/// Issue 35, item 4 (and item 14's "following someone already followed says so"): a person in
/// a list of people or in search results says how you and they stand ("Linus, @linus, you
/// follow them, follows you"); f on someone you follow asks first, Enter unfollows and any
/// other key says it was cancelled with nothing sent; f on someone the list thought you did
/// not follow, but whom you do, says so and sends nothing.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct PeopleRelationshipTests {
    /// Grace's followers: Ada (you), Linus (you follow each other), Carme (you do not follow
    /// her, though the server will say you do by the time f is pressed).
    static func gracesFollowers(_ app: AppHarness) async {
        app.server.state.withLock {
            $0.followedBy.insert("3")
            _ = $0.following.remove("4")
        }
        await app.open()
        await app.press("d")  // Grace's details
        for _ in 0..<7 { await app.press("Tab") }  // Followers
        await app.press("Enter")
    }

    /// The requests that change a relationship, in order.
    static func changes(_ app: AppHarness) -> [String] {
        app.requests.filter { $0.hasSuffix("/follow") || $0.hasSuffix("/unfollow") }
    }

    @Test(arguments: [Language.britishEnglish, .spanish])
    func aListSaysTheRelationshipAndFAsksBeforeUnfollowing(language: Language) async throws {
        let app = AppHarness(language: language)
        await Self.gracesFollowers(app)
        await app.press("Down")  // Linus
        await app.press("f")  // asks
        await app.press("Escape")  // cancelled: nothing sent
        #expect(Self.changes(app).isEmpty)
        await app.press("f", "Enter")  // unfollows
        #expect(Self.changes(app) == ["POST /api/v1/accounts/3/unfollow"])
        await app.press("Up", "Down")  // the item says the new state
        await app.press("f")  // follows again at once: nothing to ask
        #expect(Self.changes(app) == ["POST /api/v1/accounts/3/unfollow", "POST /api/v1/accounts/3/follow"])
        // Carme was followed from elsewhere after the list loaded: f says so, sends nothing.
        app.server.state.withLock { _ = $0.following.insert("4") }
        await app.press("Down", "f")
        await app.press("Up", "Down")
        #expect(Self.changes(app).count == 2)
        try assertTranscript(app.transcript, named: language == .spanish ? "app-people-spanish" : "app-people-english")
    }

    @Test func anItemSaysBothWaysAndTheQuestionIsAsked() async {
        let app = AppHarness()
        await Self.gracesFollowers(app)
        #expect(app.said().last == "say: Grace Hopper's followers. People, list, Ada Lovelace, @ada, 1 of 3. Down and Up move through the people. Enter opens their details.")
        await app.press("Down")
        #expect(app.said() == ["say: Linus, @linus, you follow them, follows you, 2 of 3"])
        await app.press("f")
        #expect(app.said() == ["say: Stop following Linus? Enter: yes. Any other key: no."])
        await app.press("Escape")
        #expect(app.said() == ["say: Cancelled: you still follow Linus."])
        // The question is gone: the next key does what it always does.
        await app.press("Down")
        #expect(app.said() == ["say: Carme Riera, @carme, 3 of 3"])
        #expect(Self.changes(app).isEmpty)
        #expect(app.server.state.withLock { $0.following.contains("3") })
        // One request brought everyone's relationship, not one per person.
        #expect(app.requests.filter { $0 == "GET /api/v1/accounts/relationships" }.count == 2)  // details, list
    }

    @Test func anyOtherKeyCancelsAndIsNotAlsoActedOn() async {
        let app = AppHarness()
        await Self.gracesFollowers(app)
        await app.press("Down", "f")
        _ = app.said()
        await app.press("Down")
        #expect(app.said() == ["say: Cancelled: you still follow Linus."])
        #expect(app.core.navigator.current.focus.focused is Wheel)
        #expect((app.core.appScreen(at: 2) as? PeopleListScreen)?.current?.id == "3")
        #expect(Self.changes(app).isEmpty)
    }

    @Test func aFollowRequestIsWithdrawnOnlyAfterAsking() async {
        let app = AppHarness()
        app.server.state.withLock {
            _ = $0.following.remove("4")
            _ = $0.requested.insert("4")
        }
        await app.open()
        await app.press("d")
        for _ in 0..<7 { await app.press("Tab") }
        await app.press("Enter", "End")
        #expect(app.said().last == "say: Carme Riera, @carme, you asked to follow them, 3 of 3")
        await app.press("f")
        #expect(app.said() == ["say: Withdraw your follow request to Carme Riera? Enter: yes. Any other key: no."])
        await app.press("Enter")
        #expect(app.said().contains("say: Follow request to Carme Riera withdrawn."))
        #expect(app.server.state.withLock { $0.requested }.isEmpty)
    }

    @Test func fInSearchResultsFollowsAndAsksBeforeUnfollowing() async {
        let app = AppHarness()
        await app.open()
        await app.press("s")
        await app.type("linus")
        await app.press("Enter")
        #expect(app.said().last == "say: Search: linus. Person: Linus, @linus, you follow them, 1 of 1")
        await app.press("f")
        #expect(app.said() == ["say: Stop following Linus? Enter: yes. Any other key: no."])
        await app.press("Enter")
        #expect(app.said().contains("say: Stopped following Linus."))
        #expect((app.core.navigator.current.focus.focused as? Wheel)?.currentItem == "Person: Linus, @linus")
        await app.press("f")
        #expect(app.said().contains("say: Now following Linus."))
        #expect(Self.changes(app) == ["POST /api/v1/accounts/3/unfollow", "POST /api/v1/accounts/3/follow"])
    }

    @Test func theCommandLineFollowUsesTheSameCheck() async throws {
        let app = AppHarness()
        let result = try await app.engine.startFollowing("2")
        #expect(result == .alreadyFollowing(result.relationship))
        #expect(Self.changes(app).isEmpty)
        #expect(result.spoken(in: .spanish) == "Ya sigues a esta persona; no ha cambiado nada.")
    }
}
