import AccessibleControls
import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

@MainActor
@Suite(.timeLimit(.minutes(5))) struct TimelineScreenTests {
    @Test func opensHomeReadingTheFirstPost() async throws {
        let app = AppHarness()
        await app.open()
        let said = app.said()
        #expect(said.first?.hasPrefix("say: Home timeline. Posts, list, Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 4") == true)
    }
}
