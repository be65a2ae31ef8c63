import Foundation
import Testing
@testable import TweetEngine

@Suite(.timeLimit(.minutes(5))) struct EngineErrorSpeechTests {
    @Test func theIssueExample() {
        let error = EngineError.transport(.timedOut)
        #expect(error.spoken(in: .english, retryIn: .seconds(30)).text == "The server is not answering. loowi will try again in 30 seconds.")
        #expect(error.spoken(in: .spanish, retryIn: .seconds(30)).text == "El servidor no responde. loowi lo volverá a intentar en 30 segundos.")
        #expect(error.spoken(in: .catalan, retryIn: .seconds(30)).text == "El servidor no respon. loowi ho tornarà a provar d'aquí a 30 segons.")
    }

    @Test func everyErrorHasADescriptionInEveryLanguage() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let errors: [EngineError] = [
            .transport(.couldNotConnect), .transport(.timedOut), .transport(.insecureURL("http://x")),
            .transport(.certificateNotTrusted), .transport(.responseTooLarge(limit: 1)), .transport(.redirectToOtherHost("evil.example")),
            .transport(.other(code: 99, message: "x")), .http(status: 401, message: nil), .http(status: 404, message: nil),
            .http(status: 422, message: "Text character limit of 500 exceeded"), .http(status: 503, message: nil),
            .rateLimited(until: now.addingTimeInterval(240)), .decoding(detail: "x"), .notLoggedIn,
            .postTooLong(count: 510, maximum: 500), .tokenFileInsecure(path: "/home/u/.config/loowi/accounts.json"),
            .tokenStorage(path: "/p", reason: "r"), .streamingUnavailable, .loginRefused(message: nil), .cancelled,
        ]
        for error in errors {
            var seen: Set<String> = []
            // Three different texts: American English says the British one (EngineTextTests).
            for language in [Language.britishEnglish, .spanish, .catalan] {
                let message = error.spoken(in: language, now: now)
                #expect(!message.description.isEmpty)
                seen.insert(message.text)
            }
            #expect(seen.count == 3, "\(error) is not translated")
        }
        #expect(EngineError.rateLimited(until: now.addingTimeInterval(240)).spoken(in: .english, now: now, timeZone: TimeZone(identifier: "GMT")!).text
            == "The server asks loowi to slow down. You can try again at 8:04, in 4 minutes.")
        #expect(EngineError.tokenFileInsecure(path: "/p/accounts.json").spoken(in: .english).advice == "To fix it, run: chmod 600 /p/accounts.json")
        #expect(EngineError.postTooLong(count: 510, maximum: 500).spoken(in: .spanish).advice == "Quita 10 caracteres.")
        #expect(EngineError.http(status: 422, message: "Text too long").spoken(in: .english).description == "The server refused this. Text too long")
    }
}
