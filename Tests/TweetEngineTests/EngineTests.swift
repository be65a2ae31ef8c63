import Foundation
import Synchronization
import Testing
@testable import TweetEngine

/// The engine over a stub transport: paging, rate limits, errors, posting rules.
@Suite(.timeLimit(.minutes(5))) struct EngineTests {
    @Test func twoHundredPostsInExactlyFiveRequests() async throws {
        let transport = StubTransport(responder: StubServer.timeline(total: 1000))
        let engine = StubServer.engine(transport: transport)
        let page = try await engine.homeTimeline(upTo: 200)
        #expect(page.items.count == 200)
        #expect(page.requests == 5)
        #expect(transport.requestCount == 5)
        #expect(Set(page.items.map(\.id)).count == 200)
        #expect(page.items.first?.id == "1000")
        #expect(page.items.last?.id == "801")
        // The first request is built; the rest are the server's own Link URLs, whole.
        #expect(transport.requests[0].url.absoluteString == "https://mastodon.example/api/v1/timelines/home?limit=40")
        #expect(transport.requests[1].url.absoluteString == "https://mastodon.example/api/v1/timelines/home?limit=40&max_id=961")
        #expect(page.next?.absoluteString == "https://mastodon.example/api/v1/timelines/home?limit=40&max_id=801")
        for request in transport.requests {
            #expect(request.header("Authorization") == "Bearer stub-token-123")
        }
    }

    @Test func oddLimitsAskOnlyForWhatIsMissing() async throws {
        let transport = StubTransport(responder: StubServer.timeline(total: 1000))
        let engine = StubServer.engine(transport: transport)
        let page = try await engine.homeTimeline(upTo: 90)
        #expect(page.items.count == 90)
        #expect(transport.requests.map { URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "limit" }?.value } == ["40", "40", "10"])
        let more = try await engine.more(after: page, upTo: 40)
        #expect(more.items.first?.id == "910")
        #expect(more.requests == 1)
    }

    @Test func followersPageByEighty() async throws {
        // Follower pages carry opaque internal ids in their Link URLs; only the URL works.
        let transport = StubTransport { request in
            let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let limit = Int(items.first { $0.name == "limit" }?.value ?? "40") ?? 40
            let page = Int(items.first { $0.name == "page_token" }?.value ?? "0") ?? 0
            let accounts = (0..<limit).map { #"{"id":"\#(page * 1000 + $0)","username":"u\#(page)_\#($0)","acct":"u"}"# }
            let next = #"<https://mastodon.example/api/v1/accounts/1/followers?limit=80&page_token=\#(page + 1)>; rel="next""#
            return .json("[" + accounts.joined(separator: ",") + "]", headers: [HTTPHeader(name: "Link", value: next)], url: request.url)
        }
        let engine = StubServer.engine(transport: transport)
        let followers = try await engine.followers(of: "1", upTo: 200)
        #expect(followers.items.count == 200)
        #expect(transport.requestCount == 3)
        #expect(transport.requests.map(\.url.absoluteString) == [
            "https://mastodon.example/api/v1/accounts/1/followers?limit=80",
            "https://mastodon.example/api/v1/accounts/1/followers?limit=80&page_token=1",
            "https://mastodon.example/api/v1/accounts/1/followers?limit=40&page_token=2",
        ])
    }

    @Test func aShortTimelineStopsWhenTheServerHasNoMore() async throws {
        let transport = StubTransport(responder: StubServer.timeline(total: 50))
        let page = try await StubServer.engine(transport: transport).homeTimeline(upTo: 200)
        #expect(page.items.count == 50)
        #expect(page.next == nil)
        #expect(transport.requestCount == 2)
    }

    @Test func aLinkToAnotherHostNeverGetsTheToken() async throws {
        let transport = StubTransport { request in
            .json("[" + StubServer.statusJSON(id: 5) + "]",
                  headers: [HTTPHeader(name: "Link", value: #"<https://evil.example/api/v1/timelines/home?max_id=4>; rel="next""#)],
                  url: request.url)
        }
        let engine = StubServer.engine(transport: transport)
        // Paging stops at the foreign link; what was read is kept (see SmallerDefectsEngineTests).
        let page = try await engine.homeTimeline(upTo: 80)
        #expect(page.items.map(\.id) == ["5"])
        #expect(page.next == nil)
        #expect(transport.requests.allSatisfy { $0.url.host == "mastodon.example" })
    }

    @Test func rateLimitBudgetIsVisible() async throws {
        let transport = StubTransport { request in
            .json(#"{"id":"1","username":"ada","acct":"ada"}"#, headers: [
                HTTPHeader(name: "X-RateLimit-Limit", value: "300"), HTTPHeader(name: "X-RateLimit-Remaining", value: "299"),
                HTTPHeader(name: "X-RateLimit-Reset", value: "2027-01-15T08:05:00.000Z"),
            ], url: request.url)
        }
        let engine = StubServer.engine(transport: transport)
        #expect(engine.rateLimit == nil)
        _ = try await engine.verifyCredentials()
        #expect(engine.rateLimit == RateLimitStatus(limit: 300, remaining: 299, resetsAt: ISO8601.parse("2027-01-15T08:05:00Z")))
    }

    @Test func on429TheEngineWaitsUntilTheResetAndSaysSo() async throws {
        let clock = ManualClock()
        let resetAt = clock.now().addingTimeInterval(30)
        let calls = Mutex(0)
        let transport = StubTransport { request in
            let call = calls.withLock { $0 += 1; return $0 }
            if call == 1 {
                return .json(#"{"error":"Too many requests"}"#, status: 429, headers: [
                    HTTPHeader(name: "X-RateLimit-Limit", value: "300"), HTTPHeader(name: "X-RateLimit-Remaining", value: "0"),
                    HTTPHeader(name: "X-RateLimit-Reset", value: ISO8601.format(resetAt)),
                ], url: request.url)
            }
            return .json(#"{"id":"1","username":"ada","acct":"ada"}"#, url: request.url)
        }
        let events = Mutex<[EngineEvent]>([])
        let engine = StubServer.engine(
            transport: transport, clock: clock, options: .init(onEvent: { event in events.withLock { $0.append(event) } }))
        let account = try await engine.verifyCredentials()
        #expect(account.username == "ada")
        #expect(transport.requestCount == 2)
        #expect(clock.sleeps.count == 1)
        let slept = clock.sleeps.first?.timeInterval ?? 0
        #expect(abs(slept - 30) < 0.01)
        #expect(events.withLock { $0 } == [.waitingForRateLimit(until: resetAt)])
    }

    @Test func aLongRateLimitIsReportedNotWaitedAndNotRetried() async throws {
        let clock = ManualClock()
        let reset = Int(clock.now().timeIntervalSince1970) + 300
        let transport = StubTransport { request in
            .json(#"{"error":"Too many requests"}"#, status: 429, headers: [
                HTTPHeader(name: "X-RateLimit-Reset", value: String(reset)), HTTPHeader(name: "X-RateLimit-Remaining", value: "0"),
            ], url: request.url)
        }
        let engine = StubServer.engine(transport: transport, clock: clock, options: .init(maximumRateLimitWait: .seconds(60)))
        let until = Date(timeIntervalSince1970: TimeInterval(reset))
        await #expect(throws: EngineError.rateLimited(until: until)) { _ = try await engine.verifyCredentials() }
        #expect(transport.requestCount == 1)
        #expect(engine.rateLimitedUntil == until)
        // Until the reset, further calls fail at once without touching the network.
        await #expect(throws: EngineError.rateLimited(until: until)) { _ = try await engine.homeTimeline() }
        #expect(transport.requestCount == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func a429ThatKeepsComingGivesUpAfterBoundedWaits() async throws {
        let clock = ManualClock()
        let transport = StubTransport { request in
            // No reset header at all, and Retry-After in the past: the engine still waits ≥ 1 s.
            .json(#"{"error":"Too many requests"}"#, status: 429, headers: [HTTPHeader(name: "Retry-After", value: "0")], url: request.url)
        }
        let engine = StubServer.engine(transport: transport, clock: clock, options: .init(rateLimitWaits: 2))
        await #expect(throws: EngineError.self) { _ = try await engine.verifyCredentials() }
        #expect(transport.requestCount == 3)
        #expect(clock.sleeps.count == 2)
        #expect(clock.sleeps.allSatisfy { $0 >= .seconds(1) })
    }

    @Test func httpErrorsCarryTheServersSanitisedMessage() async throws {
        let transport = StubTransport { request in
            .json(#"{"error":"Validation failed: Text \u001b[31mcharacter limit of 500 exceeded"}"#, status: 422, url: request.url)
        }
        let engine = StubServer.engine(transport: transport)
        await #expect(throws: EngineError.http(status: 422, message: "Validation failed: Text character limit of 500 exceeded")) {
            _ = try await engine.reblog("1")
        }
    }

    @Test func malformedBodiesAreDecodingErrors() async throws {
        let transport = StubTransport { request in .json(#"{"error": "truncated"#, url: request.url) }
        let engine = StubServer.engine(transport: transport)
        do {
            _ = try await engine.verifyCredentials()
            Issue.record("expected a decoding error")
        } catch let error as EngineError {
            guard case .decoding = error else { Issue.record("got \(error)"); return }
        }
    }

    @Test func notLoggedInIsAnErrorNotARequest() async throws {
        let transport = StubTransport { _ in throw TransportError.couldNotConnect }
        let engine = TweetEngine(transport: transport, clock: ManualClock(), tokenStore: InMemoryTokenStore())
        await #expect(throws: EngineError.notLoggedIn) { _ = try await engine.homeTimeline() }
        #expect(transport.requestCount == 0)
    }

    @Test func transportFailuresBecomeEngineErrors() async throws {
        let transport = StubTransport { _ in throw TransportError.timedOut }
        let engine = StubServer.engine(transport: transport)
        do {
            _ = try await engine.verifyCredentials()
        } catch let error as EngineError {
            #expect(error == .transport(.timedOut))
            #expect(error.isTemporary)
            #expect(error.spoken(in: .english, retryIn: .seconds(30)).text == "The server is not answering. loowi will try again in 30 seconds.")
        }
    }

    @Test func postSendsTheDraftsIdempotencyKeyEveryTime() async throws {
        let transport = StubTransport { request in
            if request.url.path == "/api/v2/instance" {
                return .json(#"{"configuration":{"statuses":{"max_characters":100,"characters_reserved_per_url":23}}}"#, url: request.url)
            }
            return .json(StubServer.statusJSON(id: 77), url: request.url)
        }
        let engine = StubServer.engine(transport: transport)
        let draft = Draft(text: "Hello", idempotencyKey: "draft-key-1")
        _ = try await engine.post(draft)
        _ = try await engine.post(draft)
        let posts = transport.requests.filter { $0.url.path == "/api/v1/statuses" }
        #expect(posts.count == 2)
        #expect(posts.allSatisfy { $0.header("Idempotency-Key") == "draft-key-1" })
        // The instance limits were fetched once and remembered.
        #expect(transport.requests.filter { $0.url.path == "/api/v2/instance" }.count == 1)
        let long = Draft(text: String(repeating: "a", count: 101))
        await #expect(throws: EngineError.postTooLong(count: 101, maximum: 100)) { _ = try await engine.post(long) }
        #expect(transport.requests.filter { $0.url.path == "/api/v1/statuses" }.count == 2)
    }

    @Test func followReportsRequestedForLockedAccounts() async throws {
        let transport = StubTransport { request in
            .json(#"{"id":"9","following":false,"followed_by":false,"requested":true}"#, url: request.url)
        }
        let result = try await StubServer.engine(transport: transport).follow("9")
        guard case .requested(let relationship) = result else { Issue.record("expected requested, got \(result)"); return }
        #expect(relationship.id == "9")
        #expect(result.spoken(in: .english) == "Follow requested.")
        #expect(result.spoken(in: .catalan) == "Sol·licitud de seguiment enviada.")
    }

    @Test func directMessagesOnlyToFollowersByDefault() async throws {
        let followedBy = Mutex(false)
        let transport = StubTransport { request in
            if request.url.path == "/api/v1/accounts/relationships" {
                let value = followedBy.withLock { $0 }
                return .json(#"[{"id":"9","following":true,"followed_by":\#(value)}]"#, url: request.url)
            }
            if request.url.path == "/api/v2/instance" { return .json("{}", url: request.url) }
            return .json(StubServer.statusJSON(id: 1), url: request.url)
        }
        let engine = StubServer.engine(transport: transport)
        let grace = try JSONDecoder().decode(Account.self, from: Data(#"{"id":"9","username":"grace","acct":"grace@other.example"}"#.utf8))
        await #expect(throws: EngineError.directMessageNotAllowed(handle: "grace@other.example")) {
            _ = try await engine.sendDirectMessage(Draft(text: "hi"), to: grace)
        }
        followedBy.withLock { $0 = true }
        _ = try await engine.sendDirectMessage(Draft(text: "hi"), to: grace)
        let post = try #require(transport.requests.last)
        #expect(String(decoding: post.body ?? Data(), as: UTF8.self) == "status=%40grace%40other.example%20hi&visibility=direct")
    }

    @Test func theTokenNeverAppearsInDescriptions() {
        let credentials = StubServer.credentials()
        var dumped = ""
        dump(credentials, to: &dumped)
        for text in [String(describing: credentials), String(reflecting: credentials), dumped, "\(credentials.accessToken)", String(describing: [credentials])] {
            #expect(!text.contains("stub-token-123"))
            #expect(!text.contains("csecret"))
        }
        #expect(credentials.handle == "@ada@mastodon.example")
    }
}
