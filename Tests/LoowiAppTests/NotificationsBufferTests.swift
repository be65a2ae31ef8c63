import AccessibleControls
import Foundation
import Localization
import Testing
import TweetEngine

@testable import LoowiApp

/// The Notifications buffer (issue 10, items 2 and 6): the server's grouped notifications or
/// v1 grouped here, follow requests answered with y and x, r/b/f on a notification's post,
/// the notifications marker, and the unread counts of Notifications and Mentions.
/// Notifications, newest first: 16 mention (post 201), 15+14 favourites of 301, 13 follow,
/// 12 favourite without its post, 11 an unknown type, 10 mention (post 202).
@MainActor
@Suite(.serialized, .timeLimit(.minutes(5))) struct NotificationsBufferTests {
    static func harness(_ language: Language = .britishEnglish, verbosity: Verbosity = .beginner, folder: URL? = nil) -> AppHarness {
        var config = LoowiConfig()
        config.language = language
        config.verbosity = verbosity
        let folder = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("loowi-notify-\(UUID().uuidString)")
        return AppHarness(config: config, folder: folder, position: ReadingPosition(file: folder.appendingPathComponent("position.json")))
    }

    static let carmeAsks = FakeMastodon.Notice(id: "17", type: "follow_request", from: "4")

    func notificationsMarker(_ id: String, in app: AppHarness) {
        app.server.state.withLock { $0.markers["notifications"] = FakeMastodon.SavedMarker(id: id, version: 2, updatedAt: app.server.now) }
    }

    func notificationWrites(_ app: AppHarness) -> [String] {
        app.server.state.withLock { $0.markerWrites }
    }

    // MARK: Grouped by the server, or here

    @Test func theServersGroupsAreSaidWithItsCount() async {
        let app = Self.harness()
        app.server.state.withLock {
            $0.groupsNotifications = true
            $0.newNotices = [FakeMastodon.Notice(id: "17", type: "favourite", from: "4", post: FakeMastodon.adaPost)]
        }
        await app.open()
        let atStart = app.requests.count
        _ = app.said()
        await app.press("2", "Down", "Down", "Down", "Down")
        #expect(
            app.said() == [
                // The newest favourite (17) brings its group to the top.
                "say: Notifications. Carme Riera and 2 others favourited your post: Tea time. 10 minutes ago, 1 of 6",
                "say: Grace Hopper mentioned you: @ada Are you coming? 10 minutes ago, 2 of 6",
                "say: Carme Riera followed you. 10 minutes ago, 3 of 6",
                "say: Linus favourited your post. The post is no longer available. 10 minutes ago, 4 of 6",
                "say: Grace Hopper: a notification of a kind loowi does not know (annual_report). 10 minutes ago, 5 of 6",
            ])
        #expect(Set(app.requests[atStart...].filter { $0.contains("notifications") }) == ["GET /api/v2/notifications"])
        await app.press("u")
        #expect(app.requests.last == "GET /api/v2/notifications")
    }

    @Test func theServersGroupsInSpanish() async {
        let app = Self.harness(.spanish)
        app.server.state.withLock {
            $0.groupsNotifications = true
            $0.newNotices = [FakeMastodon.Notice(id: "17", type: "favourite", from: "4", post: FakeMastodon.adaPost)]
        }
        await app.open()
        _ = app.said()
        await app.press("2", "Down")
        #expect(
            app.said() == [
                "say: Notificaciones. Carme Riera y 2 personas más han marcado como favorita tu publicación: Tea time. hace 10 minutos, 1 de 6",
                "say: Grace Hopper te ha mencionado: @ada Are you coming? hace 10 minutos, 2 de 6",
            ])
    }

    /// A server without v2 is asked once: the refresh goes straight to v1.
    @Test func withoutGroupingV1IsGroupedHereAndV2IsNotAskedAgain() async {
        let app = Self.harness()
        await app.open()
        await app.press("2")
        #expect(app.said().last == "say: Notifications. Grace Hopper mentioned you: @ada Are you coming? 10 minutes ago, 1 of 6")
        await app.press("Down")
        #expect(app.said() == ["say: Linus and Grace Hopper favourited your post: Tea time. 10 minutes ago, 2 of 6"])
        let before = app.requests.count
        await app.press("u")
        #expect(Array(app.requests[before...]) == ["GET /api/v1/notifications"])
        #expect(app.requests.filter { $0 == "GET /api/v2/notifications" }.count == 1)
    }

    // MARK: Follow requests

    @Test func acceptingAFollowRequest() async {
        let app = Self.harness()
        app.server.state.withLock { $0.newNotices = [Self.carmeAsks] }
        await app.open()
        _ = app.said()
        await app.press("2")
        #expect(app.said() == ["say: Notifications. Carme Riera asks to follow you. 10 minutes ago. Y accepts, X rejects, 1 of 7"])
        await app.press("y")
        #expect(app.said() == ["say: Accepted. Carme Riera follows you now."])
        #expect(app.requests.last == "POST /api/v1/follow_requests/4/authorize")
        #expect(app.server.state.withLock { $0.followRequestAnswers } == ["authorize 4"])
        // Answered, it leaves the list: the focus is on what took its place, and x there
        // answers nothing.
        await app.press("p")
        #expect(app.said().last == "say: 1 of 6")
        #expect(app.focusedItem?.contains("asks to follow you") == false)
        await app.press("Home", "x")
        #expect(app.said().last == "say: Not a follow request.")
        // A refresh that brings the notification back (some servers keep it) leaves it out.
        await app.press("u")
        await app.press("Home")
        #expect(app.said().last?.contains("asks to follow you") != true)
        #expect(app.server.state.withLock { $0.followRequestAnswers } == ["authorize 4"])
    }

    @Test func rejectingAFollowRequestInSpanish() async {
        let app = Self.harness(.spanish)
        app.server.state.withLock { $0.newNotices = [Self.carmeAsks] }
        await app.open()
        _ = app.said()
        await app.press("2")
        #expect(app.said() == ["say: Notificaciones. Carme Riera pide seguirte. hace 10 minutos. Y acepta, X rechaza, 1 de 7"])
        await app.press("x")
        #expect(app.said() == ["say: Has rechazado a Carme Riera."])
        #expect(app.server.state.withLock { $0.followRequestAnswers } == ["reject 4"])
        await app.press("p")
        #expect(app.said().last == "say: 1 de 6")
        #expect(app.focusedItem?.contains("pide seguirte") == false)
    }

    /// Past beginner, the request is said without the keys.
    @Test func theHintIsForBeginnersOnly() async {
        let app = Self.harness(verbosity: .intermediate)
        app.server.state.withLock { $0.newNotices = [Self.carmeAsks] }
        await app.open()
        _ = app.said()
        await app.press("2")
        #expect(app.said() == ["say: Notifications. Carme Riera asks to follow you. 10 minutes ago, 1 of 7"])
    }

    @Test func theKeysOnAnythingElseSayItIsNotAFollowRequest() async {
        let app = Self.harness()
        await app.open()
        await app.press("2")
        let mark = app.lines.count
        _ = app.said()
        await app.press("y")
        #expect(app.said() == ["say: Not a follow request."])
        #expect(app.lines[mark...].contains("    sound: soft-error"))
        await app.press("1", "x")
        #expect(app.said().last == "say: Not a follow request.")
        let spanish = Self.harness(.spanish)
        await spanish.open()
        await spanish.press("2")
        _ = spanish.said()
        await spanish.press("x")
        #expect(spanish.said() == ["say: No es una solicitud de seguimiento."])
        #expect(!app.requests.contains { $0.contains("follow_requests") })
    }

    /// The account left, or answered elsewhere: the server's 404 is said plainly.
    @Test func aRequestThatIsGoneIsSaidPlainly() async {
        let app = Self.harness()
        app.server.state.withLock {
            $0.newNotices = [Self.carmeAsks]
            $0.failures["follow_requests/4/authorize"] = 404
        }
        await app.open()
        await app.press("2")
        _ = app.said()
        await app.press("y")
        #expect(app.said() == ["say: This follow request can no longer be answered: the account or its request is gone."])
        await app.press("p")
        #expect(app.said() == ["say: 1 of 7"])
        #expect(app.focusedItem == "Carme Riera asks to follow you. 10 minutes ago. Y accepts, X rejects")
        let spanish = Self.harness(.spanish)
        spanish.server.state.withLock {
            $0.newNotices = [Self.carmeAsks]
            $0.failures["follow_requests/4/reject"] = 404
        }
        await spanish.open()
        await spanish.press("2")
        _ = spanish.said()
        await spanish.press("x")
        #expect(spanish.said() == ["say: Ya no se puede responder a esta solicitud de seguimiento: la cuenta o la solicitud ya no existen."])
    }

    // MARK: The notification's post

    @Test func rRepliesToAMentionAndBAndFActOnThePost() async {
        let app = Self.harness()
        await app.open()
        await app.press("2", "r")
        #expect(app.core.navigator.stack.last?.title == "Reply to Grace Hopper")
        await app.press("Escape")
        _ = app.said()
        await app.press("b")
        #expect(app.said() == ["say: Boosted."])
        #expect(app.server.state.withLock { $0.reblogged } == ["201"])
        await app.press("f")
        #expect(app.said() == ["say: Added to favourites."])
        #expect(app.server.state.withLock { $0.favourited } == ["201"])
        // Without its post: said plainly, nothing sent.
        await app.press("Down", "Down", "Down")
        _ = app.said()
        let before = app.requests.count
        await app.press("r")
        #expect(app.said() == ["say: This one has no post."])
        #expect(app.requests.count == before)
    }

    @Test func rRepliesToAMentionInSpanish() async {
        let app = Self.harness(.spanish)
        await app.open()
        await app.press("2", "r")
        #expect(app.core.navigator.stack.last?.title == "Respuesta a Grace Hopper")
        await app.press("Escape", "Down", "Down", "Down")
        _ = app.said()
        await app.press("b")
        #expect(app.said() == ["say: Esto no tiene ninguna publicación."])
    }

    // MARK: The notifications marker and unread counts

    @Test(arguments: [
        (Language.britishEnglish, "Notifications, 2 new. Carme Riera followed you. 10 minutes ago, 3 of 6",
         "Notifications, 1 new. Linus and Grace Hopper favourited your post: Tea time. 10 minutes ago, 2 of 6",
         "Notifications. Grace Hopper mentioned you: @ada Are you coming? 10 minutes ago, 1 of 6"),
        (.spanish, "Notificaciones, 2 sin leer. Carme Riera ha empezado a seguirte. hace 10 minutos, 3 de 6",
         "Notificaciones, 1 sin leer. Linus y Grace Hopper han marcado como favorita tu publicación: Tea time. hace 10 minutos, 2 de 6",
         "Notificaciones. Grace Hopper te ha mencionado: @ada Are you coming? hace 10 minutos, 1 de 6"),
    ])
    func opensOnTheMarkerAndTheCountGoesDownAsTheUserReadsUp(language: Language, two: String, one: String, none: String) async {
        let app = Self.harness(language)
        notificationsMarker("13", in: app)
        await app.open()
        _ = app.said()
        await app.press("2")
        #expect(app.said() == ["say: \(two)"])
        // Opened where the server said: nothing to write back.
        #expect(notificationWrites(app).isEmpty)
        await app.press("1", "2")
        #expect(app.said().last == "say: \(two)")
        await app.press("Up", "1", "2")
        #expect(app.said().last == "say: \(one)")
        await app.press("Up", "1", "2")
        #expect(app.said().last == "say: \(none)")
        // Reading down again does not make anything new.
        await app.press("Down", "1", "2")
        #expect(app.said().last?.hasPrefix("say: \(language == .spanish ? "Notificaciones." : "Notifications.")") == true)
    }

    /// Issue 35, item 12: jumping to the newest and hearing it leaves the marker where it was
    /// while the group between (15) is not heard, and that group is still new.
    @Test(arguments: [
        (Language.britishEnglish, "Notifications, 1 new. Grace Hopper mentioned you: @ada Are you coming? 10 minutes ago, 1 of 6"),
        (.spanish, "Notificaciones, 1 sin leer. Grace Hopper te ha mencionado: @ada Are you coming? hace 10 minutos, 1 de 6"),
    ])
    func theMarkerMovesOnlyOverWhatWasHeard(language: Language, one: String) async {
        let app = Self.harness(language)
        notificationsMarker("13", in: app)
        await app.open()
        await app.press("2", "Home", "1", "2")
        #expect(app.said().last == "say: \(one)")
        await app.core.settle()
        #expect(notificationWrites(app).isEmpty)
        // Down to 15: everything from 13 up to 16 is heard now.
        await app.press("Down")
        await app.core.settle()
        #expect(notificationWrites(app) == ["16"])
    }

    @Test func theMarkerIsWrittenAtMostOnceEvery30SecondsAndOnQuit() async {
        let app = Self.harness()
        notificationsMarker("13", in: app)
        await app.open()
        await app.press("2", "Up")
        #expect(notificationWrites(app) == ["15"])
        await app.press("Up")
        app.wait(.seconds(10))
        await app.core.settle()
        #expect(notificationWrites(app) == ["15"])
        // Reading down again does not take the marker back (issue 35: read means heard).
        await app.press("Down")
        await app.core.quit(waitingAtMost: .seconds(60))
        #expect(notificationWrites(app) == ["15", "16"])
        #expect(app.server.state.withLock { $0.markers["notifications"]?.id } == "16")
        // The home marker was never touched.
        #expect(app.server.state.withLock { $0.markers["home"] } == nil)
        #expect(app.requests.filter { $0 == "POST /api/v1/markers" }.count == 2)
    }

    @Test func aConflictRereadsTheNotificationsMarkerAndHonoursIt() async {
        let app = Self.harness()
        notificationsMarker("13", in: app)
        await app.open()
        await app.press("2")
        app.server.state.withLock { $0.failures["markers"] = 409 }
        let before = app.requests.count
        await app.press("Up")
        await app.core.settle()
        #expect(Array(app.requests[before...]) == ["POST /api/v1/markers", "GET /api/v1/markers"])
        app.wait(.seconds(60))
        await app.core.quit(waitingAtMost: .seconds(60))
        #expect(notificationWrites(app).isEmpty)
        #expect(app.core.notificationsMarker.server?.lastReadID == "13")
    }

    /// Mentions counts what is new by the notifications marker: mention 16 is above 13.
    @Test func mentionsCountWhatIsNewerThanTheNotificationsMarker() async {
        let app = Self.harness()
        notificationsMarker("13", in: app)
        await app.open()
        _ = app.said()
        await app.press("3")
        #expect(app.said() == ["say: Mentions, 1 new. Grace Hopper. @ada Are you coming? 2 minutes ago, 1 of 2"])
        await app.press("Down", "Up", "1", "3")
        #expect(app.said().last == "say: Mentions. Grace Hopper. @ada Are you coming? 2 minutes ago, 1 of 2")

        let spanish = Self.harness(.spanish)
        notificationsMarker("13", in: spanish)
        await spanish.open()
        _ = spanish.said()
        await spanish.press("3")
        #expect(spanish.said() == ["say: Menciones, 1 sin leer. Grace Hopper. @ada Are you coming? hace 2 minutos, 1 de 2"])
    }

    // MARK: Every buffer's position survives a restart

    @Test func eachBuffersPositionSurvivesARestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-notify-\(UUID().uuidString)")
        do {
            let first = Self.harness(folder: folder)
            await first.open()
            await first.press("3", "Down", "4", "Down", "6", "Down", "7", "2", "Down", "Down")
            await first.core.quit(waitingAtMost: .seconds(60))
        }
        let position = ReadingPosition(file: folder.appendingPathComponent("position.json"))
        #expect(position.load(.mentions)?.id == "202")
        #expect(position.load(.directMessages)?.id == "c2")
        #expect(position.load(.favourites)?.id == "102")
        #expect(position.load(.notifications)?.id == "13")
        // Bookmarks opened on the newest by itself: no position of the user's to keep.
        #expect(position.load(.bookmarks) == nil)

        let app = Self.harness(.spanish, folder: folder)
        await app.open()
        _ = app.said()
        await app.press("3")
        #expect(app.said() == ["say: Menciones, 1 sin leer. Linus. @ada Patch sent. hace 1 hora, 2 de 2"])
        await app.press("4")
        #expect(app.said() == ["say: Mensajes directos, 1 sin leer. Con Linus. No hay ningún mensaje que mostrar., 2 de 2"])
        await app.press("6")
        #expect(app.said() == ["say: Favoritos. Grace Hopper. Hello @ada. hace 2 horas, 2 de 2"])
        // Opened where the user was; the two above were heard on the way down, so none is new.
        await app.press("2")
        #expect(app.said() == ["say: Notificaciones. Carme Riera ha empezado a seguirte. hace 10 minutos, 3 de 6"])
    }

    @Test func theFirstFormatIsStillRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-notify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("position.json")
        try Data(#"{"home":"104","at":800000000}"#.utf8).write(to: file)
        let position = ReadingPosition(file: file)
        #expect(position.load()?.home == "104")
        #expect(position.load(.mentions) == nil)
        position.save([.mentions: "202"], at: Date(timeIntervalSinceReferenceDate: 900_000_000))
        #expect(position.load()?.home == "104")
        #expect(position.load(.mentions)?.id == "202")
        // An entry that is not an id is no position.
        try Data(#"{"home":"104","at":800000000,"buffers":{"sent":{"id":"../x","at":1}}}"#.utf8).write(to: file)
        #expect(position.load(.sent) == nil)
        #expect(position.load()?.home == "104")
    }
}
