import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

/// `loowi watch` as a listener reads it: one line per arriving item, the connection's changes
/// once each way, the user's own posts and doubled mentions left out, in English and Spanish.
@Suite(.timeLimit(.minutes(5))) struct WatchLinesTests {
    let server = FakeMastodon()
    let error = EngineError.streamingUnavailable

    func status(_ post: FakeMastodon.Post) -> Status {
        try! JSONDecoder().decode(Status.self, from: JSONSerialization.data(withJSONObject: server.status(post)))
    }

    func notice(_ id: String, _ type: String, from: String, _ post: FakeMastodon.Post? = nil) -> MastodonNotification {
        let object = server.notification(FakeMastodon.Notice(id: id, type: type, from: from, post: post))
        return try! JSONDecoder().decode(MastodonNotification.self, from: JSONSerialization.data(withJSONObject: object))
    }

    var bread: Status { status(FakeMastodon.Post(id: "501", author: "2", html: "<p>Fresh bread.</p>", minutesAgo: 0)) }
    var mine: Status { status(FakeMastodon.Post(id: "502", author: "1", html: "<p>My own news.</p>", minutesAgo: 0)) }
    var mentioning: FakeMastodon.Post {
        FakeMastodon.Post(id: "503", author: "3", html: "<p>@ada Patch ready.</p>", minutesAgo: 0, mentions: ["1"])
    }

    func watch(_ filter: WatchFilter = WatchFilter(), _ language: Language = .britishEnglish) -> WatchLines {
        WatchLines(filter: filter, language: language, me: "1")
    }

    @Test func listeningIsSaidOnceAndPollingSaysHowOften() {
        var lines = watch()
        #expect(lines.lines(for: .started, now: server.now) == ["Listening for new posts and notifications. Press Ctrl-C to stop."])
        #expect(lines.lines(for: .polling(every: .seconds(60)), now: server.now) == ["Live updates come every minute on this server."])
        #expect(lines.lines(for: .started, now: server.now) == [])
    }

    @Test func aServerWithoutStreamingIsListenedToToo() {
        var lines = watch()
        #expect(lines.lines(for: .polling(every: .seconds(120)), now: server.now) == [
            "Listening for new posts and notifications. Press Ctrl-C to stop.", "Live updates come every 2 minutes on this server.",
        ])
    }

    @Test func eachArrivingItemIsOneLine() {
        var lines = watch()
        #expect(lines.lines(for: .update(bread), now: server.now) == ["Grace Hopper. Fresh bread. just now"])
        #expect(lines.lines(for: .notification(notice("20", "follow", from: "4")), now: server.now) == ["Carme Riera followed you. 10 minutes ago"])
    }

    @Test func aReplyToTheListenerSaysSo() {
        var lines = watch()
        let reply = status(FakeMastodon.Post(id: "504", author: "2", html: "<p>Agreed.</p>", minutesAgo: 0, inReplyTo: FakeMastodon.adaPost.id))
        #expect(lines.lines(for: .update(reply), now: server.now) == ["Grace Hopper. In reply to you. Agreed. just now"])
    }

    @Test func theUsersOwnPostAndAMentionAsAPostAreNotNews() {
        var lines = watch()
        #expect(lines.lines(for: .update(mine), now: server.now) == [])
        // The mention notification says it: the same post as a home post would be heard twice.
        #expect(lines.lines(for: .update(status(mentioning)), now: server.now) == [])
        #expect(lines.lines(for: .notification(notice("21", "mention", from: "3", mentioning)), now: server.now) == [
            "Linus mentioned you: @ada Patch ready. 10 minutes ago"
        ])
    }

    @Test func withPostsOnlyAMentioningPostIsAPost() {
        var lines = watch(WatchFilter(posts: true, types: []))
        #expect(lines.lines(for: .update(status(mentioning)), now: server.now) == ["Linus. @ada Patch ready. just now"])
        #expect(lines.lines(for: .notification(notice("21", "mention", from: "3", mentioning)), now: server.now) == [])
    }

    @Test func typesLetOnlyTheirKindsThrough() {
        var lines = watch(WatchFilter(posts: false, types: [.mention]))
        #expect(lines.lines(for: .update(bread), now: server.now) == [])
        #expect(lines.lines(for: .notification(notice("22", "favourite", from: "3", FakeMastodon.adaPost)), now: server.now) == [])
        #expect(lines.lines(for: .notification(notice("23", "annual_report", from: "2")), now: server.now) == [])
        #expect(lines.lines(for: .notification(notice("24", "mention", from: "2", mentioning)), now: server.now).count == 1)
    }

    @Test func editsDeletesAndConversationsAreNotSaid() {
        var lines = watch()
        #expect(lines.lines(for: .statusUpdate(bread), now: server.now) == [])
        #expect(lines.lines(for: .delete(statusID: "501"), now: server.now) == [])
        #expect(lines.lines(for: .filtersChanged, now: server.now) == [])
    }

    @Test func theConnectionIsSaidOnceEachWayWithWhatArrivedMeanwhile() {
        var lines = watch(WatchFilter(posts: true, types: [.mention]))
        // "Listening…" comes before any state line, even one that comes first.
        #expect(lines.lines(for: .stopped(error), now: server.now) == [
            "Listening for new posts and notifications. Press Ctrl-C to stop.", "Live updates stopped; trying again.",
        ])
        #expect(lines.lines(for: .stopped(error), now: server.now) == [])
        let older = status(FakeMastodon.Post(id: "500", author: "3", html: "<p>Older.</p>", minutesAgo: 3))
        // Newest first, as the engine gives them; the user's own post and a favourite the
        // filter keeps out are not counted.
        let missed = LiveMissed(
            statuses: [mine, bread, older],
            notifications: [notice("25", "favourite", from: "3", FakeMastodon.adaPost), notice("26", "mention", from: "3", mentioning)])
        #expect(lines.lines(for: .restored(missed: missed), now: server.now) == [
            "Live updates are back; 2 posts and 1 notification arrived meanwhile.",
            "Linus. Older. 3 minutes ago", "Grace Hopper. Fresh bread. just now",
            "Linus mentioned you: @ada Patch ready. 10 minutes ago",
        ])
        #expect(lines.lines(for: .stopped(error), now: server.now) == ["Live updates stopped; trying again."])
        #expect(lines.lines(for: .restored(missed: LiveMissed()), now: server.now) == ["Live updates are back."])
        #expect(lines.lines(for: .ended(.loginRefused(message: nil)), now: server.now) == ["Live updates have stopped."])
    }

    @Test func anUnreachableServerIsSaidOnceEachWayAndNoReturnWithoutAnOutage() {
        var lines = watch()
        #expect(lines.lines(for: .polling(every: .seconds(60)), now: server.now) == [
            "Listening for new posts and notifications. Press Ctrl-C to stop.", "Live updates come every minute on this server.",
        ])
        // A return nobody heard of: its items print, no "back".
        #expect(lines.lines(for: .restored(missed: LiveMissed(statuses: [bread])), now: server.now) == ["Grace Hopper. Fresh bread. just now"])
        #expect(lines.lines(for: .unreachable(.transport(.connectionLost)), now: server.now) == [
            "loowi cannot reach your server; new posts wait until it answers."
        ])
        #expect(lines.lines(for: .unreachable(.transport(.connectionLost)), now: server.now) == [])
        let three = ["601", "602", "603"].map { status(FakeMastodon.Post(id: $0, author: "2", html: "<p>Post \($0).</p>", minutesAgo: 1)) }
        #expect(lines.lines(for: .reachable(missed: LiveMissed(statuses: three.reversed())), now: server.now) == [
            "Your server answers again; 3 posts arrived meanwhile.",
            "Grace Hopper. Post 601. 1 minute ago", "Grace Hopper. Post 602. 1 minute ago", "Grace Hopper. Post 603. 1 minute ago",
        ])
        #expect(lines.lines(for: .reachable(missed: LiveMissed()), now: server.now) == [])
    }

    @Test func anItemRepeatedByTheServerPrintsOnce() {
        var lines = watch()
        #expect(lines.lines(for: .update(bread), now: server.now).count == 1)
        // GoToSocial answers `min_id` with the newest item again; a return may bring it too.
        #expect(lines.lines(for: .update(bread), now: server.now) == [])
        #expect(lines.lines(for: .stopped(error), now: server.now).count == 2)
        #expect(lines.lines(for: .restored(missed: LiveMissed(statuses: [bread])), now: server.now) == ["Live updates are back."])
        let mention = notice("30", "mention", from: "3", mentioning)
        #expect(lines.lines(for: .notification(mention), now: server.now).count == 1)
        #expect(lines.lines(for: .notification(mention), now: server.now) == [])
        // The memory is bounded: the oldest ids are forgotten first.
        var recent = RecentIDs(capacity: 2)
        let answers = ["a", "b", "a", "c", "a", "c"].map { recent.insert($0) }
        #expect(answers == [true, true, false, true, true, false])
    }

    @Test func inSpanish() {
        var lines = watch(WatchFilter(), .spanish)
        #expect(lines.lines(for: .started, now: server.now) == ["Escuchando publicaciones y notificaciones nuevas. Pulsa Control-C para terminar."])
        #expect(lines.lines(for: .notification(notice("21", "mention", from: "3", mentioning)), now: server.now) == [
            "Linus te ha mencionado: @ada Patch ready. hace 10 minutos"
        ])
        #expect(lines.lines(for: .stopped(error), now: server.now) == ["Las actualizaciones en directo se han detenido; volviendo a intentarlo."])
        #expect(lines.lines(for: .restored(missed: LiveMissed(statuses: [bread])), now: server.now) == [
            "Las actualizaciones en directo han vuelto; mientras tanto ha llegado 1 publicación.", "Grace Hopper. Fresh bread. ahora mismo",
        ])
        #expect(lines.lines(for: .polling(every: .seconds(60)), now: server.now) == [
            "En este servidor, las actualizaciones en directo llegan cada minuto."
        ])
        #expect(lines.lines(for: .ended(.loginRefused(message: nil)), now: server.now) == ["Las actualizaciones en directo se han detenido."])
        #expect(lines.lines(for: .unreachable(.transport(.connectionLost)), now: server.now) == [
            "loowi no puede llegar a tu servidor; las publicaciones nuevas esperan hasta que responda."
        ])
        let three = ["601", "602", "603"].map { status(FakeMastodon.Post(id: $0, author: "2", html: "<p>Post \($0).</p>", minutesAgo: 1)) }
        #expect(lines.lines(for: .reachable(missed: LiveMissed(statuses: three)), now: server.now).first
            == "Tu servidor vuelve a responder; mientras tanto han llegado 3 publicaciones.")
    }
}
