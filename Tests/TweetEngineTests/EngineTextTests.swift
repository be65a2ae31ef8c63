import Foundation
import Testing

@testable import TweetEngine

@Suite(.timeLimit(.minutes(5))) struct EngineTextTests {
    @Test func theTablesAreCompleteAndKeepTheirPlaceholders() {
        #expect(CatalogueAudit.problems(EngineText.self) == [])
    }

    @Test func americanEnglishSaysTheBritishWords() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let gmt = TimeZone(identifier: "GMT")!
        let errors: [EngineError] = [
            .transport(.timedOut), .http(status: 500, message: nil), .rateLimited(until: now.addingTimeInterval(240)),
            .postTooLong(count: 510, maximum: 500), .directMessageNotAllowed(handle: "ada"),
        ]
        for error in errors {
            #expect(
                error.spoken(in: .americanEnglish, now: now, timeZone: gmt)
                    == error.spoken(in: .britishEnglish, now: now, timeZone: gmt))
        }
        #expect(RelativeTime.phrase(after: .seconds(90), language: .americanEnglish) == "in 2 minutes")
    }

    @Test func timesAreSaidInEachLanguage() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(RelativeTime.phrase(for: now.addingTimeInterval(-5), now: now, language: .catalan) == "ara mateix")
        #expect(RelativeTime.phrase(for: now.addingTimeInterval(-60), now: now, language: .english) == "1 minute ago")
        #expect(RelativeTime.phrase(for: now.addingTimeInterval(-7200), now: now, language: .spanish) == "hace 2 horas")
        #expect(RelativeTime.phrase(for: now.addingTimeInterval(-86_400 * 400), now: now, language: .catalan) == "fa 1 any")
        #expect(RelativeTime.phrase(after: .seconds(1), language: .english) == "in 1 second")
        #expect(RelativeTime.phrase(after: .seconds(3601), language: .spanish) == "en 2 horas")
        #expect(RelativeTime.phrase(after: .seconds(61), language: .catalan) == "d'aquí a 2 minuts")
    }

    @Test func followingIsSaidInEachLanguage() throws {
        let relationship = try JSONDecoder().decode(Relationship.self, from: Data(#"{"id":"1"}"#.utf8))
        #expect(FollowResult.following(relationship).spoken(in: .english) == "Following.")
        #expect(FollowResult.requested(relationship).spoken(in: .spanish) == "Solicitud de seguimiento enviada.")
        #expect(FollowResult.requested(relationship).spoken(in: .catalan) == "Sol·licitud de seguiment enviada.")
    }
}
