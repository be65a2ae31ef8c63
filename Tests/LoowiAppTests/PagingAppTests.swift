import AccessibleControls
import Foundation
import Testing

@testable import LoowiApp

/// Paging that fits a daily reader (issue 10, item 7): refresh asks only for what is newer,
/// a gap stands for what one refresh did not bring and Enter loads it, the end of a buffer
/// loads older pages up to `buffer_limit`, one load at a time, and the end of the new posts
/// is said once. Every sentence in English and Spanish; requests counted on the fake.
/// Serialized: one test holds the fake's older pages, blocking a thread while it waits.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(5))) struct PagingAppTests {
    /// The words each test expects, per language.
    struct Words: Sendable, CustomTestStringConvertible {
        var language: Language
        var testDescription: String { language.rawValue }
        var of: String
        var minute: String
        var compilers: String
        var threeNew: String
        var endOfNew: String
        var manyAndGap: String
        var gap: String
        var selected: @Sendable (String) -> String
        var fiftyNew: String
        var noNew: String
        var loadingOlder: String
        var underWayOlder: String
        var full: String
        var oneNew: String
        var loadingOlderItems: String
        var oneNewItem: String
        var linusMentioned: @Sendable (Int) -> String

        func post(_ n: Int) -> String { "Linus. Post \(n). \(minute)" }
        func at(_ item: String, _ index: Int, _ count: Int) -> String { "\(item), \(index) \(of) \(count)" }
    }

    nonisolated static let english = Words(
        language: .britishEnglish, of: "of", minute: "1 minute ago", compilers: "Grace Hopper. Compilers are fun. 5 minutes ago",
        threeNew: "3 new posts.", endOfNew: "End of new posts.", manyAndGap: "200 new posts, and more at the top not loaded yet.",
        gap: "More posts here not loaded yet. Press Enter to load them", selected: { "\($0) selected" }, fiftyNew: "50 new posts.",
        noNew: "No new posts.", loadingOlder: "Loading older posts", underWayOlder: "Already under way: loading older posts.",
        full: "This buffer holds its maximum of 40 items; buffer_limit in the settings raises it.", oneNew: "1 new post.",
        loadingOlderItems: "Loading older items", oneNewItem: "1 new.", linusMentioned: { "Linus mentioned you: Mention \($0). 10 minutes ago" })
    nonisolated static let spanish = Words(
        language: .spanish, of: "de", minute: "hace 1 minuto", compilers: "Grace Hopper. Compilers are fun. hace 5 minutos",
        threeNew: "3 publicaciones nuevas.", endOfNew: "Fin de las publicaciones nuevas.",
        manyAndGap: "200 publicaciones nuevas, y más arriba del todo sin cargar.",
        gap: "Aquí hay más publicaciones sin cargar. Pulsa Intro para cargarlas", selected: { "\($0) elegido" },
        fiftyNew: "50 publicaciones nuevas.", noNew: "No hay publicaciones nuevas.", loadingOlder: "Cargando publicaciones anteriores",
        underWayOlder: "Ya en marcha: cargando publicaciones anteriores.",
        full: "Este búfer tiene su máximo de 40 elementos; buffer_limit en la configuración lo aumenta.", oneNew: "Una publicación nueva.",
        loadingOlderItems: "Cargando elementos anteriores", oneNewItem: "Novedades: 1.",
        linusMentioned: { "Linus te ha mencionado: Mention \($0). hace 10 minutos" })
    nonisolated static let languages = [english, spanish]

    static func app(_ words: Words, limit: Int? = nil) -> AppHarness {
        var config = LoowiConfig()
        config.language = words.language
        if let limit { config.bufferLimit = limit }
        let app = AppHarness(config: config)
        app.server.state.withLock { $0.pages = true }
        return app
    }

    /// The queries of the requests to `path` from request number `from` on ("limit=40&min_id=105").
    static func queries(_ app: AppHarness, _ path: String = "timelines/home", from: Int = 0) -> [String] {
        app.transport.requests.dropFirst(from).filter { $0.url.path.hasSuffix(path) }.map { $0.url.query ?? "" }
    }

    @Test(arguments: languages) func aRefreshWithAFewNewPostsAsksOnceAndSaysWhereTheyEnd(_ w: Words) async {
        let app = Self.app(w)
        await app.open()
        app.server.addPosts(3)
        let before = app.transport.requests.count
        _ = app.said()
        await app.press("u")
        #expect(app.said() == ["say: \(w.threeNew)"])
        #expect(Self.queries(app, from: before) == ["limit=40&min_id=105"])
        // Reading the new posts from the newest down: the end is said on the first post seen before, once.
        await app.press("Home", "Down", "Down", "Down", "Up", "Down")
        #expect(app.said() == [
            "say: " + w.at(w.post(108), 1, 7), "say: " + w.at(w.post(107), 2, 7), "say: " + w.at(w.post(106), 3, 7),
            "say: " + w.at(w.compilers, 4, 7), "say (queued): \(w.endOfNew)",
            "say: " + w.at(w.post(106), 3, 7), "say: " + w.at(w.compilers, 4, 7),
        ])
        // Nothing else was asked for while reading.
        #expect(Self.queries(app, from: before).count == 1)
    }

    @Test(arguments: languages) func aRefreshWithManyNewPostsLeavesAGapThatEnterLoads(_ w: Words) async {
        let app = Self.app(w)
        await app.open()
        app.server.addPosts(250)
        var before = app.transport.requests.count
        _ = app.said()
        await app.press("u")
        #expect(app.said() == ["say: \(w.manyAndGap)"])
        // Five pages of 40 through the prev links, then the rest waits behind the gap.
        #expect(Self.queries(app, from: before) == ["limit=40&min_id=105", "limit=40&min_id=145", "limit=40&min_id=185", "limit=40&min_id=225", "limit=40&min_id=265"])
        // The gap is an item on top of the wheel; "where you are" counts posts only.
        await app.press("Home")
        #expect(app.said() == ["say: " + w.at(w.gap, 1, 205)])
        before = app.transport.requests.count
        await app.press("Enter")
        // The focus goes to the oldest post it brought: the next one up from the posts read.
        #expect(app.said() == ["say: \(w.fiftyNew)", "say (queued): " + w.at(w.post(306), 50, 254)])
        #expect(Self.queries(app, from: before) == ["limit=40&min_id=305", "limit=40&min_id=345"])
        await app.press("Home")
        #expect(app.said() == ["say: " + w.at(w.post(355), 1, 254)])
        before = app.transport.requests.count
        await app.press("u")
        #expect(app.said() == ["say: \(w.noNew)"])
        #expect(Self.queries(app, from: before) == ["limit=40&min_id=355"])
        let home = app.core.appScreen(at: 0) as? TimelineScreen
        #expect(Set(home?.posts.map(\.id) ?? []).count == 254)
    }

    @Test(arguments: languages) func theEndOfTheBufferLoadsOlderPosts(_ w: Words) async {
        let app = Self.app(w)
        app.server.addPosts(250)
        await app.open()
        _ = app.said()
        let before = app.transport.requests.count
        await app.press("End")
        #expect(app.said() == ["say: " + w.at(w.post(156), 200, 200), "say (queued): \(w.loadingOlder)"])
        #expect(Self.queries(app, from: before) == ["limit=40&max_id=156"])
        // The wheel stays on the post read and has more below it.
        await app.press("Down")
        #expect(app.said() == ["say: " + w.at(w.post(155), 201, 240)])
    }

    @Test(arguments: languages) func aSecondLoadWhileOneIsUnderWaySaysSoAndAsksNothing(_ w: Words) async {
        let app = Self.app(w)
        app.server.addPosts(250)
        await app.open()
        _ = app.said()
        let before = app.transport.requests.count
        app.server.state.withLock { $0.holdsNextPages = true }
        // No await between the keys: the held page cannot answer before they are handled.
        app.pressNow("End")
        app.pressNow("Down")
        app.pressNow("u")
        #expect(app.said() == [
            "say: " + w.at(w.post(156), 200, 200), "say (queued): \(w.loadingOlder)", "say: " + w.post(156), "say: \(w.underWayOlder)",
            "say: \(w.underWayOlder)",
        ])
        app.server.state.withLock { $0.holdsNextPages = false }
        await app.core.settle()
        #expect(Self.queries(app, from: before) == ["limit=40&max_id=156"])
    }

    @Test(arguments: languages) func atTheLimitTheBufferSaysSoOnce(_ w: Words) async {
        let app = Self.app(w, limit: 40)
        app.server.addPosts(250)
        await app.open()
        _ = app.said()
        await app.press("End", "Down")
        #expect(app.said() == ["say: " + w.at(w.post(316), 40, 40), "say (queued): \(w.full)", "say: " + w.post(316)])
        // One page at start, nothing older asked for.
        #expect(Self.queries(app).count == 1)
    }

    @Test(arguments: languages) func mentionsPageThroughTheirNotifications(_ w: Words) async {
        let app = Self.app(w)
        app.server.addMentions(210)
        await app.open()
        await app.press("3")
        _ = app.said()
        var before = app.transport.requests.count
        await app.press("End")
        #expect(app.said() == ["say: " + w.at("Linus. Mention 27. \(w.minute)", 200, 200), "say (queued): \(w.loadingOlder)"])
        #expect(Self.queries(app, "notifications", from: before) == ["types%5B%5D=mention&limit=40&max_id=27"])
        await app.press("Down")
        #expect(app.said() == ["say: " + w.at("Linus. Mention 26. \(w.minute)", 201, 212)])
        app.server.addMentions(1)
        before = app.transport.requests.count
        await app.press("u")
        #expect(app.said() == ["say: \(w.oneNew)"])
        #expect(Self.queries(app, "notifications", from: before) == ["types%5B%5D=mention&limit=40&min_id=226"])
    }

    @Test(arguments: languages) func theNotificationsListPagesToo(_ w: Words) async {
        let app = Self.app(w)
        app.server.addMentions(100)
        await app.open()
        await app.press("2")
        _ = app.said()
        var before = app.transport.requests.count
        await app.press("End")
        #expect(app.said() == ["say: " + w.at(w.linusMentioned(37), 80, 80), "say (queued): \(w.loadingOlderItems)"])
        #expect(Self.queries(app, "notifications", from: before) == ["limit=80&max_id=37"])
        await app.press("Down")
        #expect(app.said() == ["say: " + w.at(w.linusMentioned(36), 81, 106)])
        app.server.addMentions(1)
        before = app.transport.requests.count
        await app.press("u")
        #expect(app.said() == ["say: \(w.oneNewItem)"])
        #expect(Self.queries(app, "notifications", from: before) == ["limit=80&min_id=116"])
    }
}
