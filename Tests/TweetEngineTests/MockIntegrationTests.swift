import Foundation
import Synchronization
import Testing
@testable import TweetEngine

/// Every action end to end: real HTTP through libcurl to mastodon-mock on 127.0.0.1.
/// Each test starts its own server (so tests can run in parallel) and stops it by pid.
/// The assertions are about Mastodon's documented behaviour, not the mock's quirks.
@Suite("TweetEngine against mastodon-mock", .timeLimit(.minutes(5)))
struct MockIntegrationTests {
    @Test func readingActions() async throws {
        try await withServer({ try await LocalServer.startMock() }) { mock in
            let ada = mock.engine(token: "ada_token")
            let me = try await ada.verifyCredentials()
            #expect(me.username == "ada")
            #expect(me.name == "Ada Lovelace")

            let preferences = try await ada.preferences()
            #expect(preferences.defaultVisibility.known != nil)

            let limits = try await ada.instanceLimits()
            // mastodon-mock states Mastodon's media limits: 10 MB images, 40 MB video.
            #expect(limits == InstanceLimits(maxCharacters: 500, charactersReservedPerURL: 23, imageBytes: 10_485_760, videoBytes: 41_943_040))

            let home = try await ada.homeTimeline(upTo: 200)
            #expect(home.items.count >= 8)
            #expect(home.requests == 1)
            #expect(home.items.contains { $0.text().contains("Analytical Engine") })
            // Newest first, as Mastodon returns them.
            let ids = home.items.compactMap { Int($0.id) }
            #expect(ids == ids.sorted(by: >))

            let grace = try await ada.account(handle: "@grace")
            #expect(grace.username == "grace")
            let sameGrace = try await ada.account(id: grace.id)
            #expect(sameGrace.id == grace.id)
            #expect(sameGrace.displayName == "Grace Hopper")

            let graceTimeline = try await ada.accountTimeline(accountID: grace.id)
            #expect(!graceTimeline.items.isEmpty)
            #expect(graceTimeline.items.allSatisfy { $0.account.id == grace.id })

            // A thread: the middle of ada's storm has ancestors and descendants.
            let storm = try #require(home.items.first { $0.text().hasPrefix("2/") })
            let thread = try await ada.thread(of: storm.id)
            #expect(thread.ancestors.count == 2)
            #expect(thread.descendants.count == 2)
            #expect(thread.ancestors.last?.text().hasPrefix("1/") == true)

            let alan = try await ada.account(handle: "alan")
            let katherine = try await ada.account(handle: "katherine")
            let relationships = try await ada.relationships(with: [grace.id, alan.id, katherine.id])
            #expect(relationships.map(\.id) == [grace.id, alan.id, katherine.id])
            #expect(relationships[0].following && relationships[0].followedBy)
            #expect(!relationships[2].following && relationships[2].followedBy)

            let followers = try await ada.followers(of: me.id)
            #expect(Set(followers.items.map(\.username)) == ["grace", "alan", "katherine"])
            let following = try await ada.following(of: me.id)
            #expect(Set(following.items.map(\.username)) == ["grace", "alan"])

            let notifications = try await ada.notifications()
            #expect(notifications.items.contains { $0.type == .known(.follow) && $0.account?.username == "grace" })
            let mentions = try await ada.notifications(types: [.mention])
            #expect(mentions.items.allSatisfy { $0.type == .known(.mention) })

            let conversations = try await ada.conversations()
            let unread = try #require(conversations.items.first { $0.unread })
            #expect(unread.lastStatus?.visibility == .known(.direct))
            let read = try await ada.markConversationRead(unread.id)
            #expect(read.id == unread.id)
            #expect(!read.unread)

            let tags = try await ada.trendingTags()
            #expect(tags.contains { $0.name == "computing" })

            let results = try await ada.search("grace", type: .accounts)
            #expect(results.accounts.contains { $0.username == "grace" })

            let newest = try #require(home.items.first)
            let saved = try await ada.setMarkers(home: newest.id)
            #expect(saved.home?.lastReadID == newest.id)
            let markers = try await ada.markers()
            #expect(markers.home?.lastReadID == newest.id)
        }
    }

