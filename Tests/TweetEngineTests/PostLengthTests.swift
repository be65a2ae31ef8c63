import Foundation
import Testing
@testable import TweetEngine

@Suite(.timeLimit(.minutes(5))) struct PostLengthTests {
    @Test func urlsCountAsTheServersReservedLength() {
        #expect(PostLength.count(text: "hello") == 5)
        #expect(PostLength.count(text: "see https://example.com/a/very/long/path/that/goes/on?and=on") == 4 + 23)
        #expect(PostLength.count(text: "see https://a.b.", limits: InstanceLimits(maxCharacters: 500, charactersReservedPerURL: 10)) == 4 + 10 + 1)
        #expect(PostLength.count(text: "two http://x.example and https://y.example") == 4 + 23 + 5 + 23)
    }

    @Test func mentionsCountOnlyTheLocalPart() {
        #expect(PostLength.count(text: "@ada@mastodon.social hi") == 4 + 3)
        #expect(PostLength.count(text: "@ada hi") == 7)
        #expect(PostLength.count(text: "mail me@example.com") == 19)
    }

    @Test func graphemesAndContentWarning() {
        #expect(PostLength.count(text: "👩‍💻é") == 2)
        #expect(PostLength.count(text: "abc", contentWarning: "cw") == 5)
        let draft = Draft(text: String(repeating: "a", count: 490) + " https://example.com/" + String(repeating: "x", count: 100))
        #expect(draft.characterCount() == 490 + 1 + 23)
        #expect(draft.remainingCharacters() == -14)
        #expect(draft.remainingCharacters(limits: InstanceLimits(maxCharacters: 1000, charactersReservedPerURL: 23)) == 486)
    }

    @Test func draftKeepsItsIdempotencyKey() throws {
        let draft = Draft(text: "x")
        let saved = try JSONDecoder().decode(Draft.self, from: JSONEncoder().encode(draft))
        #expect(saved.idempotencyKey == draft.idempotencyKey)
        #expect(Draft(text: "x").idempotencyKey != draft.idempotencyKey)
    }

    @Test func backoffDoublesUpToTheMaximum() {
        let backoff = Backoff(initial: .seconds(1), maximum: .seconds(10))
        #expect((1...6).map { backoff.delay(forAttempt: $0) } == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(10), .seconds(10)])
    }
}
