import Foundation
import Synchronization
import Testing

@testable import TweetEngine

/// Issue 9, defect 1: a post must never be published twice, even when the server published
/// it and the answer was lost, and even on a server that ignores Idempotency-Key.
@Suite(.timeLimit(.minutes(5))) struct OutboxDeliveryMachineTests {
    let at = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aNewItemIsSentAndMarkedUnansweredBeforeTheRequest() {
        var delivery = OutboxDelivery(OutboxItem(draft: Draft(text: "hi"), queuedAt: at))
        #expect(delivery.start() == .send)
        let saved = delivery.willSend(at: at)
        #expect(saved.unansweredSince == at)
        #expect(saved.attempts == 1)
    }

    @Test func aLostAnswerKeepsTheItemAsMaybeOut() {
        var delivery = OutboxDelivery(OutboxItem(draft: Draft(text: "hi"), queuedAt: at))
        _ = delivery.start()
        _ = delivery.willSend(at: at)
        guard case .kept(let item, let mayBeOut) = delivery.sent(.noAnswer) else {
            Issue.record("expected kept")
            return
        }
        #expect(mayBeOut)
        #expect(item.unansweredSince == at)
        var next = OutboxDelivery(item)
        #expect(next.start() == .reconcile(since: at))
        #expect(next.reconciled(found: nil) == .send)
    }

    @Test func aSureFailureUndoesTheUnansweredMark() {
        var delivery = OutboxDelivery(OutboxItem(draft: Draft(text: "hi"), queuedAt: at))
        _ = delivery.willSend(at: at)
        #expect(delivery.sent(.notSent) == .kept(delivery.item, mayBeOut: false))
        #expect(delivery.item.unansweredSince == nil)
        _ = delivery.willSend(at: at.addingTimeInterval(5))
        guard case .kept(let item, false) = delivery.sent(.refused(reason: "Validation failed")) else {
            Issue.record("expected kept, not out")
            return
        }
        #expect(item.refusal == "Validation failed")
        #expect(item.unansweredSince == nil)
        #expect(!item.retriesByItself)
    }

    @Test func aSureFailureAfterALostAnswerStillSaysMaybeOut() {
        var item = OutboxItem(draft: Draft(text: "hi"), queuedAt: at)
        item.unansweredSince = at
        var delivery = OutboxDelivery(item)
        _ = delivery.willSend(at: at.addingTimeInterval(60))
        guard case .kept(let kept, true) = delivery.sent(.notSent) else {
            Issue.record("expected kept, may be out")
            return
        }
        // The earliest unanswered attempt is the one to look after.
        #expect(kept.unansweredSince == at)
    }

    @Test(arguments: [
        (EngineError.transport(.connectionLost), OutboxDelivery.SendResult.noAnswer),
        (.transport(.timedOut), .noAnswer),
        (.transport(.couldNotConnect), .notSent),
        (.transport(.couldNotResolveHost("x")), .notSent),
        (.transport(.serverSpeaksHTTPS), .notSent),
        (.transport(.securitySetupFailed("CURLOPT_SSL_VERIFYPEER")), .notSent),
        (.transport(.answerCutOff), .noAnswer),
        (.http(status: 503, message: nil), .noAnswer),
        (.http(status: 502, message: nil), .noAnswer),
        (.http(status: 422, message: "Text too long"), .refused(reason: "Text too long")),
        (.rateLimited(until: Date(timeIntervalSince1970: 0)), .notSent),
        (.cancelled, .noAnswer),
        (.decoding(detail: "x"), .noAnswer),
    ])
    func failuresAreSortedByWhetherThePostMayBeOut(error: EngineError, expected: OutboxDelivery.SendResult) {
        #expect(OutboxDelivery.SendResult(error) == expected)
    }
}

