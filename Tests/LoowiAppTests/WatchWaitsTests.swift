import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

/// Issue 39, item 9: `loowi watch` says a rate-limit wait once, in its own language, however
/// many requests the wait holds up or the server answers 429 again as it ends.
@Suite(.timeLimit(.minutes(5))) struct WatchWaitsTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let gmt = TimeZone(identifier: "GMT")!

    func wait(_ seconds: TimeInterval) -> EngineEvent { .waitingForRateLimit(until: Self.now.addingTimeInterval(seconds)) }

    @Test(arguments: [
        (Language.britishEnglish, "The server asks loowi to wait until 8:00, in 4 seconds, before asking again."),
        (Language.spanish, "El servidor pide a loowi que espere hasta las 8:00, en 4 segundos, antes de volver a preguntar."),
    ])
    func aWaitIsSaidOnceInTheConfiguredLanguage(language: Language, words: String) {
        var waits = WatchWaits(language: language, timeZone: Self.gmt)
        #expect(waits.line(for: wait(4), now: Self.now) == words)
        // The other request it held, then the server's 429 again as it ended (1 s more each).
        #expect(waits.line(for: wait(4), now: Self.now.addingTimeInterval(0.1)) == nil)
        #expect(waits.line(for: wait(5), now: Self.now.addingTimeInterval(4)) == nil)
        #expect(waits.line(for: wait(6), now: Self.now.addingTimeInterval(5)) == nil)
        #expect(waits.line(for: .processingMedia(name: "cat.png"), now: Self.now) == nil)
    }

    @Test func aLaterWaitOrAMuchLongerOneIsSaidAgain() {
        var waits = WatchWaits(language: .britishEnglish, timeZone: Self.gmt)
        #expect(waits.line(for: wait(4), now: Self.now) != nil)
        // The server asks for five minutes more: worth knowing.
        #expect(waits.line(for: wait(300), now: Self.now.addingTimeInterval(4)) != nil)
        // Long after that wait ended, a new one.
        #expect(waits.line(for: wait(1000), now: Self.now.addingTimeInterval(900)) != nil)
    }
}