    @Test func writingActions() async throws {
        try await withServer({ try await LocalServer.startMock() }) { mock in
            let ada = mock.engine(token: "ada_token")
            let grace = mock.engine(token: "grace_token")

            let draft = Draft(text: "Hello from loowi https://example.com/notes #testing", visibility: .unlisted,
                              contentWarning: "test post", language: "en")
            let posted = try await ada.post(draft)
            #expect(posted.visibility == .known(.unlisted))
            #expect(posted.spoilerText == "test post")
            #expect(posted.text() == "Hello from loowi link to example.com: Example link #testing")
            // Sending the same draft again (a retry) must not post twice.
            let retried = try await ada.post(draft)
            #expect(retried.id == posted.id)

            let reply = try await grace.post(Draft(text: "@ada nice", inReplyToID: posted.id))
            #expect(reply.inReplyToID == posted.id)
            let thread = try await ada.thread(of: posted.id)
            #expect(thread.descendants.map(\.id) == [reply.id])

            let boosted = try await grace.reblog(posted.id)
            #expect(boosted.reblog?.id == posted.id)
            let unboosted = try await grace.unreblog(posted.id)
            #expect(unboosted.id == posted.id)
            #expect(!unboosted.reblogged)

            let favourited = try await grace.favourite(posted.id)
            #expect(favourited.favourited)
            #expect(favourited.favouritesCount == 1)
            let unfavourited = try await grace.unfavourite(posted.id)
            #expect(!unfavourited.favourited)

            // Following an open account, then a locked one.
            let katherine = try await ada.account(handle: "katherine")
            let open = try await ada.follow(katherine.id)
            guard case .following(let relationship) = open else { Issue.record("expected following, got \(open)"); return }
            #expect(relationship.following)
            let after = try await ada.unfollow(katherine.id)
            #expect(!after.following)
            try await mock.control(.patch, "/api/v1/accounts/update_credentials", form: "locked=true", token: "katherine_token")
            let locked = try await ada.follow(katherine.id)
            guard case .requested = locked else { Issue.record("expected requested, got \(locked)"); return }
            #expect(locked.spoken(in: .english) == "Follow requested.")

            // A direct message to a follower goes through; to a non-follower it is refused.
            let graceAccount = try await ada.account(handle: "grace")
            let dm = try await ada.sendDirectMessage(Draft(text: "the notes are ready"), to: graceAccount)
            #expect(dm.visibility == .known(.direct))
            #expect(dm.mentions.contains { $0.username == "grace" })
            let strangerID = try await mock.control(.post, "/api/v1/_mock/dev_user", json: #"{"username":"stranger"}"#)
            let stranger = try await ada.account(handle: "stranger")
            #expect(!strangerID.body.isEmpty)
            await #expect(throws: EngineError.directMessageNotAllowed(handle: "stranger")) {
                _ = try await ada.sendDirectMessage(Draft(text: "hi"), to: stranger)
            }

            // Too long for the server's limit: refused before sending.
            await #expect(throws: EngineError.postTooLong(count: 501, maximum: 500)) {
                _ = try await ada.post(Draft(text: String(repeating: "a", count: 501)))
            }
        }
    }

    /// Mastodon 4.3's grouped notifications, and a follow request answered from them.
    @Test func groupedNotificationsAndFollowRequests() async throws {
        try await withServer({ try await LocalServer.startMock() }) { mock in
            let ada = mock.engine(token: "ada_token")
            let posted = try await ada.post(Draft(text: "Grouped favourites, please"))
            for token in ["grace_token", "alan_token", "katherine_token"] {
                _ = try await mock.engine(token: token).favourite(posted.id)
            }
            try await mock.control(.patch, "/api/v1/accounts/update_credentials", form: "locked=true", token: "ada_token")
            let me = try await ada.verifyCredentials()
            let created = try await mock.control(.post, "/api/v1/_mock/dev_user", json: #"{"username":"carmen"}"#)
            struct Created: Decodable { var access_token: String }
            let carmenToken = try JSONDecoder().decode(Created.self, from: created.body).access_token
            let carmen = try await ada.account(handle: "carmen")
            guard case .requested = try await mock.engine(token: carmenToken).follow(me.id) else {
                Issue.record("a locked account answers a follow with a request")
                return
            }

            let page = try await ada.notificationGroups()
            #expect(ada.offersGroupedNotifications == true)
            let favourites = try #require(page.items.first { $0.type == .known(.favourite) && $0.status?.id == posted.id })
            #expect(favourites.count == 3)
            #expect(favourites.accounts.count == 3)
            let said = NotificationSpeech(favourites, options: SpeakableTextOptions(language: .english), now: ada.clock.now()).summary
            #expect(said.hasSuffix(" and 2 others favourited your post: Grouped favourites, please"), "\(said)")
            let request = try #require(page.items.first { $0.type == .known(.followRequest) })
            #expect(request.accounts.map(\.id) == [carmen.id])

            let accepted = try await ada.authorizeFollowRequest(carmen.id)
            #expect(accepted.followedBy)
            // An account that is gone: the server's 404, as a typed error.
            await #expect(throws: EngineError.self) { try await ada.rejectFollowRequest("999999") }
        }
    }

    @Test func twoHundredPostsInExactlyFiveRequests() async throws {
        try await withServer({ try await LocalServer.startMock() }) { mock in
            // Seed: grace posts 210 times (ada follows grace, so they reach ada's home).
            let grace = mock.engine(token: "grace_token")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<3 {
                    group.addTask {
                        for index in stride(from: worker, to: 210, by: 3) {
                            _ = try await grace.post(Draft(text: "Seed post \(index)"))
                        }
                    }
                }
                try await group.waitForAll()
            }
            let counting = CountingTransport(base: LocalServer.curl())
            let ada = mock.engine(token: "ada_token", transport: counting)
            let page = try await ada.homeTimeline(upTo: 200)
            #expect(page.items.count == 200)
            #expect(counting.count == 5)
            #expect(page.requests == 5)
            #expect(Set(page.items.map(\.id)).count == 200)
            #expect(counting.requests.allSatisfy { $0.url.path == "/api/v1/timelines/home" })
            #expect(counting.requests.dropFirst().allSatisfy { $0.url.query?.contains("max_id=") == true })
            #expect(page.next != nil)
            let ids = page.items.compactMap { Int($0.id) }
            #expect(ids == ids.sorted(by: >))
        }
    }

    @Test func faultsBecomeTypedErrorsWithoutACrash() async throws {
        try await withServer({ try await LocalServer.startMock() }) { mock in
            let home = "/api/v1/timelines/home"
            // Generous timeouts everywhere except the one engine that must see a timeout.
            let counting = CountingTransport(base: LocalServer.curl(totalTimeout: .seconds(30)))
            let ada = mock.engine(token: "ada_token", transport: counting, options: .init(maximumRateLimitWait: .seconds(10)))
            let impatient = mock.engine(token: "ada_token", transport: LocalServer.curl(totalTimeout: .seconds(3)))

            try await mock.fault(path: home, effect: #"{"type":"status","status":503}"#)
            await #expect(throws: EngineError.http(status: 503, message: "Service temporarily unavailable")) {
                _ = try await ada.homeTimeline()
            }
            let spoken = EngineError.http(status: 503, message: nil).spoken(in: .english, retryIn: .seconds(30))
            #expect(spoken.text == "The server is not answering. loowi will try again in 30 seconds.")

            try await mock.fault(path: home, effect: #"{"type":"timeout"}"#)
            await #expect(throws: EngineError.transport(.timedOut)) { _ = try await impatient.homeTimeline() }

            try await mock.fault(path: home, effect: #"{"type":"malformed"}"#)
            do {
                _ = try await ada.homeTimeline()
                Issue.record("a malformed body must not decode")
            } catch let error as EngineError {
                guard case .decoding = error else { Issue.record("expected decoding, got \(error)"); return }
                #expect(error.spoken(in: .spanish).description == "El servidor ha enviado una respuesta que loowi no entiende.")
            }

            try await mock.fault(path: home, effect: #"{"type":"latency","delay_ms":1500}"#)
            let slow = try await ada.homeTimeline(upTo: 5)
            #expect(slow.items.count == 5)

            // The engine still works after every fault.
            let after = try await ada.verifyCredentials()
            #expect(after.username == "ada")

            try await mock.fault(path: home, effect: #"{"type":"ratelimit"}"#)
            let before = Date()
            do {
                _ = try await ada.homeTimeline()
                Issue.record("expected rate limited")
            } catch EngineError.rateLimited(let until) {
                // The mock resets 300 s later; that is beyond the 10 s the engine may wait.
                #expect(until.timeIntervalSince(before) > 200)
                #expect(until.timeIntervalSince(before) < 400)
                #expect(ada.rateLimitedUntil == until)
                #expect(ada.rateLimit?.remaining == 0)
            }
            let sent = counting.count
            await #expect(throws: EngineError.self) { _ = try await ada.verifyCredentials() }
            #expect(counting.count == sent, "no request may be sent before the reset")
        }
    }

    @Test func rateLimitingOnTheEngineWaitsForTheResetAndReportsIt() async throws {
        let config = """
            [ratelimit]
            enabled = true
            limit = 3
            window_seconds = 10
            """
        // A 10 s window: the fourth request must come before the window ends for a reset to be
        // waited for. The mock's window starts at the first request but the reset it announces
        // is cut to the whole second, so with a 5 s window three slow requests (CI's two cores
        // running the whole suite) could outlast it, and one CI run saw no wait at all.
        try await withServer({ try await LocalServer.startMock(configTOML: config) }) { mock in
            let events = Mutex<[EngineEvent]>([])
            let counting = CountingTransport(base: LocalServer.curl())
            let ada = mock.engine(
                token: "ada_token", transport: counting,
                options: .init(maximumRateLimitWait: .seconds(30), rateLimitWaits: 3, onEvent: { event in
                    events.withLock { $0.append(event) }
                }))
            var names: [String] = []
            for _ in 0..<5 { names.append(try await ada.verifyCredentials().username) }
            #expect(names == Array(repeating: "ada", count: 5))
            let waits = events.withLock { $0 }
            #expect(!waits.isEmpty, "the engine must have waited for at least one reset")
            #expect(ada.rateLimit?.limit == 3)
            #expect(ada.rateLimit?.remaining != nil)
            // Never a tight loop: at most one 429 per wait, and few requests overall.
            let responses = counting.count
            #expect(responses <= 5 + waits.count)
        }
    }

    @Test func oauthLoginTokenFileAndLogout() async throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("loowi-login-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withServer({ try await LocalServer.startMock() }) { mock in
            let file = FileTokenStore.defaultLocation(environment: ["XDG_CONFIG_HOME": folder.path])
            let engine = TweetEngine(transport: LocalServer.curl(), clock: SystemClock(), tokenStore: FileTokenStore(fileURL: file))
            let pending = try await engine.beginLogin(server: mock.baseURL.absoluteString)
            #expect(pending.usesPKCE)
            let parts = try #require(URLComponents(url: pending.authorizationURL, resolvingAgainstBaseURL: false))
            let query = Dictionary((parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
            #expect(parts.path == "/oauth/authorize")
            #expect(query["redirect_uri"] == "urn:ietf:wg:oauth:2.0:oob")
            #expect(query["response_type"] == "code")
            #expect(query["code_challenge_method"] == "S256")
            #expect(query["code_challenge"]?.count == 43)

            await #expect(throws: EngineError.loginRefused(message: "invalid_grant")) {
                _ = try await engine.completeLogin(pending, code: "not-a-code")
            }
            let account = try await engine.completeLogin(pending, code: "mockcode_grace")
            #expect(account.username == "grace")
            let saved = try #require(engine.credentials)
            #expect(saved.handle == "@grace@\(mock.baseURL.host!):\(mock.port)")
            var info = stat()
            #expect(stat(file.path, &info) == 0)
            #expect(info.st_mode & 0o777 == 0o600)
            let contents = try String(contentsOf: file, encoding: .utf8)
            #expect(contents.contains("client_secret") || contents.contains("clientSecret"))

            // A fresh engine restores the session from the file.
            let again = TweetEngine(transport: LocalServer.curl(), clock: SystemClock(), tokenStore: FileTokenStore(fileURL: file))
            try again.restoreSession()
            #expect(try await again.verifyCredentials().username == "grace")

            try await engine.logout()
            #expect(engine.credentials == nil)
            #expect(try FileTokenStore(fileURL: file).loadAll().isEmpty)
            // The token was revoked on the server: the other engine's copy no longer works.
            do {
                _ = try await again.verifyCredentials()
                Issue.record("a revoked token must not work")
            } catch EngineError.http(let status, _) {
                #expect(status == 401)
            }
        }
    }

    @Test func liveUpdatesReconnectAndDeliverANewPostAndADirectConversation() async throws {
        try await withServer({ try await LocalServer.startMock() }) { mock in
            // The first connection fails with a 503: live updates back off and reconnect.
            try await mock.fault(path: "/api/v1/streaming/user", effect: #"{"type":"status","status":503}"#)
            let ada = mock.engine(token: "ada_token", options: .init(streamBackoff: Backoff(initial: .milliseconds(500))))
            let grace = mock.engine(token: "grace_token")
            let text = "Live from the stream \(UUID().uuidString.prefix(8))"
            let secret = "A direct word \(UUID().uuidString.prefix(8))"
            let events = try await withThrowingTaskGroup(of: [LiveEvent]?.self) { group in
                group.addTask {
                    var seen: [LiveEvent] = []
                    var gotPost = false, gotConversation = false
                    for await event in ada.liveUpdates(since: LiveCursor()) {
                        seen.append(event)
                        if case .update(let status) = event, status.text() == text { gotPost = true }
                        if case .conversation(let c) = event, c.lastStatus?.text().contains(secret) == true { gotConversation = true }
                        if case .ended(let error) = event { throw error }
                        if gotPost && gotConversation { return seen }
                    }
                    return nil
                }
                group.addTask {
                    // Post once the stream has had time to connect; again a few times in
                    // case a loaded machine connects late (each post is a new status).
                    for _ in 0..<6 {
                        try await Task.sleep(for: .seconds(2))
                        _ = try await grace.post(Draft(text: text))
                        _ = try await grace.post(Draft(text: "@ada \(secret)", visibility: .direct))
                    }
                    try await Task.sleep(for: .seconds(20))
                    return nil
                }
                let first = try await group.next() ?? nil
                group.cancelAll()
                return first
            }
            let seen = try #require(events)
            #expect(seen.first == .started)
            #expect(!seen.contains { if case .stopped = $0 { true } else { false } })
            let post = seen.compactMap { if case .update(let s) = $0 { s } else { nil } }.first { $0.text() == text }
            #expect(post?.account.username == "grace")
        }
    }
}
