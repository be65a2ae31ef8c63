import Foundation
import Testing

@testable import TweetEngine

/// Polls (issue 13, item 4): reading says the kind, the results, your vote and the time left;
/// a vote is checked before anything is sent and goes out 0-based, as the API counts.
@Suite(.timeLimit(.minutes(5))) struct PollTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func poll(multiple: Bool = false, expired: Bool = false, voted: [Int] = [], closesIn minutes: Double? = 150) throws -> Poll {
        var object: [String: Any] = [
            "id": "p1", "expired": expired, "multiple": multiple, "votes_count": 3, "voted": !voted.isEmpty, "own_votes": voted,
            "options": [["title": "Tea", "votes_count": 2], ["title": "Coffee", "votes_count": 1], ["title": "Water", "votes_count": 0]],
        ]
        if let minutes { object["expires_at"] = ISO8601.format(now.addingTimeInterval(minutes * 60)) }
        let data = try JSONSerialization.data(withJSONObject: object)
        return try JSONDecoder().decode(Poll.self, from: data)
    }

    @Test func anOpenPollSaysItsKindResultsAndTimeLeft() throws {
        let english = SpeechWords(language: .britishEnglish)
        #expect(english.poll(try Self.poll(), now: Self.now) == "Poll, one choice: Tea, 2 votes; Coffee, 1 vote; Water, 0 votes. Closes in 2 hours.")
        let spanish = SpeechWords(language: .spanish)
        #expect(
            spanish.poll(try Self.poll(multiple: true), now: Self.now)
                == "Encuesta, varias opciones: Tea, 2 votos; Coffee, 1 voto; Water, 0 votos. Cierra en 2 horas.")
    }

    @Test func yourVoteIsSaidAndAClosedPollSaysSo() throws {
        let english = SpeechWords(language: .britishEnglish)
        #expect(
            english.poll(try Self.poll(multiple: true, voted: [0, 2]), now: Self.now)
                == "Poll, several choices: Tea, 2 votes; Coffee, 1 vote; Water, 0 votes. You voted: Tea, Water. Closes in 2 hours.")
        #expect(english.poll(try Self.poll(expired: true), now: Self.now).hasSuffix("Water, 0 votes. Closed."))
        // Past its end but not yet marked expired by the server: closed all the same.
        #expect(english.poll(try Self.poll(closesIn: -5), now: Self.now).hasSuffix("Closed."))
        #expect(english.poll(try Self.poll(closesIn: nil), now: Self.now).hasSuffix("Open."))
        #expect(SpeechWords(language: .spanish).poll(try Self.poll(voted: [1]), now: Self.now).contains("Votaste: Coffee."))
    }

    @Test func aVoteIsCheckedBeforeAnythingIsSent() throws {
        let single = try Self.poll()
        #expect(throws: PollVoteError.noSuchChoice(4, options: 3)) { try PollVoteError.check([4], in: single) }
        #expect(throws: PollVoteError.noSuchChoice(0, options: 3)) { try PollVoteError.check([0], in: single) }
        #expect(throws: PollVoteError.onlyOneChoice) { try PollVoteError.check([1, 2], in: single) }
        #expect(throws: PollVoteError.noChoice) { try PollVoteError.check([], in: single) }
        #expect(throws: PollVoteError.closed) { try PollVoteError.check([1], in: try Self.poll(expired: true)) }
        #expect(throws: PollVoteError.alreadyVoted) { try PollVoteError.check([1], in: try Self.poll(voted: [0])) }
        try PollVoteError.check([1, 3], in: try Self.poll(multiple: true))
        #expect(PollVoteError.noSuchChoice(4, options: 3).spoken(in: .britishEnglish) == "There is no choice 4: this poll has 3.")
        #expect(PollVoteError.onlyOneChoice.spoken(in: .spanish) == "Esta encuesta admite una sola opción.")
    }

    @Test func votesGoOutZeroBasedOnce() async throws {
        let transport = StubTransport { request in
            .json(#"{"id":"p1","expired":false,"multiple":true,"votes_count":4,"voted":true,"own_votes":[0,2],"options":[]}"#, url: request.url)
        }
        let engine = StubServer.engine(transport: transport)
        let answer = try await engine.vote(in: try Self.poll(multiple: true), choices: [3, 1, 3])
        #expect(answer.ownVotes == [0, 2])
        #expect(transport.requests.map(\.url.path) == ["/api/v1/polls/p1/votes"])
        #expect(String(decoding: transport.requests[0].body ?? Data(), as: UTF8.self) == "choices%5B%5D=0&choices%5B%5D=2")
        // A wrong number sends nothing.
        await #expect(throws: PollVoteError.self) { _ = try await engine.vote(in: try Self.poll(), choices: [9]) }
        #expect(transport.requestCount == 1)
    }
}
