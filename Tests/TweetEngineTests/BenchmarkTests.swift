import Foundation
import Testing
@testable import TweetEngine

@Suite struct BenchmarkTests {
    @Test func timeline200ReportsTimingsAndFiveRequests() async throws {
        let result = try await EngineBenchmarks.timeline200(iterations: 3)
        #expect(result.requests == 5)
        #expect(result.decodeMilliseconds.count == 3)
        #expect(result.decodeMilliseconds.allSatisfy { $0 > 0 })
    }

    @Test func benchmarkDataIsAValidMastodonTimeline() throws {
        let list = try JSONDecoder().decode(LenientList<Status>.self, from: Data(BenchmarkTimeline.json(ids: (1...200).reversed()).utf8))
        #expect(list.elements.count == 200)
        #expect(list.skipped == 0)
        #expect(list.elements.filter(\.isBoost).count == 28)
        #expect(list.elements.contains { $0.displayed.poll != nil })
        #expect(list.elements.contains { $0.displayed.hasContentWarning })
        let now = Date(timeIntervalSince1970: 1_795_300_000)
        let sentence = StatusSpeech(list.elements[0], now: now).sentence(language: .english)
        #expect(sentence.contains("link to example.com"))
    }
}
