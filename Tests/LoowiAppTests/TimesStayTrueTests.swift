import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

/// Issue 10, item 8: "2 minutes ago" is worked out when it is said, not when the post was
/// loaded (a post said "10 seconds ago" two minutes later was wrong).
@MainActor
@Suite(.timeLimit(.minutes(5))) struct TimesStayTrueTests {
    @Test func aPostsAgeIsTheAgeWhenItIsSaid() async {
        let app = AppHarness()
        await app.open()
        #expect(app.said().contains { $0.contains("Compilers are fun.") && $0.contains("5 minutes ago") })
        app.clock.advance(by: .seconds(10 * 60))
        await app.press("Down")
        await app.press("Up")
        let said = app.said()
        #expect(said.last?.contains("Compilers are fun.") == true)
        #expect(said.last?.contains("15 minutes ago") == true)
    }

    @Test func spanishToo() async {
        var config = LoowiConfig()
        config.language = .spanish
        let app = AppHarness(config: config)
        await app.open()
        #expect(app.said().contains { $0.contains("hace 5 minutos") })
        app.clock.advance(by: .seconds(2 * 3600))
        await app.press("Down")
        await app.press("Up")
        #expect(app.said().last?.contains("hace 2 horas") == true)
    }
}
