import AccessibleControls
import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

/// Live updates as the user hears them: events fed through the app's live source while they
/// read, announced by kind without moving the focus, in English and Spanish.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LiveAppTests {
    /// The app with a live source the test feeds by hand.
    @MainActor final class Live {
        let app: AppHarness
        let continuation: AsyncStream<LiveEvent>.Continuation
        private var fed = 0

        init(_ config: LoowiConfig = LoowiConfig()) {
            app = AppHarness(config: config)
            let (stream, continuation) = AsyncStream.makeStream(of: LiveEvent.self)
            self.continuation = continuation
            let box = StreamBox(stream)
            app.core.liveSource = { _ in box.take() }
        }

        /// Sends events and waits until the app has handled them.
        func feed(_ events: LiveEvent...) async {
            for event in events { continuation.yield(event) }
            fed += events.count
            let target = fed
            #expect(await app.waitUntil { app.core.live?.handled == target })
        }

        func status(_ post: FakeMastodon.Post) -> Status {
            try! JSONDecoder().decode(Status.self, from: JSONSerialization.data(withJSONObject: app.server.status(post)))
        }

        func notice(_ id: String, _ type: String, from: String, _ post: FakeMastodon.Post? = nil) -> MastodonNotification {
            let object = app.server.notification(FakeMastodon.Notice(id: id, type: type, from: from, post: post))
            return try! JSONDecoder().decode(MastodonNotification.self, from: JSONSerialization.data(withJSONObject: object))
        }

        /// Transcript lines (said and sounds) since the last call.
        func heard() -> [String] {
            defer { mark = app.lines.count }
            return app.lines[mark...].filter { $0.hasPrefix("    ") }.map { String($0.dropFirst(4)) }
        }
        private var mark = 0
    }

    /// The stream is made once and handed over once.
    final class StreamBox: @unchecked Sendable {
        private var stream: AsyncStream<LiveEvent>?
        init(_ stream: AsyncStream<LiveEvent>) { self.stream = stream }
        func take() -> AsyncStream<LiveEvent> {
            defer { stream = nil }
            return stream ?? AsyncStream { $0.finish() }
        }
    }

    static func config(_ language: Language) -> LoowiConfig {
        var config = LoowiConfig()
        config.language = language
        return config
    }

    static let ping = FakeMastodon.Post(id: "210", author: "3", html: "<p>@ada Ping</p>", minutesAgo: 0, mentions: ["1"])
    static let fresh = FakeMastodon.Post(id: "106", author: "2", html: "<p>Fresh news.</p>", minutesAgo: 0)

    @Test(arguments: [
        (Language.britishEnglish, "Linus mentioned you: Ping.", "4 of 5"),
        (Language.spanish, "Linus te ha mencionado: Ping.", "4 de 5"),
    ])
    func aMentionIsHeardWhileReadingHomeAndTheFocusStays(language: Language, words: String, position: String) async {
        let live = Live(Self.config(language))
        await live.app.open()
        await live.app.press("Down")
        _ = live.heard()
        await live.feed(.notification(live.notice("20", "mention", from: "3", Self.ping)), .update(live.status(Self.fresh)))
        // Sounds at once, nothing said over the post being read, the focus where it was.
        #expect(live.heard() == ["sound: mention", "sound: new-post"])
        live.app.wait(.milliseconds(100))
        #expect(live.heard() == ["say (queued): \(words)"])
        // The new post went on top: the post read is 3 of 5, the next one down 4 of 5.
        await live.app.press("Down")
        let said = live.app.said()
        #expect(said.last?.hasSuffix(position) == true, "\(said)")
    }

    /// Someone the user follows mentions them: the post comes as a home `update` and as a
    /// mention notification (mastodon-mock sends the update first); it is heard once, as the mention.
    @Test(arguments: [
        (Language.britishEnglish, "Linus mentioned you: Ping."),
        (Language.spanish, "Linus te ha mencionado: Ping."),
    ])
    func aMentionBySomeoneFollowedIsNotAlsoANewPost(language: Language, words: String) async {
        let live = Live(Self.config(language))
        await live.app.open()
        _ = live.heard()
        await live.feed(.update(live.status(Self.ping)), .notification(live.notice("20", "mention", from: "3", Self.ping)))
        live.app.wait(.milliseconds(100))
        #expect(live.heard() == ["sound: mention", "say (queued): \(words)"])
    }

    @Test(arguments: [(Language.britishEnglish, "5 new posts."), (Language.spanish, "5 publicaciones nuevas.")])
    func aBurstOfPostsIsSummedInOneLine(language: Language, words: String) async {
        var config = Self.config(language)
        config.announcements[.newPost] = .speak
        let live = Live(config)
        await live.app.open()
        _ = live.heard()
        for n in 0..<5 {
            await live.feed(.update(live.status(FakeMastodon.Post(id: "11\(n)", author: "2", html: "<p>Post \(n)</p>", minutesAgo: 0))))
        }
        #expect(live.heard() == ["sound: new-post"])
        live.app.wait(.milliseconds(100))
        #expect(live.heard() == ["say (queued): \(words)"])
    }

    /// A post or a mention a "hide" filter matches arrives unheard and unshown (issue 13).
    @Test func whatAHideFilterMatchesIsNeitherShownNorAnnounced() async {
        let live = Live()
        await live.app.open()
        _ = live.heard()
        var advert = Self.fresh
        advert.filter = ("adverts", "hide")
        await live.feed(.update(live.status(advert)), .notification(live.notice("90", "mention", from: "3", advert)))
        live.app.wait(.seconds(3))
        #expect(live.heard().isEmpty)
        let home = live.app.core.appScreen(at: 0) as? TimelineScreen
        #expect(home?.posts.contains { $0.id == advert.id } == false)
    }

    @Test func newPostsMakeOnlyASoundByDefault() async {
        let live = Live()
        await live.app.open()
        _ = live.heard()
        await live.feed(.update(live.status(Self.fresh)))
        live.app.wait(.milliseconds(100))
        #expect(live.heard() == ["sound: new-post"])
    }

    @Test(arguments: [
        (Language.britishEnglish, "Linus mentioned you: Ping.", "Grace Hopper and 1 other mentioned you."),
        (Language.spanish, "Linus te ha mencionado: Ping.", "Grace Hopper y 1 persona más te han mencionado."),
    ])
    func spokenAnnouncementsAreTwoSecondsApart(language: Language, first: String, second: String) async {
        let live = Live(Self.config(language))
        await live.app.open()
        _ = live.heard()
        await live.feed(.notification(live.notice("20", "mention", from: "3", Self.ping)))
        live.app.wait(.milliseconds(100))
        #expect(live.heard() == ["sound: mention", "say (queued): \(first)"])
        let again = FakeMastodon.Post(id: "211", author: "2", html: "<p>@ada Hi</p>", minutesAgo: 0)
        let more = FakeMastodon.Post(id: "212", author: "4", html: "<p>@ada Hola</p>", minutesAgo: 0)
        await live.feed(.notification(live.notice("21", "mention", from: "2", again)), .notification(live.notice("22", "mention", from: "4", more)))
        // Within the window: no second mention sound, and the words wait.
        #expect(live.heard() == [])
        live.app.wait(.milliseconds(1500))
        #expect(live.heard() == [])
        live.app.wait(.milliseconds(500))
        #expect(live.heard() == ["say (queued): \(second)"])
    }

    @Test(arguments: [
        (Language.britishEnglish, "Deleted.", "2 of 3", "3 of 3", "1 of 2"),
        (Language.spanish, "Eliminada.", "2 de 3", "3 de 3", "1 de 2"),
    ])
    func aDeletedPostLeavesAndTheFocusedOneSaysDeletedUntilLeft(language: Language, deleted: String, second: String, below: String, top: String) async {
        let live = Live(Self.config(language))
        await live.app.open()
        await live.feed(.delete(statusID: "104"))
        await live.app.press("Down")
        // 104 is gone: the next one down is 103, 2 of 3.
        #expect(live.app.said().last?.hasSuffix(second) == true)
        _ = live.heard()
        await live.feed(.delete(statusID: "103b"))
        #expect(live.heard().filter { $0.hasPrefix("say") }.isEmpty)
        await live.app.press("F2")
        let whereAmI = live.app.said()
        #expect(whereAmI.contains { $0.contains(deleted) }, "\(whereAmI)")
        await live.app.press("Down")
        #expect(live.app.said().last?.hasSuffix(below) == true)
        // Left behind, it is gone.
        await live.app.press("Up")
        #expect(live.app.said().last?.hasSuffix(top) == true)
    }

    @Test(arguments: [
        (Language.britishEnglish, "Grace Hopper edited a post.", ", edited, 1 of 4"),
        (Language.spanish, "Grace Hopper ha editado una publicación.", ", editada, 1 de 4"),
    ])
    func anEditReplacesThePostAndSaysEdited(language: Language, words: String, suffix: String) async {
        var config = Self.config(language)
        config.announcements[.edited] = .speak
        let live = Live(config)
        await live.app.open()
        _ = live.heard()
        var object = live.app.server.status(FakeMastodon.Post(id: "105", author: "2", html: "<p>Compilers are great.</p>", minutesAgo: 5))
        object["edited_at"] = ISO8601.format(live.app.server.now)
        let edited = try! JSONDecoder().decode(Status.self, from: JSONSerialization.data(withJSONObject: object))
        await live.feed(.statusUpdate(edited))
        live.app.wait(.milliseconds(100))
        #expect(live.heard() == ["sound: new-post", "say (queued): \(words)"])
        await live.app.press("Down", "Up")
        let said = live.app.said().last ?? ""
        #expect(said.contains("Compilers are great.") && said.hasSuffix(suffix), "\(said)")
    }

    @Test(arguments: [
        (
            Language.britishEnglish, "Live updates stopped; trying again.", "Live updates are back; 3 posts arrived meanwhile.",
            "Live updates come every minute on this server.", "Live updates have stopped. Press U to refresh.", "4 of 7"
        ),
        (
            Language.spanish, "Las actualizaciones en directo se han detenido; volviendo a intentarlo.",
            "Las actualizaciones en directo han vuelto; mientras tanto han llegado 3 publicaciones.",
            "En este servidor, las actualizaciones en directo llegan cada minuto.",
            "Las actualizaciones en directo se han detenido. Pulsa U para actualizar.", "4 de 7"
        ),
    ])
    func theConnectionIsSaidOnceEachWay(language: Language, stopped: String, back: String, polling: String, ended: String, position: String) async {
        let live = Live(Self.config(language))
        await live.app.open()
        await live.app.press("Down")
        _ = live.heard()
        let error = EngineError.streamingUnavailable
        await live.feed(.started, .stopped(error), .stopped(error))
        #expect(live.heard() == ["sound: soft-error", "say (queued): \(stopped)"])
        let missed = (0..<3).map { live.status(FakeMastodon.Post(id: "12\($0)", author: "3", html: "<p>Missed \($0)</p>", minutesAgo: 1)) }
        await live.feed(.restored(missed: LiveMissed(statuses: missed.reversed())))
        #expect(live.heard() == ["sound: ready", "say (queued): \(back)"])
        // The missed posts are on top; the focus stayed on the post being read, now 5 of 7.
        await live.app.press("Up")
        let said = live.app.said()
        #expect(said.last?.hasSuffix(position) == true, "\(said)")
        _ = live.heard()
        await live.feed(.polling(every: .seconds(60)), .polling(every: .seconds(60)))
        #expect(live.heard() == ["say (queued): \(polling)"])
        await live.feed(.ended(error))
        #expect(live.heard() == ["sound: soft-error", "say (queued): \(ended)"])
    }

    @Test(arguments: [
        (
            Language.britishEnglish, "loowi cannot reach your server; new posts wait until it answers.",
            "Your server answers again; 3 posts arrived meanwhile."
        ),
        (
            Language.spanish, "loowi no puede llegar a tu servidor; las publicaciones nuevas esperan hasta que responda.",
            "Tu servidor vuelve a responder; mientras tanto han llegado 3 publicaciones."
        ),
    ])
    func anUnreachableServerIsSaidOnceEachWayWithWhatArrived(language: Language, unreachable: String, answers: String) async {
        let live = Live(Self.config(language))
        await live.app.open()
        _ = live.heard()
        let lost = EngineError.transport(.connectionLost)
        await live.feed(.unreachable(lost), .unreachable(lost))
        #expect(live.heard() == ["sound: soft-error", "say (queued): \(unreachable)"])
        let missed = (0..<3).map { live.status(FakeMastodon.Post(id: "13\($0)", author: "3", html: "<p>Waited \($0)</p>", minutesAgo: 1)) }
        await live.feed(.reachable(missed: LiveMissed(statuses: missed.reversed())), .reachable(missed: LiveMissed()))
        #expect(live.heard() == ["sound: ready", "say (queued): \(answers)"])
    }

    @Test func noBackWithoutAStoppedTheItemsArriveQuietly() async {
        let live = Live()
        await live.app.open()
        _ = live.heard()
        let missed = live.status(FakeMastodon.Post(id: "140", author: "3", html: "<p>Quiet</p>", minutesAgo: 1))
        await live.feed(.restored(missed: LiveMissed(statuses: [missed])), .reachable(missed: LiveMissed()))
        #expect(live.heard() == [])
    }

    @Test func backWithNothingMissedSaysSoAndFiltersChangedSaysNothing() async {
        let live = Live()
        await live.app.open()
        _ = live.heard()
        await live.feed(.stopped(.streamingUnavailable), .restored(missed: LiveMissed()), .filtersChanged)
        #expect(live.heard() == ["sound: soft-error", "say (queued): Live updates stopped; trying again.", "sound: ready", "say (queued): Live updates are back."])
    }

    @Test func kindsSetToNoneSoundOrInterruptAreHeardSo() async {
        var config = LoowiConfig()
        config.announcements[.mention] = AnnouncementStyle.none
        config.announcements[.follow] = .interrupt
        config.announcements[.favourite] = .sound
        let live = Live(config)
        await live.app.open()
        _ = live.heard()
        await live.feed(
            .notification(live.notice("20", "mention", from: "3", Self.ping)),
            .notification(live.notice("21", "follow", from: "2")),
            .notification(live.notice("22", "favourite", from: "3", FakeMastodon.adaPost)))
        live.app.wait(.milliseconds(100))
        #expect(live.heard() == ["sound: follow", "sound: favourite", "say: Grace Hopper followed you."])
    }

    @Test func lineModePrintsALineForASoundAlone() async {
        var config = LoowiConfig()
        config.display = .line
        let live = Live(config)
        await live.app.open()
        _ = live.heard()
        await live.feed(.notification(live.notice("22", "favourite", from: "3", FakeMastodon.adaPost)))
        live.app.wait(.milliseconds(100))
        #expect(live.heard() == ["sound: favourite", "say (queued): Linus favourited your post."])
    }

    @Test func notificationsTakeArrivalsWithoutMovingTheFocus() async {
        let live = Live()
        await live.app.open()
        await live.app.press("2")
        await live.app.press("Down")
        _ = live.app.said()
        await live.feed(.notification(live.notice("20", "mention", from: "3", Self.ping)))
        await live.app.press("Down")
        let said = live.app.said()
        // The focus stayed on the second item, now the third: Down reads the fourth.
        #expect(said.last?.contains("4 of ") == true, "\(said)")
        await live.app.press("Home")
        let top = live.app.said()
        #expect(top.last?.hasPrefix("say: Linus mentioned you: @ada Ping") == true, "\(top)")
    }

    @Test(arguments: [
        (Language.britishEnglish, "With Linus, unread. Linus wrote: @ada Secret plan. ", "1 of 2", "2 of 3"),
        (Language.spanish, "Con Linus, sin leer. Linus escribió: @ada Secret plan. ", "1 de 2", "2 de 3"),
    ])
    func aConversationEventGoesOnTopOfDirectMessagesWithTheFocusKept(
        language: Language, line: String, before: String, after: String
    ) async {
        let live = Live(Self.config(language))
        await live.app.open()
        await live.app.press("4")
        #expect(live.app.said().last?.hasSuffix(before) == true)
        // A new conversation with Linus arrives (the direct stream), while Grace's is read.
        let secret = FakeMastodon.Post(id: "402", author: "3", html: "<p>@ada Secret plan.</p>", minutesAgo: 0, visibility: "direct")
        let object = live.app.server.conversation(("c3", true, "3", secret))
        let conversation = try! JSONDecoder().decode(Conversation.self, from: JSONSerialization.data(withJSONObject: object))
        await live.feed(.conversation(conversation))
        // Nothing said over the conversation being read; F2 (where am I) says it moved down.
        await live.app.press("F2")
        let whereAmI = live.app.said()
        #expect(whereAmI.last?.contains("Grace Hopper") == true && whereAmI.last?.contains(", \(after).") == true, "\(whereAmI)")
        await live.app.press("Home")
        let top = live.app.said().last ?? ""
        #expect(top.hasPrefix("say: " + line), "\(top)")
    }

    @Test(arguments: [
        (Language.britishEnglish, "Direct message from Linus: Psst.", "Linus. Direct message. @ada Psst."),
        (Language.spanish, "Mensaje directo de Linus: Psst.", "Linus. Mensaje directo. @ada Psst."),
    ])
    func aDirectMentionIsAnnouncedAsADirectMessageAndJoinsMentions(language: Language, words: String, read: String) async {
        let live = Live(Self.config(language))
        await live.app.open()
        await live.app.press("3")
        _ = live.heard()
        let psst = FakeMastodon.Post(id: "403", author: "3", html: "<p>@ada Psst.</p>", minutesAgo: 0, visibility: "direct", mentions: ["1"])
        await live.feed(.notification(live.notice("30", "mention", from: "3", psst)))
        live.app.wait(.milliseconds(100))
        let heard = live.heard()
        #expect(heard.first == "sound: direct-message", "\(heard)")
        #expect(heard.contains("say (queued): \(words)"), "\(heard)")
        await live.app.press("Home")
        let said = live.app.said().last ?? ""
        #expect(said.hasPrefix("say: " + read), "\(said)")
    }

    @Test func aReturnAsksDirectMessagesAgainQuietly() async {
        let live = Live()
        await live.app.open()
        await live.app.press("4", "1")
        let asked = { live.app.requests.filter { $0 == "GET /api/v1/conversations" }.count }
        let before = asked()
        _ = live.heard()
        await live.feed(.stopped(.transport(.connectionLost)), .restored(missed: LiveMissed()))
        #expect(await live.app.waitUntil { asked() == before + 1 })
        // Its answer is in before the test ends (the harness must not go while it is awaited).
        await live.app.core.settle()
        live.app.wait(.milliseconds(100))
        // Only the connection's own lines: the quiet refresh says nothing.
        #expect(live.heard() == [
            "sound: soft-error", "say (queued): Live updates stopped; trying again.", "sound: ready",
            "say (queued): Live updates are back.",
        ])
    }
}

