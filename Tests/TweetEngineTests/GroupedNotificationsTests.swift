import Foundation
import Synchronization
import Testing

@testable import TweetEngine

/// `GET /api/v2/notifications` (Mastodon 4.3+): the server's groups said with its count, read
/// leniently; a server without it falls back to v1 grouped here, asked once per session.
@Suite(.timeLimit(.minutes(5))) struct GroupedNotificationsTests {
    static let now = ISO8601.parse("2027-01-15T10:00:00.000Z")!

    func groups() throws -> [NotificationGroup] {
        try Fixtures.decode(GroupedNotifications.self, "notifications-grouped.json").notificationGroups
    }

    @Test func bothDecodingPathsReadTheSameGroups() throws {
        let slow = try groups()
        let fast = try FastJSON.decode(GroupedNotifications.self, from: Fixtures.data("notifications-grouped.json")).notificationGroups
        #expect(slow == fast)
        // The group without its most recent id, and the one that is not an object, are skipped.
        #expect(slow.map(\.id) == ["34975", "34970", "34960", "34950"])
        #expect(slow[0].groupKey == "reblog-100-482")
        // Sample ids each once, an unknown one left out; the count is the server's.
        #expect(slow[0].accounts.map(\.id) == ["1", "2"])
        #expect(slow[0].count == 4)
        #expect(slow[0].status?.id == "100")
        // Numbers from a server are clamped: never negative, never more than a trillion.
        #expect(slow[2].count == 0)
        #expect(slow[3].count == 1_000_000_000_000)
    }

    @Test func theServersCountIsSaid() throws {
        let list = try groups()
        let english = SpeakableTextOptions(language: .english)
        let spanish = SpeakableTextOptions(language: .spanish)
        let catalan = SpeakableTextOptions(language: .catalan)
        let said = list.map { NotificationSpeech($0, options: english, now: Self.now).sentence }
        #expect(said[0] == "Ana Ruiz and 3 others boosted your post: Bread rises best on a warm windowsill. 5 minutes ago")
        #expect(said[1] == "Carmen Ruiz asks to follow you. 10 minutes ago")
        // Its post is not among the container's statuses: said plainly.
        #expect(said[2] == "Tom Walsh favourited your post. The post is no longer available.")
        #expect(said[3] == "Ana Ruiz and 999999999999 others: a notification of a kind loowi does not know (annual_report)")
        #expect(
            NotificationSpeech(list[0], options: spanish, now: Self.now).sentence
                == "Ana Ruiz y 3 personas más han impulsado tu publicación: Bread rises best on a warm windowsill. hace 5 minutos")
        #expect(
            NotificationSpeech(list[0], options: catalan, now: Self.now).summary
                == "Ana Ruiz i 3 persones més han impulsat la teva publicació: Bread rises best on a warm windowsill")
    }

    @Test func groupedFollowsAreSaidInThePlural() throws {
        let ana = try JSONDecoder().decode(Account.self, from: Data(#"{"id":"1","username":"ana","acct":"ana","display_name":"Ana Ruiz"}"#.utf8))
        let group = NotificationGroup(
            MastodonNotification(id: "5", type: .known(.follow), account: ana), accounts: [ana], count: 3, groupKey: "follow-self")
        #expect(NotificationSpeech(group, options: SpeakableTextOptions(language: .english), now: Self.now).summary == "Ana Ruiz and 2 others followed you")
        #expect(NotificationSpeech(group, options: SpeakableTextOptions(language: .spanish), now: Self.now).summary == "Ana Ruiz y 2 personas más han empezado a seguirte")
        #expect(NotificationSpeech(group, options: SpeakableTextOptions(language: .catalan), now: Self.now).summary == "Ana Ruiz i 2 persones més han començat a seguir-te")
    }

    // MARK: Asking the server

    static let v1 = #"[{"id":"7","type":"follow","created_at":"2027-01-15T09:00:00.000Z","account":{"id":"2","username":"tom","acct":"tom","display_name":"Tom Walsh"}}]"#

    /// A server that answers v2 with `v2Status` (and a list, not the container, for 200).
    static func transport(v2Status: Int, v2Body: String = #"{"error":"Not found"}"#) -> StubTransport {
        StubTransport { request in
            if request.url.path == "/api/v2/notifications" { return .json(v2Body, status: v2Status, url: request.url) }
            return .json(v1, url: request.url)
        }
    }

    @Test(arguments: [404, 501, 405, 410])
    func aServerWithoutGroupingFallsBackOnceASession(status: Int) async throws {
        let transport = Self.transport(v2Status: status)
        let engine = StubServer.engine(transport: transport)
        let first = try await engine.notificationGroups()
        #expect(first.items.map(\.id) == ["7"])
        #expect(engine.offersGroupedNotifications == false)
        _ = try await engine.notificationGroups()
        #expect(transport.requests.map(\.url.path) == ["/api/v2/notifications", "/api/v1/notifications", "/api/v1/notifications"])
    }

    @Test func anAnswerThatIsNotTheContainerFallsBackToo() async throws {
        let transport = Self.transport(v2Status: 200, v2Body: Self.v1)
        let engine = StubServer.engine(transport: transport)
        let page = try await engine.notificationGroups()
        #expect(page.items.map(\.id) == ["7"])
        #expect(transport.requests.map(\.url.path) == ["/api/v2/notifications", "/api/v1/notifications"])
    }

    @Test func aServerErrorIsSaidAndV2IsAskedAgainNextTime() async throws {
        let transport = Self.transport(v2Status: 500)
        let engine = StubServer.engine(transport: transport)
        await #expect(throws: EngineError.http(status: 500, message: "Not found")) { _ = try await engine.notificationGroups() }
        #expect(engine.offersGroupedNotifications == nil)
    }

    @Test func aServerWithGroupingIsAskedOnlyV2() async throws {
        let body = try String(decoding: Fixtures.data("notifications-grouped.json"), as: UTF8.self)
        let transport = Self.transport(v2Status: 200, v2Body: body)
        let engine = StubServer.engine(transport: transport)
        let page = try await engine.notificationGroups()
        #expect(page.items.count == 4)
        #expect(engine.offersGroupedNotifications == true)
        #expect(transport.requests.map(\.url.absoluteString) == ["https://mastodon.example/api/v2/notifications?limit=80"])
    }

    @Test func followRequestsAreAuthorizedAndRejectedByAccount() async throws {
        let transport = StubTransport { request in
            .json(#"{"id":"4","following":false,"followed_by":true}"#, url: request.url)
        }
        let engine = StubServer.engine(transport: transport)
        let accepted = try await engine.authorizeFollowRequest("4")
        #expect(accepted.followedBy)
        try await engine.rejectFollowRequest("4/x")
        #expect(transport.requests.map { "\($0.method.rawValue) \($0.url.absoluteString)" } == [
            "POST https://mastodon.example/api/v1/follow_requests/4/authorize",
            "POST https://mastodon.example/api/v1/follow_requests/4%2Fx/reject",
        ])
    }
}
