import AccessibleControls
import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

/// Buffers opened after the seven (issue 10, item 1): someone's posts and a thread become
/// buffers 8, 9, ...; the digits and `[` `]` reach them; Escape closes one and goes back to
/// where it was opened from; the same one opens once; at most 20 stay open.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct OpenedBufferTests {
    static func spanish() -> AppHarness {
        var config = LoowiConfig()
        config.language = .spanish
        return AppHarness(config: config)
    }

    /// Home → Grace's posts (8) → the thread of her older post (9): numbers, brackets, F1,
    /// the title, then Escape back the way they came.
    @Test func openingCyclingAndClosingOpenedBuffersInEnglish() async {
        let app = AppHarness()
        await app.open()
        _ = app.said()
        await app.press("a")
        #expect(app.said() == ["say: Posts of Grace Hopper. Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 2"])
        await app.press("Down", "t")
        #expect(app.said().last == "say: Thread of Grace Hopper. Grace Hopper. Hello @ada. 2 hours ago, 1 of 1")
        #expect(app.core.navigator.stack.map(\.title) == ["Thread of Grace Hopper"])
        // The full-screen mode draws the title on the first row.
        let lines = app.core.navigator.draw(width: 80, height: 24, now: app.core.now()).lines
        #expect(lines.first?.hasPrefix("Thread of Grace Hopper") == true)
        await app.press("8")
        #expect(app.said() == ["say: Posts of Grace Hopper. Grace Hopper. Hello @ada. 2 hours ago, 2 of 2"])
        await app.press("]")
        #expect(app.said() == ["say: Thread of Grace Hopper. Grace Hopper. Hello @ada. 2 hours ago, 1 of 1"])
        await app.press("]")
        #expect(app.said() == ["say: Home. Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 4"])
        await app.press("[")
        #expect(app.said() == ["say: Thread of Grace Hopper. Grace Hopper. Hello @ada. 2 hours ago, 1 of 1"])
        await app.press("7", "]")
        #expect(app.said().last == "say: Posts of Grace Hopper. Grace Hopper. Hello @ada. 2 hours ago, 2 of 2")
        await app.press("F1")
        #expect(app.helpLines.suffix(3) == ["Opened buffers:", "8: Posts of Grace Hopper", "9: Thread of Grace Hopper"])
        // The last line is one key away, and Escape (or F1 again) comes back.
        await app.press("End")
        #expect(app.said().last?.hasPrefix("say: 9: Thread of Grace Hopper, ") == true)
        await app.press("F1")
        // Back where the help was opened; this screen's hint had not been said yet.
        #expect(app.said() == [
            "say: Posts of Grace Hopper. Posts, list, Grace Hopper. Hello @ada. 2 hours ago, 2 of 2. Down and Up read the next and previous post; Enter opens it with all you can do, o lists its links, s searches. r replies, b boosts, f favourites, t opens the thread, a the author's posts, d their details, n writes a new post, u refreshes.",
        ])
        await app.press("9", "Escape")
        #expect(app.said().last == "say: Posts of Grace Hopper. Grace Hopper. Hello @ada. 2 hours ago, 2 of 2")
        await app.press("Escape")
        #expect(app.said().last == "say: Home. Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 4")
        #expect(app.core.buffers.opened.isEmpty)
        // The seven stay: Escape there says it is the first screen, as before.
        await app.press("Escape")
        #expect(app.said() == ["say: This is the first screen. F10 quits."])
        #expect(app.core.navigator.stack.map(\.title) == ["Home timeline"])
        await app.press("F1")
        #expect(!app.helpLines.isEmpty && !app.helpLines.contains("Opened buffers:"))
    }

    @Test func openingCyclingAndClosingOpenedBuffersInSpanish() async {
        let app = Self.spanish()
        await app.open()
        _ = app.said()
        await app.press("a")
        #expect(app.said() == ["say: Publicaciones de Grace Hopper. Grace Hopper. Compilers are fun. hace 5 minutos, 1 de 2"])
        await app.press("Down", "t", "8")
        #expect(app.said().last == "say: Publicaciones de Grace Hopper. Grace Hopper. Hello @ada. hace 2 horas, 2 de 2")
        await app.press("9")
        #expect(app.said() == ["say: Hilo de Grace Hopper. Grace Hopper. Hello @ada. hace 2 horas, 1 de 1"])
        await app.press("F1")
        #expect(app.helpLines.suffix(3) == ["Búferes abiertos:", "8: Publicaciones de Grace Hopper", "9: Hilo de Grace Hopper"])
        await app.press("Escape")
        #expect(app.said().last?.hasPrefix("say: Hilo de Grace Hopper. Publicaciones, lista, Grace Hopper. Hello @ada. hace 2 horas, 1 de 1.") == true)
        await app.press("Escape")
        #expect(app.said() == ["say: Publicaciones de Grace Hopper. Grace Hopper. Hello @ada. hace 2 horas, 2 de 2"])
        await app.press("Escape")
        #expect(app.said() == ["say: Inicio. Grace Hopper. Compilers are fun. hace 5 minutos, 1 de 4"])
        await app.press("8")
        #expect(app.said() == ["say: No hay búfer 8. T abre el hilo de una publicación, A las publicaciones de su autor."])
    }

    @Test func aDigitWithNoOpenedBufferSaysHowToOpenOne() async {
        let app = AppHarness()
        await app.open()
        _ = app.said()
        await app.press("9")
        #expect(app.said() == ["say: There is no buffer 9. T opens a post's thread, A its author's posts."])
        #expect(app.core.navigator.stack.map(\.title) == ["Home timeline"])
    }

    /// The same account's posts or the same thread again: the buffer already open, with no
    /// request; Escape still goes back to where it was first opened from.
    @Test func theSameAccountOrThreadOpensOnce() async {
        let app = AppHarness()
        await app.open()
        await app.press("a", "1", "t", "3")
        let asked = app.requests.count
        _ = app.said()
        // Grace's mention: her posts are open already.
        await app.press("a")
        #expect(app.said() == ["say: Posts of Grace Hopper. Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 2"])
        await app.press("1", "t")
        #expect(app.said().last == "say: Thread of Grace Hopper. Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 1")
        #expect(app.requests.count == asked)
        #expect(app.core.buffers.opened.map(\.name) == ["Posts of Grace Hopper", "Thread of Grace Hopper"])
        await app.press("8", "Escape")
        #expect(app.said().last == "say: Home. Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 4")
    }

    /// Past 20 opened buffers the oldest closes, and that is said after the new one.
    @Test func theOldestOpenedBufferClosesPastTheLimit() async {
        let app = AppHarness()
        app.server.state.withLock { state in
            state.newPosts = (1...21).map { FakeMastodon.Post(id: String(600 + $0), author: "2", html: "<p>Note \($0).</p>", minutesAgo: 1) }
        }
        await app.open()
        for step in 1...20 {
            await app.press("t", "1")
            if step < 20 { await app.press("Down") }
        }
        #expect(app.core.buffers.opened.count == 20)
        await app.press("Down")
        _ = app.said()
        await app.press("t")
        #expect(
            app.said() == [
                "say: Thread of Grace Hopper. Grace Hopper. Note 21. 1 minute ago, 1 of 1",
                "say (queued): Thread of Grace Hopper closed: at most 20 opened buffers stay open.",
            ])
        #expect(app.core.buffers.opened.count == 20)
        #expect(app.core.buffers.count == 27)
        // 8 is now the thread opened second.
        await app.press("8")
        #expect(app.said() == ["say: Thread of Grace Hopper. Grace Hopper. Note 2. 1 minute ago, 1 of 1"])
        // The newest is the last, before Home; opened from Home, it goes back there.
        await app.press("1", "[", "Escape")
        #expect(app.said().last == "say: Home. Grace Hopper. Note 21. 1 minute ago, 21 of 25")
    }

    @Test func theOldestClosedIsSaidInSpanish() async {
        let app = Self.spanish()
        app.server.state.withLock { state in
            state.newPosts = (1...21).map { FakeMastodon.Post(id: String(600 + $0), author: "2", html: "<p>Note \($0).</p>", minutesAgo: 1) }
        }
        await app.open()
        for _ in 1...20 { await app.press("t", "1", "Down") }
        _ = app.said()
        await app.press("t")
        #expect(
            app.said() == [
                "say: Hilo de Grace Hopper. Grace Hopper. Note 21. hace 1 minuto, 1 de 1",
                "say (queued): Se ha cerrado Hilo de Grace Hopper: como mucho quedan abiertos 20 búferes.",
            ])
    }

    /// A post's action list → "Posts by Grace Hopper": the list closes under the new buffer,
    /// and Escape comes back to the list, on the item chosen (issue 35, item 14).
    @Test func escapeFromAnAuthorsPostsReturnsToThePostsActionList() async throws {
        let app = AppHarness()
        await app.open()
        await app.press("Enter", "End", "Up", "Up", "Up", "Up")
        #expect(app.said().last?.hasPrefix("say: Posts by Grace Hopper, ") == true)
        await app.press("Enter")
        #expect(app.said().last?.hasPrefix("say: Posts of Grace Hopper. ") == true)
        #expect(app.core.navigator.stack.map(\.title) == ["Posts of Grace Hopper"])
        await app.press("Escape")
        let back = try #require(app.said().last)
        #expect(back == "say: Post by Grace Hopper. The post and what to do, list, Posts by Grace Hopper, 7 of 11.")
        #expect(app.core.navigator.stack.map(\.title) == ["Home timeline", "Post by Grace Hopper"])
        #expect(app.core.buffers.opened.isEmpty)
        // Escape again leaves the list for Home, where the post is still focused.
        await app.press("Escape")
        #expect(app.said().last?.hasPrefix("say: Home timeline. Posts, list, Grace Hopper. Compilers are fun.") == true)
    }

    @Test func escapeFromAnAuthorsPostsReturnsToThePostsActionListInSpanish() async throws {
        let app = Self.spanish()
        await app.open()
        await app.press("Enter", "End", "Up", "Up", "Up", "Up", "Enter")
        #expect(app.said().last?.hasPrefix("say: Publicaciones de Grace Hopper. ") == true)
        await app.press("Escape")
        #expect(app.said().last == "say: Publicación de Grace Hopper. La publicación y qué hacer, lista, Publicaciones de Grace Hopper, 7 de 11.")
    }

    /// From a person's details on top of a buffer, their posts open as a buffer: the details
    /// close, and Escape comes back to them, on the buffer underneath.
    @Test func openingFromAScreenOnTopClosesItAndEscapeComesBack() async throws {
        let app = AppHarness()
        await app.open()
        await app.press("Down", "d")
        #expect(app.core.navigator.stack.count == 2)
        let linus = try #require((app.core.appScreen(at: 1) as? UserDetailsScreen)?.account)
        _ = app.said()
        await app.go(to: .timeline(of: linus))
        #expect(app.said() == ["say: Posts of Linus. Linus. Content warning: long rant. Press E to read it. 20 minutes ago, 1 of 1"])
        #expect(app.core.navigator.stack.map(\.title) == ["Posts of Linus"])
        await app.press("d")
        #expect(app.core.navigator.stack.count == 2)
        // Open already: the details close and the buffer is said again, with no request.
        let asked = app.requests.count
        await app.go(to: .timeline(of: linus))
        #expect(app.requests.count == asked)
        #expect(app.core.navigator.stack.map(\.title) == ["Posts of Linus"])
        _ = app.said()
        await app.press("Escape")
        #expect(app.core.navigator.stack.count == 2)
        #expect(app.core.appScreen(at: 1) is UserDetailsScreen)
        await app.press("Escape")
        #expect(app.said().last == "say: Home timeline. Posts, list, Linus. Content warning: long rant. Press E to read it. 20 minutes ago, 2 of 4.")
    }

    /// Slot 1 of the toolbar on an opened buffer is Back, and it closes the buffer.
    @Test func theToolbarsBackClosesAnOpenedBuffer() async {
        let app = AppHarness()
        await app.open()
        await app.press("a")
        _ = app.said()
        // Shift-Tab from the wheel wraps to the toolbar's last slot; Back is four before it.
        await app.press("Shift-Tab", "Shift-Tab", "Shift-Tab", "Shift-Tab")
        #expect(app.said().last?.hasPrefix("say: Back, button") == true)
        await app.press("Enter")
        #expect(app.said().last == "say: Home. Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 4")
        #expect(app.core.buffers.opened.isEmpty)
    }
}