@Suite(.timeLimit(.minutes(5))) struct PublishedPostMatchTests {
    let since = Date(timeIntervalSince1970: 1_800_000_000)

    private func status(_ html: String, minutes: Double = 1, replyTo: String? = nil, visibility: String = "public", cw: String = "") throws -> Status {
        let object: [String: Any] = [
            "id": "77", "uri": "u", "content": html, "created_at": ISO8601DateFormatter().string(from: since.addingTimeInterval(minutes * 60)),
            "visibility": visibility, "spoiler_text": cw, "in_reply_to_id": replyTo ?? NSNull(),
            "account": ["id": "1", "username": "ada", "acct": "ada", "display_name": "Ada"],
        ]
        return try JSONDecoder().decode(Status.self, from: JSONSerialization.data(withJSONObject: object))
    }

    let mastodonHTML = """
        <p><span class="h-card" translate="no"><a href="https://x.example/@grace" class="u-url mention">@<span>grace</span></a></span> see <a href="https://example.com/a/very/long/path/that/is/cut" target="_blank" rel="nofollow noopener"><span class="invisible">https://</span><span class="ellipsis">example.com/a/very/long/pa</span><span class="invisible">th/that/is/cut</span></a> &amp; tell me what&#39;s new 🎉</p>
        """

    @Test func theServersHTMLMatchesTheDraftItCameFrom() throws {
        let draft = Draft(text: "@grace@x.example see https://example.com/a/very/long/path/that/is/cut & tell me what's new 🎉")
        #expect(PublishedPostMatch.matches(try status(mastodonHTML), draft, attemptedSince: since))
    }

    @Test func otherWordsAnotherReplyTargetVisibilityOrAnOlderPostDoNotMatch() throws {
        let draft = Draft(text: "@grace see https://example.com/a/very/long/path/that/is/cut & tell me what's new 🎉", visibility: .public)
        #expect(PublishedPostMatch.matches(try status(mastodonHTML), draft, attemptedSince: since))
        #expect(!PublishedPostMatch.matches(try status("<p>Something else</p>"), draft, attemptedSince: since))
        #expect(!PublishedPostMatch.matches(try status(mastodonHTML, replyTo: "5"), draft, attemptedSince: since))
        // The server may narrow a post (a silenced account's public becomes unlisted), never widen it.
        #expect(PublishedPostMatch.matches(try status(mastodonHTML, visibility: "unlisted"), draft, attemptedSince: since))
        var narrow = draft
        narrow.visibility = .private
        #expect(!PublishedPostMatch.matches(try status(mastodonHTML, visibility: "public"), narrow, attemptedSince: since))
        #expect(!PublishedPostMatch.matches(try status(mastodonHTML, minutes: -60), draft, attemptedSince: since))
        #expect(!PublishedPostMatch.matches(try status(mastodonHTML, cw: "spoilers"), draft, attemptedSince: since))
        // The server's clock may be a little behind.
        #expect(PublishedPostMatch.matches(try status(mastodonHTML, minutes: -2), draft, attemptedSince: since))
    }
}

