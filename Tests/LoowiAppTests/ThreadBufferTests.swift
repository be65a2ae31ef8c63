import AccessibleControls
import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

/// Threads (issue 10, item 5): `t` on any post opens what it answers, the post and its
/// replies as a buffer, focused on the post; Enter on a notification or a conversation opens
/// its post's thread; every reply says whom it answers, in every buffer.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ThreadBufferTests {
    typealias Post = FakeMastodon.Post

    static func spanish() -> AppHarness {
        var config = LoowiConfig()
        config.language = .spanish
        return AppHarness(config: config)
    }

    /// Linus answers Grace's post on top of home; Ada answers Linus, Carme answers Grace.
    static func withAThread(_ app: AppHarness) -> AppHarness {
        app.server.state.withLock {
            $0.newPosts = [Post(id: "106", author: "3", html: "<p>@grace Agreed.</p>", minutesAgo: 1, inReplyTo: "105", mentions: ["2"])]
            $0.replies = [
                Post(id: "107", author: "1", html: "<p>@linus Same here.</p>", minutesAgo: 0, inReplyTo: "106", mentions: ["3"]),
                Post(id: "108", author: "4", html: "<p>Me too.</p>", minutesAgo: 1, inReplyTo: "105"),
            ]
        }
        return app
    }

    @Test func tFromHomeOpensTheThreadFocusedOnThePostInEnglish() async {
        let app = Self.withAThread(AppHarness())
        await app.open()
        _ = app.said()
        await app.press("t")
        #expect(app.said() == ["say: Thread of Linus. Linus. In reply to Grace Hopper. @grace Agreed. 1 minute ago, 2 of 3"])
        #expect(app.requests.last == "GET /api/v1/statuses/106/context")
        await app.press("Down")
        #expect(app.said() == ["say: Ada Lovelace. In reply to Linus. @linus Same here. just now, 3 of 3"])
        await app.press("Home")
        #expect(app.said() == ["say: Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 3"])
        // Only what this post answers and its own replies: Carme's answer to Grace is not here.
        await app.press("Escape")
        #expect(app.said() == ["say: Home. Linus. In reply to Grace Hopper. @grace Agreed. 1 minute ago, 1 of 5"])
    }

    @Test func tFromHomeOpensTheThreadFocusedOnThePostInSpanish() async {
        let app = Self.withAThread(Self.spanish())
        await app.open()
        _ = app.said()
        await app.press("t")
        #expect(app.said() == ["say: Hilo de Linus. Linus. En respuesta a Grace Hopper. @grace Agreed. hace 1 minuto, 2 de 3"])
        await app.press("Down")
        #expect(app.said() == ["say: Ada Lovelace. En respuesta a Linus. @linus Same here. ahora mismo, 3 de 3"])
        await app.press("Escape")
        #expect(app.said() == ["say: Inicio. Linus. En respuesta a Grace Hopper. @grace Agreed. hace 1 minuto, 1 de 5"])
    }

    /// A boost's thread is the original post's.
    @Test func aBoostsThreadIsTheOriginalPosts() async {
        let app = AppHarness()
        await app.open()
        await app.press("Down", "Down")
        _ = app.said()
        await app.press("t")
        #expect(app.said() == ["say: Thread of Carme Riera. Carme Riera. Bon dia! 1 hour ago, 1 of 1"])
        #expect(app.requests.last == "GET /api/v1/statuses/103/context")
    }

    /// Grace's mention has an answer from Ada: `t` and Enter on the notification open it.
    static func withAnAnswerToTheMention(_ app: AppHarness) -> AppHarness {
        app.server.state.withLock {
            $0.replies = [Post(id: "205", author: "1", html: "<p>@grace Yes, at six.</p>", minutesAgo: 1, inReplyTo: "201", mentions: ["2"])]
        }
        return app
    }

    @Test func tOnANotificationOpensItsPostsThreadInEnglish() async {
        let app = Self.withAnAnswerToTheMention(AppHarness())
        await app.open()
        await app.press("2")
        _ = app.said()
        await app.press("t")
        #expect(app.said() == ["say: Thread of Grace Hopper. Grace Hopper. @ada Are you coming? 2 minutes ago, 1 of 2"])
        await app.press("Down")
        #expect(app.said() == ["say: Ada Lovelace. In reply to Grace Hopper. @grace Yes, at six. 1 minute ago, 2 of 2"])
        await app.press("Escape")
        #expect(app.said() == ["say: Notifications. Grace Hopper mentioned you: @ada Are you coming? 10 minutes ago, 1 of 6"])
    }

    @Test func tOnANotificationOpensItsPostsThreadInSpanish() async {
        let app = Self.withAnAnswerToTheMention(Self.spanish())
        await app.open()
        await app.press("2")
        _ = app.said()
        await app.press("t")
        #expect(app.said() == ["say: Hilo de Grace Hopper. Grace Hopper. @ada Are you coming? hace 2 minutos, 1 de 2"])
        await app.press("Down")
        #expect(app.said() == ["say: Ada Lovelace. En respuesta a Grace Hopper. @grace Yes, at six. hace 1 minuto, 2 de 2"])
        await app.press("Escape")
        #expect(app.said() == ["say: Notificaciones. Grace Hopper te ha mencionado: @ada Are you coming? hace 10 minutos, 1 de 6"])
    }

    /// Enter: a mention or a favourite opens its post's thread, a follow the follower's
    /// details, a favourite whose post is gone says so.
    @Test func enterOnANotificationOpensItsThreadOrTheFollowersDetails() async {
        let app = Self.withAnAnswerToTheMention(AppHarness())
        await app.open()
        await app.press("2")
        _ = app.said()
        await app.press("Enter")
        #expect(app.said().last == "say: Thread of Grace Hopper. Grace Hopper. @ada Are you coming? 2 minutes ago, 1 of 2")
        await app.press("Escape", "Down", "Enter")
        #expect(app.said().last == "say: Thread of Ada Lovelace. Ada Lovelace. Tea time. 30 minutes ago, 1 of 1")
        await app.press("Escape", "Down", "Enter")
        #expect(app.said().last?.hasPrefix("say: Carme Riera's details. Handle, text, @carme.") == true)
        #expect(app.core.navigator.stack.map(\.title) == ["Notifications", "Carme Riera's details"])
        await app.press("Escape", "Down")
        _ = app.said()
        await app.press("Enter")
        #expect(app.said().last == "say: This one has no post to open.")
        #expect(app.core.navigator.stack.map(\.title) == ["Notifications"])
    }

    @Test func enterOnANotificationInSpanish() async {
        let app = Self.spanish()
        await app.open()
        await app.press("2", "Down", "Down")
        _ = app.said()
        await app.press("Enter")
        #expect(app.said().last?.hasPrefix("say: Detalles de Carme Riera. ") == true)
        await app.press("Escape", "Up")
        _ = app.said()
        await app.press("Enter")
        #expect(app.said().last == "say: Hilo de Ada Lovelace. Ada Lovelace. Tea time. hace 30 minutos, 1 de 1")
    }

    /// Enter on an unread conversation opens its last message's thread and marks it read on the
    /// server, in the background; back on Direct messages it is no longer unread.
    @Test func enterOnAConversationOpensItsThreadAndMarksItReadInEnglish() async {
        let app = AppHarness()
        await app.open()
        await app.press("4")
        #expect(app.said().last == "say: Direct messages, 1 new. With Grace Hopper, unread. Grace Hopper wrote: @ada Lunch at one? 10 minutes ago, 1 of 2")
        await app.press("Enter")
        #expect(app.said().last == "say: Thread of Grace Hopper. Grace Hopper. Direct message. @ada Lunch at one? 10 minutes ago, 1 of 1")
        #expect(app.server.state.withLock { $0.conversationsRead } == ["c1"])
        #expect(app.requests.suffix(2).sorted() == ["GET /api/v1/statuses/401/context", "POST /api/v1/conversations/c1/read"])
        await app.press("Escape")
        #expect(app.said() == ["say: Direct messages. With Grace Hopper. Grace Hopper wrote: @ada Lunch at one? 10 minutes ago, 1 of 2"])
        // Read already: opening it again asks for the thread only.
        let asked = app.requests.count
        await app.press("Enter", "Escape")
        #expect(Array(app.requests[asked...]) == ["GET /api/v1/statuses/401/context"])
        #expect(app.server.state.withLock { $0.conversationsRead } == ["c1"])
    }

    @Test func enterOnAConversationInSpanish() async {
        let app = Self.spanish()
        await app.open()
        await app.press("4", "Enter")
        #expect(app.said().last == "say: Hilo de Grace Hopper. Grace Hopper. Mensaje directo. @ada Lunch at one? hace 10 minutos, 1 de 1")
        await app.press("Escape")
        #expect(app.said() == ["say: Mensajes directos. Con Grace Hopper. Grace Hopper escribió: @ada Lunch at one? hace 10 minutos, 1 de 2"])
        #expect(app.server.state.withLock { $0.conversationsRead } == ["c1"])
    }

    /// The server could not mark it read: it stays unread, as it is there.
    @Test func aConversationTheServerDidNotMarkReadStaysUnread() async {
        let app = AppHarness()
        await app.open()
        app.server.state.withLock { $0.failures["c1/read"] = 500 }
        await app.press("4", "Enter")
        _ = app.said()
        await app.press("Escape")
        #expect(app.said() == ["say: Direct messages, 1 new. With Grace Hopper, unread. Grace Hopper wrote: @ada Lunch at one? 10 minutes ago, 1 of 2"])
    }

    /// `u` in a thread brings the replies written since, and stays on the post being read.
    @Test func refreshingAThreadBringsNewRepliesAndKeepsThePost() async {
        let app = Self.withAThread(AppHarness())
        await app.open()
        await app.press("t")
        app.server.state.withLock {
            $0.replies.append(Post(id: "111", author: "2", html: "<p>@linus Thanks!</p>", minutesAgo: 0, inReplyTo: "106", mentions: ["3"]))
        }
        _ = app.said()
        let asked = app.requests.count
        await app.press("u")
        #expect(app.said() == ["say: 1 new post."])
        #expect(Array(app.requests[asked...]) == ["GET /api/v1/statuses/106/context"])
        await app.press("p")
        #expect(app.said() == ["say: 2 of 4"])
        #expect(app.focusedItem == "Linus. In reply to Grace Hopper. @grace Agreed. 1 minute ago")
        await app.press("End")
        #expect(app.said() == ["say: Grace Hopper. In reply to Linus. @linus Thanks! just now, 4 of 4"])
    }

    /// A post deleted since it was listed: its thread is said to be gone, and the user stays.
    @Test func aDeletedPostsThreadIsSaidPlainly() async {
        let app = Self.withAThread(AppHarness())
        app.server.state.withLock { _ = $0.deleted.insert("106") }
        await app.open()
        _ = app.said()
        await app.press("t")
        #expect(app.said() == ["say: This post has been deleted, so there is no thread to read."])
        #expect(app.core.navigator.stack.map(\.title) == ["Home timeline"])
        #expect(app.core.buffers.opened.isEmpty)
        let spanish = Self.withAThread(Self.spanish())
        spanish.server.state.withLock { _ = $0.deleted.insert("106") }
        await spanish.open()
        _ = spanish.said()
        await spanish.press("t")
        #expect(spanish.said() == ["say: Esta publicación se ha borrado, así que no hay hilo que leer."])
    }

    /// Any other failure is said with what to do; the next `t` tries again.
    @Test func aFailedThreadLoadIsSaidAndTheNextTryWorks() async {
        let app = Self.withAThread(AppHarness())
        await app.open()
        app.server.state.withLock { $0.failures["context"] = 500 }
        _ = app.said()
        await app.press("t")
        #expect(app.said() == ["say (important): The server has a problem (error 500). Try again in a moment."])
        #expect(app.core.navigator.stack.map(\.title) == ["Home timeline"])
        await app.press("t")
        #expect(app.said() == ["say: Thread of Linus. Linus. In reply to Grace Hopper. @grace Agreed. 1 minute ago, 2 of 3"])
    }

    /// `$reply` in every buffer: "you" for the listener, whom the reply answers by their name
    /// when they wrote in the buffer, by the mention's username when not, and "a post" when
    /// the server does not say.
    @Test func everyReplySaysWhomItAnswersInEveryBuffer() async {
        let app = AppHarness()
        app.server.state.withLock {
            $0.newPosts = [
                Post(id: "110", author: "2", html: "<p>@ada Lovely.</p>", minutesAgo: 1, inReplyTo: "301", mentions: ["1"]),
                Post(id: "109", author: "3", html: "<p>Indeed.</p>", minutesAgo: 2, inReplyTo: "999"),
            ]
        }
        await app.open()
        // Ada is the listener: a reply to her is a reply to "you".
        #expect(app.said().last?.contains("Grace Hopper. In reply to you. @ada Lovely. 1 minute ago, 1 of 6") == true)
        await app.press("Down")
        #expect(app.said() == ["say: Linus. In reply to a post. Indeed. 2 minutes ago, 2 of 6"])
        let spanish = Self.spanish()
        spanish.server.state.withLock {
            $0.newPosts = [
                Post(id: "110", author: "2", html: "<p>@ada Lovely.</p>", minutesAgo: 1, inReplyTo: "301", mentions: ["1"]),
                Post(id: "109", author: "3", html: "<p>Indeed.</p>", minutesAgo: 2, inReplyTo: "999"),
            ]
        }
        await spanish.open()
        #expect(spanish.said().last?.contains("Grace Hopper. En respuesta a ti. @ada Lovely. hace 1 minuto, 1 de 6") == true)
        await spanish.press("Down")
        #expect(spanish.said() == ["say: Linus. En respuesta a una publicación. Indeed. hace 2 minutos, 2 de 6"])
    }
}

/// `$reply` in the post template: where the user puts it, and nothing when the post answers nothing.
@Suite(.timeLimit(.minutes(5))) struct PostTemplateReplyTests {
    func speech(_ reply: String?) -> StatusSpeech {
        var speech = StatusSpeech(
            try! JSONDecoder().decode(Status.self, from: Data(#"{"id":"1","content":"<p>Hi.</p>","account":{"id":"2","username":"ana","acct":"ana","display_name":"Ana"}}"#.utf8)),
            now: Date())
        speech.inReplyTo = reply
        return speech
    }

    @Test func theReplyPartGoesWhereTheTemplateSays() {
        let words = PostWords(strings: AppStrings(.english))
        #expect(PostTemplate("$text ($reply)").render(speech("In reply to Tom."), words: words) == "Hi. (In reply to Tom.)")
        #expect(PostTemplate(LoowiConfig().postTemplate).render(speech("In reply to Tom."), words: words) == "Ana. In reply to Tom. Hi.")
        #expect(PostTemplate(LoowiConfig().postTemplate).render(speech(nil), words: words) == "Ana. Hi.")
    }
}
