import AccessibleControls
import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

/// Direct messages outside their buffer and replies to them (issue 10, item 4): a reply to a
/// direct post stays direct and addresses every participant, from home or from a conversation;
/// a direct post reached in home says so and plays the direct-message sound.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct DirectReplyAppTests {
    /// Grace writes to Ada and Linus: a direct post, newest in home.
    static let lunch = FakeMastodon.Post(
        id: "106", author: "2", html: "<p>@ada @linus Lunch on Friday?</p>", minutesAgo: 1, visibility: "direct", mentions: ["1", "3"])
    /// A group conversation with Grace and Linus, whose last message (Linus's) names only Ada.
    static let group = FakeMastodon.Talk(
        id: "c0", unread: true, with: ["2", "3"],
        last: FakeMastodon.Post(id: "402", author: "3", html: "<p>@ada Count me in.</p>", minutesAgo: 3, visibility: "direct", mentions: ["1"]))

    /// What the text field adds at the beginner verbosity.
    static let fieldHint = " Type to write. Left and Right move the cursor, Alt-b and Alt-f by word, Home and End to the ends."
    static let fieldHintSpanish = " Escribe. Izquierda y Derecha mueven el cursor, Alt-b y Alt-f por palabras, Inicio y Fin a los extremos."

    static func app(_ language: Language = .britishEnglish) -> AppHarness {
        var config = LoowiConfig()
        config.language = language
        let app = AppHarness(config: config)
        app.server.state.withLock {
            $0.newPosts = [lunch]
            $0.newConversations = [group]
        }
        return app
    }

    static func sounds(_ app: AppHarness, since line: Int) -> [String] {
        app.lines[line...].filter { $0.hasPrefix("    sound") }.map { String($0.dropFirst(4)) }
    }

    // MARK: Replying to a direct post from home

    @Test func aReplyToADirectPostInHomeAddressesEveryoneAndGoesOutDirect() async {
        let app = Self.app()
        await app.open()
        _ = app.said()
        await app.press("r")
        #expect(app.said() == ["say: Direct reply to Grace Hopper and linus. Post text, text field, @grace @linus , cursor at end.\(Self.fieldHint)"])
        await app.type("Yes, at one.")
        await app.tabToSend()
        _ = app.said()
        await app.press("Enter")
        #expect(app.said().contains("say (important): Sent, direct: only the people mentioned."))
        let posted = app.server.state.withLock { $0.posted }
        #expect(posted.count == 1)
        #expect(posted.first?["status"] == "@grace @linus Yes, at one.")
        #expect(posted.first?["visibility"] == "direct")
        #expect(posted.first?["in_reply_to_id"] == "106")
    }

    @Test func aReplyToADirectPostInHomeInSpanish() async {
        let app = Self.app(.spanish)
        await app.open()
        _ = app.said()
        await app.press("r")
        #expect(app.said() == ["say: Respuesta directa a Grace Hopper y linus. Texto de la publicación, campo de texto, @grace @linus , cursor al final.\(Self.fieldHintSpanish)"])
        await app.type("Sí, a la una.")
        await app.tabToSend()
        await app.press("Enter")
        let posted = app.server.state.withLock { $0.posted }
        #expect(posted.first?["status"] == "@grace @linus Sí, a la una.")
        #expect(posted.first?["visibility"] == "direct")
    }

    /// A reply to a public post is what it was: "Reply to", with the account's own default.
    @Test func aReplyToAPublicPostIsNotMadeDirect() async {
        let app = Self.app()
        await app.open()
        await app.press("Down")
        _ = app.said()
        await app.press("r")
        #expect(app.said() == ["say: Reply to Grace Hopper. Post text, text field, @grace , cursor at end.\(Self.fieldHint)"])
        await app.type("Agreed")
        await app.tabToSend()
        await app.press("Enter")
        #expect(app.server.state.withLock { $0.posted }.first?["visibility"] == "public")
    }

    // MARK: Replying from the Direct messages buffer

    @Test func rOnAConversationRepliesDirectlyToEveryoneInIt() async {
        let app = Self.app()
        await app.open()
        await app.press("4")
        #expect(
            app.said().last
                == "say: Direct messages, 2 new. With Grace Hopper and Linus, unread. Linus wrote: @ada Count me in. 3 minutes ago, 1 of 3")
        await app.press("r")
        // Linus's last message named only Ada: Grace is in the conversation, so she is addressed too.
        #expect(app.said() == ["say: Direct reply to Linus and Grace Hopper. Post text, text field, @linus @grace , cursor at end.\(Self.fieldHint)"])
        await app.type("See you there")
        await app.tabToSend()
        _ = app.said()
        await app.press("Enter")
        #expect(app.said().contains("say (important): Sent, direct: only the people mentioned."))
        let posted = app.server.state.withLock { $0.posted }
        #expect(posted.first?["status"] == "@linus @grace See you there")
        #expect(posted.first?["visibility"] == "direct")
        #expect(posted.first?["in_reply_to_id"] == "402")
        // Back on the conversations, where it was.
        #expect(app.core.navigator.stack.count == 1)
        #expect(app.core.buffers.current == .fixed(.directMessages))
    }

    @Test func rOnAConversationInSpanish() async {
        let app = Self.app(.spanish)
        await app.open()
        await app.press("4")
        _ = app.said()
        await app.press("r")
        #expect(app.said() == ["say: Respuesta directa a Linus y Grace Hopper. Texto de la publicación, campo de texto, @linus @grace , cursor al final.\(Self.fieldHintSpanish)"])
        await app.type("Allí estaré")
        await app.tabToSend()
        await app.press("Enter")
        let posted = app.server.state.withLock { $0.posted }
        #expect(posted.first?["status"] == "@linus @grace Allí estaré")
        #expect(posted.first?["visibility"] == "direct")
    }

    /// A conversation is direct whatever its last post claims (a server that lost the field).
    @Test func aConversationsReplyIsDirectEvenWhenItsPostSaysOtherwise() async {
        let app = AppHarness()
        var talk = Self.group
        talk.last?.visibility = "public"
        app.server.state.withLock { $0.newConversations = [talk] }
        await app.open()
        await app.press("4", "r")
        await app.type("Hi")
        await app.tabToSend()
        await app.press("Enter")
        #expect(app.server.state.withLock { $0.posted }.first?["visibility"] == "direct")
    }

    @Test func aConversationWithoutAMessageHasNothingToAnswer() async {
        let app = Self.app()
        await app.open()
        await app.press("4", "End")
        _ = app.said()
        await app.press("r")
        #expect(app.said() == ["say: This conversation has no message to answer."])
        #expect(app.core.navigator.stack.count == 1)
        let spanish = Self.app(.spanish)
        await spanish.open()
        await spanish.press("4", "End")
        _ = spanish.said()
        await spanish.press("r")
        #expect(spanish.said() == ["say: Esta conversación no tiene ningún mensaje al que responder."])
    }

    // MARK: The draft and the outbox keep it direct

    /// Refused by the server, the reply waits in the outbox still direct, with every handle;
    /// Send again delivers it as it was.
    @Test func aFailedDirectReplyWaitsDirectWithItsMentions() async {
        let app = Self.app()
        await app.open()
        await app.press("r")
        await app.type("Yes")
        app.server.state.withLock { $0.failures["/api/v1/statuses"] = 503 }
        await app.tabToSend()
        await app.press("Enter")
        let waiting = app.core.outbox.all
        #expect(waiting.count == 1)
        #expect(waiting.first?.draft.visibility == .direct)
        #expect(waiting.first?.draft.text == "@grace @linus Yes")
        #expect(waiting.first?.draft.inReplyToID == "106")
        #expect(app.core.drafts.draft(for: "reply:106")?.attempt?.visibility == .direct)
        await app.press("Enter")
        let posted = app.server.state.withLock { $0.posted }
        #expect(posted.count == 1)
        #expect(posted.first?["visibility"] == "direct")
        #expect(posted.first?["status"] == "@grace @linus Yes")
    }

    /// Left as a draft and opened again, the reply comes back with its handles and still goes direct.
    @Test func aDirectReplyKeptAsADraftStaysDirect() async {
        let app = Self.app()
        await app.open()
        await app.press("r")
        await app.type("Maybe")
        await app.press("Escape")
        _ = app.said()
        await app.press("r")
        // The field's hint was said the first time this screen opened.
        #expect(app.said() == [
            "say: Direct reply to Grace Hopper and linus. Post text, text field, @grace @linus Maybe, cursor at end.",
            "say (queued): Your unsent text is back.",
        ])
        await app.tabToSend()
        await app.press("Enter")
        let posted = app.server.state.withLock { $0.posted }
        #expect(posted.first?["status"] == "@grace @linus Maybe")
        #expect(posted.first?["visibility"] == "direct")
    }

    // MARK: A direct message among other posts

    /// Reached on the wheel, a direct post says so and plays its sound, once: a key that does
    /// not move (pushing against the top) plays nothing more.
    @Test func aDirectPostInHomeSaysSoAndPlaysItsSoundOnArrival() async {
        let app = Self.app()
        await app.open()
        await app.press("Down")
        _ = app.said()
        var line = app.lines.count
        await app.press("Up")
        #expect(app.said() == ["say: Grace Hopper. Direct message. @ada @linus Lunch on Friday? 1 minute ago, 1 of 5"])
        #expect(Self.sounds(app, since: line) == ["sound: boundary", "sound: direct-message"])
        line = app.lines.count
        await app.press("Up")
        #expect(Self.sounds(app, since: line) == ["sound: boundary"])
        #expect(app.said() == ["say: Grace Hopper. Direct message. @ada @linus Lunch on Friday? 1 minute ago"])
        line = app.lines.count
        await app.press("Down")
        #expect(Self.sounds(app, since: line).isEmpty)
        #expect(app.said() == ["say: Grace Hopper. Compilers are fun. 5 minutes ago, 2 of 5"])
    }

    @Test func aDirectPostInHomeInSpanish() async {
        let app = Self.app(.spanish)
        await app.open()
        await app.press("Down")
        _ = app.said()
        let line = app.lines.count
        await app.press("Up")
        #expect(app.said() == ["say: Grace Hopper. Mensaje directo. @ada @linus Lunch on Friday? hace 1 minuto, 1 de 5"])
        #expect(Self.sounds(app, since: line) == ["sound: boundary", "sound: direct-message"])
    }

    /// Coming back to home on the direct post is arriving at it too.
    @Test func switchingBackToADirectPostPlaysItsSound() async {
        let app = Self.app()
        await app.open()
        await app.press("3")
        _ = app.said()
        let line = app.lines.count
        await app.press("1")
        #expect(app.said() == ["say: Home. Grace Hopper. Direct message. @ada @linus Lunch on Friday? 1 minute ago, 1 of 5"])
        #expect(Self.sounds(app, since: line) == ["sound: direct-message"])
    }
}