/// The engine and the outbox file together, against a server that publishes, then loses
/// the answer, and ignores Idempotency-Key (as GoToSocial does).
@Suite(.timeLimit(.minutes(5))) struct OutboxEngineTests {
    final class Server: Sendable {
        struct State {
            var statuses: [[String: Any]] = []
            var loseNextPostAnswer = false
            /// The request never reached the server.
            var dropNextPostBeforeServer = false
            var refuseNextPost = false
            /// The transfer is cancelled mid-flight (Escape): the server may have made it.
            var cancelNextPost = false
            var postKeys: [String?] = []
            var outboxSeenDuringPost: [String] = []
        }
        let state = Mutex(State())
        let outboxPath: String
        let now = Date(timeIntervalSince1970: 1_800_000_000)

        init(outboxPath: String) { self.outboxPath = outboxPath }

        func answer(_ request: HTTPRequest) throws -> HTTPResponse {
            let path = request.url.path
            if request.method == .post, path == "/api/v1/statuses" {
                let seen = (try? String(contentsOfFile: outboxPath, encoding: .utf8)) ?? ""
                let form = String(decoding: request.body ?? Data(), as: UTF8.self)
                let text = form.split(separator: "&").first { $0.hasPrefix("status=") }.map { String($0.dropFirst(7)).removingPercentEncoding ?? "" } ?? ""
                let outcome = state.withLock { state -> (lost: Bool, dropped: Bool, refused: Bool, status: [String: Any]) in
                    state.postKeys.append(request.header("Idempotency-Key"))
                    state.outboxSeenDuringPost.append(seen)
                    let dropped = state.dropNextPostBeforeServer
                    let refused = state.refuseNextPost
                    state.dropNextPostBeforeServer = false
                    state.refuseNextPost = false
                    let status: [String: Any] = [
                        "id": String(500 + state.statuses.count), "uri": "u", "content": "<p>\(text)</p>",
                        "created_at": ISO8601DateFormatter().string(from: now), "visibility": "public", "spoiler_text": "",
                        "account": ["id": "1", "username": "ada", "acct": "ada", "display_name": "Ada"],
                    ]
                    if !dropped && !refused { state.statuses.insert(status, at: 0) }
                    let lost = state.loseNextPostAnswer
                    state.loseNextPostAnswer = false
                    return (lost, dropped, refused, status)
                }
                if outcome.dropped { throw TransportError.timedOut }
                if state.withLock({ state in defer { state.cancelNextPost = false }; return state.cancelNextPost }) {
                    throw TransportError.cancelled
                }
                if outcome.refused { return .json(#"{"error":"Validation failed: Text too long"}"#, status: 422, url: request.url) }
                if outcome.lost { throw TransportError.connectionLost }
                return .json(String(decoding: try JSONSerialization.data(withJSONObject: outcome.status), as: UTF8.self), url: request.url)
            }
            switch path {
            case "/api/v1/accounts/verify_credentials":
                return .json(#"{"id":"1","username":"ada","acct":"ada","display_name":"Ada"}"#, url: request.url)
            case "/api/v1/accounts/1/statuses":
                let list = state.withLock { $0.statuses }
                return .json(String(decoding: try JSONSerialization.data(withJSONObject: list), as: UTF8.self), url: request.url)
            case "/api/v2/instance", "/api/v1/instance":
                return .json(#"{"domain":"fake","configuration":{"statuses":{"max_characters":500,"characters_reserved_per_url":23}}}"#, url: request.url)
            default:
                return .json(#"{"error":"Record not found"}"#, status: 404, url: request.url)
            }
        }

        var published: Int { state.withLock { $0.statuses.count } }
    }

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-outbox-\(UUID().uuidString)")
    var path: String { folder.appendingPathComponent("outbox-ada.json").path }

    private func engine(_ server: Server) -> (TweetEngine, StubTransport) {
        let transport = StubTransport { try server.answer($0) }
        let engine = TweetEngine(transport: transport, clock: ManualClock(now: server.now), tokenStore: InMemoryTokenStore())
        engine.use(Credentials(server: URL(string: "https://fake.social")!, accessToken: "t"))
        return (engine, transport)
    }

    @Test func theItemIsOnDiskWithItsKeyBeforeTheFirstRequestAndGoneAfter() async throws {
        let server = Server(outboxPath: path)
        let (engine, _) = engine(server)
        let draft = Draft(text: "Hello world")
        let result = try await engine.publish(draft, through: Outbox(path: path))
        #expect(result == .published(result.status))
        let seen = server.state.withLock { $0.outboxSeenDuringPost }
        #expect(seen.count == 1)
        #expect(seen.first?.contains(draft.idempotencyKey) == true)
        #expect(Outbox(path: path).all.isEmpty)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
    }

    @Test func aLostAnswerThenTheSameCommandAgainPublishesOnce() async throws {
        let server = Server(outboxPath: path)
        let (engine, transport) = engine(server)
        server.state.withLock { $0.loseNextPostAnswer = true }
        // The first run: the server publishes, the answer is lost.
        await #expect {
            _ = try await engine.publish(Draft(text: "Only once, please"), through: Outbox(path: path))
        } throws: { error in
            guard let failure = error as? OutboxFailure else { return false }
            return failure.mayBeOut && failure.reason == .engine(.transport(.connectionLost))
        }
        #expect(server.published == 1)
        // The same command again: a new process, a new draft with a new key.
        let result = try await engine.publish(Draft(text: "Only once, please"), through: Outbox(path: path))
        guard case .alreadyPublished(let status) = result else {
            Issue.record("expected already published, got \(result)")
            return
        }
        #expect(status.id == "500")
        #expect(server.published == 1)
        #expect(transport.requests.filter { $0.method == .post }.count == 1)
        #expect(Outbox(path: path).all.isEmpty)
    }

    @Test func aRequestThatNeverArrivedIsSentAgainWithTheSameKey() async throws {
        let server = Server(outboxPath: path)
        let (engine, _) = engine(server)
        server.state.withLock { $0.dropNextPostBeforeServer = true }
        let first = Draft(text: "Second try")
        await #expect(throws: OutboxFailure.self) { _ = try await engine.publish(first, through: Outbox(path: path)) }
        #expect(server.published == 0)
        let result = try await engine.publish(Draft(text: "Second try"), through: Outbox(path: path))
        #expect(result == .published(result.status))
        #expect(server.published == 1)
        #expect(server.state.withLock { $0.postKeys } == [first.idempotencyKey, first.idempotencyKey])
    }

    @Test func aRefusedPostWaitsWithItsReasonAndIsNotRetriedByItself() async throws {
        let server = Server(outboxPath: path)
        let (engine, _) = engine(server)
        server.state.withLock { $0.refuseNextPost = true }
        await #expect(throws: OutboxFailure.self) { _ = try await engine.publish(Draft(text: "Refused"), through: Outbox(path: path)) }
        let waiting = Outbox(path: path).all
        #expect(waiting.count == 1)
        #expect(waiting.first?.refusal == "Validation failed: Text too long")
        #expect(waiting.first?.retriesByItself == false)
        #expect(waiting.first?.unansweredSince == nil)
    }

    @Test func aSecondDeliveryOfTheSameItemWhileTheFirstRunsIsRefused() async throws {
        let outbox = Outbox(path: path)
        let item = OutboxItem(draft: Draft(text: "x"), queuedAt: Date())
        let other = OutboxItem(draft: Draft(text: "y"), queuedAt: Date())
        try outbox.put(item)
        try outbox.put(other)
        #expect(await outbox.claim(item.id) == .claimed)
        let server = Server(outboxPath: path)
        let (engine, transport) = engine(server)
        await #expect {
            _ = try await engine.deliver(item, through: outbox)
        } throws: { ($0 as? OutboxFailure)?.reason == .alreadySending }
        #expect(transport.requestCount == 0)
        // Another loowi (a second Outbox on the same file) waits its turn, then goes.
        let second = Outbox(path: path)
        #expect(await second.claim(other.id, patience: .milliseconds(200)) == .busyElsewhere)
        outbox.release(item.id)
        #expect(await second.claim(other.id) == .claimed)
        second.release(other.id)
    }

    /// Two loowis on one file (the open app and a command): neither's change is lost, and
    /// a post one of them published or discarded is never sent by the other.
    @Test func twoLoowisOnOneFileKeepEachOthersPostsAndNeverSendOneTwice() async throws {
        let app = Outbox(path: path)
        let command = Outbox(path: path)
        let fromCommand = OutboxItem(draft: Draft(text: "from the command"), queuedAt: Date())
        try command.put(fromCommand)
        try app.put(OutboxItem(draft: Draft(text: "from the app"), queuedAt: Date()))
        #expect(Set(Outbox(path: path).all.map(\.draft.text)) == ["from the command", "from the app"])
        // The command discards its post; the app, holding an old copy, must not send it.
        try command.remove(id: fromCommand.id)
        let server = Server(outboxPath: path)
        let (engine, transport) = engine(server)
        await #expect {
            _ = try await engine.deliver(fromCommand, through: app)
        } throws: { ($0 as? OutboxFailure)?.reason == .gone }
        #expect(transport.requestCount == 0)
    }

    /// Escape while the post is on its way (the transfer is cancelled mid-flight): it may be
    /// out, so it waits in the outbox, but the app never sends it on its own.
    @Test func escapeDuringSendKeepsThePostButNeverSendsItByItself() async throws {
        let server = Server(outboxPath: path)
        let (engine, _) = engine(server)
        server.state.withLock { $0.cancelNextPost = true }
        await #expect {
            _ = try await engine.publish(Draft(text: "Stopped", visibility: .public), through: Outbox(path: path), sendsByItself: true)
        } throws: { ($0 as? OutboxFailure).map { $0.reason == .engine(.cancelled) && $0.mayBeOut } ?? false }
        let waiting = Outbox(path: path).all
        #expect(waiting.map(\.draft.text) == ["Stopped"])
        #expect(waiting.first?.unansweredSince != nil)
        #expect(waiting.first?.retriesByItself == false)
    }

    @Test func aCommandsPostIsNotSentByTheAppOnItsOwn() async throws {
        let server = Server(outboxPath: path)
        let (engine, _) = engine(server)
        server.state.withLock { $0.dropNextPostBeforeServer = true }
        await #expect(throws: OutboxFailure.self) { _ = try await engine.publish(Draft(text: "cli"), through: Outbox(path: path)) }
        #expect(Outbox(path: path).all.first?.retriesByItself == false)
        server.state.withLock { $0.dropNextPostBeforeServer = true }
        await #expect(throws: OutboxFailure.self) {
            _ = try await engine.publish(Draft(text: "app"), through: Outbox(path: path), sendsByItself: true)
        }
        #expect(Outbox(path: path).all.first { $0.draft.text == "app" }?.retriesByItself == true)
    }

    /// "Thanks!" twice to the same post within minutes, the second's answer lost: the first
    /// is not taken for it (the outbox remembers what it published).
    @Test func aPostThisOutboxPublishedIsNeverTakenForAnother() async throws {
        let server = Server(outboxPath: path)
        let (engine, transport) = engine(server)
        _ = try await engine.publish(Draft(text: "Thanks!", visibility: .public), through: Outbox(path: path))
        server.state.withLock { $0.dropNextPostBeforeServer = true }
        await #expect(throws: OutboxFailure.self) {
            _ = try await engine.publish(Draft(text: "Thanks!", visibility: .public), through: Outbox(path: path))
        }
        let result = try await engine.publish(Draft(text: "Thanks!", visibility: .public), through: Outbox(path: path))
        #expect(result == .published(result.status))
        #expect(server.published == 2)
        #expect(transport.requests.filter { $0.method == .post }.count == 3)
    }

    /// The checks before a post (the follower rule) send nothing: a timeout there is not
    /// "may already be out".
    @Test func aFailureBeforeThePostIsNotMayBeOut() async throws {
        let outbox = Outbox(path: path)
        let item = OutboxItem(draft: Draft(text: "@grace hi", visibility: .direct), recipient: .init(id: "2", acct: "grace"), queuedAt: Date())
        try outbox.put(item)
        let server = Server(outboxPath: path)
        let (engine, _) = engine(server)
        await #expect {
            _ = try await engine.deliver(item, through: outbox)
        } throws: { error in
            guard let failure = error as? OutboxFailure else { return false }
            return !failure.mayBeOut && failure.item?.unansweredSince == nil
        }
    }

    @Test func anUnreadableOutboxIsKeptAsideNeverOverwritten() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{\"items\":[{\"draft\":".utf8).write(to: URL(fileURLWithPath: path))
        let outbox = Outbox(path: path, now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(outbox.problem == .movedAside(keptAt: path + ".unreadable-1800000000"))
        try outbox.put(OutboxItem(draft: Draft(text: "new"), queuedAt: Date()))
        #expect(try String(contentsOfFile: path + ".unreadable-1800000000", encoding: .utf8) == "{\"items\":[{\"draft\":")
    }
}
