import Foundation
import Synchronization
import Testing
@testable import TweetEngine

/// Issue 9, defect 6: rate-limit waits were silent, a cancelled wait left the next call
/// waiting without a word, and a one-shot command promised to "try again in 1 hour".
@Suite(.timeLimit(.minutes(5))) struct RateLimitWaitTests {
    static let gmt = TimeZone(identifier: "GMT")!

    /// 429 (nothing left, reset in two minutes) to the first request, then success.
    static func limitedOnce(clock: ManualClock) -> (StubTransport, Date) {
        let resetAt = clock.now().addingTimeInterval(120)
        let calls = Mutex(0)
        let transport = StubTransport { request in
            let call = calls.withLock { $0 += 1; return $0 }
            if call == 1 {
                return .json(#"{"error":"Too many requests"}"#, status: 429, headers: [
                    HTTPHeader(name: "X-RateLimit-Remaining", value: "0"),
                    HTTPHeader(name: "X-RateLimit-Reset", value: ISO8601.format(resetAt)),
                ], url: request.url)
            }
            return .json(#"{"id":"1","username":"ada","acct":"ada"}"#, url: request.url)
        }
        return (transport, resetAt)
    }

    @Test func cancellingAWaitReallyCancelsAndTheNextWaitIsSaid() async throws {
        let clock = ManualClock(holdsSleeps: true)
        let (transport, resetAt) = Self.limitedOnce(clock: clock)
        let events = Mutex<[EngineEvent]>([])
        let engine = StubServer.engine(
            transport: transport, clock: clock, options: .init(onEvent: { event in events.withLock { $0.append(event) } }))

        let first = Task { try await engine.verifyCredentials() }
        #expect(await clock.waitForHeldSleeps())
        // Said the moment the wait began, with until when.
        #expect(events.withLock { $0 } == [.waitingForRateLimit(until: resetAt)])
        first.cancel()
        await #expect(throws: EngineError.cancelled) { _ = try await first.value }
        #expect(transport.requestCount == 1, "a cancelled call must not go on to the server")
        #expect(clock.heldSleeps == 0)

        // The block is still there, so the next call waits again, and says so first.
        let second = Task { try await engine.verifyCredentials() }
        #expect(await clock.waitForHeldSleeps())
        #expect(events.withLock { $0 } == [.waitingForRateLimit(until: resetAt), .waitingForRateLimit(until: resetAt)])
        #expect(transport.requestCount == 1)
        clock.releaseSleeps()
        #expect(try await second.value.username == "ada")
        #expect(transport.requestCount == 2)
    }

    @Test func withoutWaitingABlockedCallFailsAtOnceWithTheTime() async throws {
        let clock = ManualClock()
        let (transport, resetAt) = Self.limitedOnce(clock: clock)
        // `--no-wait`: no wait is long enough to be waited.
        let engine = StubServer.engine(transport: transport, clock: clock, options: .init(maximumRateLimitWait: .zero))
        await #expect(throws: EngineError.rateLimited(until: resetAt)) { _ = try await engine.verifyCredentials() }
        await #expect(throws: EngineError.rateLimited(until: resetAt)) { _ = try await engine.homeTimeline() }
        #expect(transport.requestCount == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func theTaskLocalHandlerHearsWaitsOfItsOwnCallsAndTheirChildren() async throws {
        let clock = ManualClock()
        let (transport, resetAt) = Self.limitedOnce(clock: clock)
        let engine = StubServer.engine(transport: transport, clock: clock)
        let heard = Mutex<[EngineEvent]>([])
        try await TweetEngine.reporting(to: { event in heard.withLock { $0.append(event) } }) {
            async let me = engine.verifyCredentials()
            _ = try await me
        }
        #expect(heard.withLock { $0 } == [.waitingForRateLimit(until: resetAt)])
        // Outside the binding nobody is told (and nothing breaks).
        _ = try await engine.verifyCredentials()
        #expect(heard.withLock { $0 }.count == 1)
    }

    @Test func theWaitIsSaidWithTheTimeInEveryLanguage() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)  // 08:00 GMT
        let event = EngineEvent.waitingForRateLimit(until: now.addingTimeInterval(240))
        #expect(event.spoken(in: .english, now: now, timeZone: Self.gmt)
            == "The server asks loowi to wait until 8:04, in 4 minutes, before asking again.")
        #expect(event.spoken(in: .spanish, now: now, timeZone: Self.gmt)
            == "El servidor pide a loowi que espere hasta las 8:04, en 4 minutos, antes de volver a preguntar.")
        #expect(event.spoken(in: .catalan, now: now, timeZone: Self.gmt)
            == "El servidor demana a loowi que esperi fins a les 8:04, d'aquí a 4 minuts, abans de tornar a preguntar.")
    }

    @Test func aRateLimitErrorGivesTheTimeAndPromisesNothing() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let error = EngineError.rateLimited(until: now.addingTimeInterval(3600))
        #expect(error.spoken(in: .english, now: now, timeZone: Self.gmt).text
            == "The server asks loowi to slow down. You can try again at 9:00, in 1 hour.")
        #expect(error.spoken(in: .spanish, now: now, timeZone: Self.gmt).text
            == "El servidor pide a loowi que vaya más despacio. Puedes volver a intentarlo a las 9:00, en 1 hora.")
        for language in Language.allCases {
            let text = error.spoken(in: language, now: now, timeZone: Self.gmt).text
            #expect(!text.contains("loowi will try"), "\(language): \(text)")
            #expect(!text.contains("volverá a intentar"), "\(language): \(text)")
            #expect(!text.contains("tornarà a provar"), "\(language): \(text)")
        }
    }

    @Test func clockTimesReadAsSpoken() {
        let oneOClock = ISO8601.parse("2027-01-15T01:05:00Z")!
        #expect(ClockTime.at(oneOClock, language: .english, timeZone: Self.gmt) == "at 1:05")
        #expect(ClockTime.at(oneOClock, language: .spanish, timeZone: Self.gmt) == "a la 1:05")
        #expect(ClockTime.until(oneOClock, language: .catalan, timeZone: Self.gmt) == "fins a la 1:05")
        let evening = ISO8601.parse("2027-01-15T23:59:59Z")!
        #expect(ClockTime.text(evening, timeZone: Self.gmt) == "23:59")
        #expect(ClockTime.text(evening, timeZone: TimeZone(secondsFromGMT: 3600)!) == "0:59")
        #expect(ClockTime.text(ISO8601.parse("1969-12-31T22:30:00Z")!, timeZone: Self.gmt) == "22:30")
    }
}
