import LoowiApp
import Testing

@testable import TweetEngine
@testable import loowi

/// Issue 35, item 15: a lost answer says what happened ("loowi sent the post but the server's
/// answer was lost", never "cannot reach the server", which it did reach), and a message
/// that already names loowi is not printed "loowi: loowi …".
@Suite(.timeLimit(.minutes(5))) struct LostAnswerWordingTests {
    @Test func aMessageThatNamesLoowiIsNotPrefixedTwice() {
        #expect(Console.warning("loowi cannot reach the server. Check your internet connection and try again.")
            == "loowi cannot reach the server. Check your internet connection and try again.")
        #expect(Console.warning("There is no post 9.") == "loowi: There is no post 9.")
        // Only loowi as the first word counts; control characters never reach the terminal.
        #expect(Console.warning("loowiX\u{1B}[31m said") == "loowi: loowiX said")
    }

    @Test func aLostAnswerSaysThePostWasSentAndTheAnswerLost() {
        let lost = OutboxFailure(reason: .engine(.transport(.connectionLost)), item: nil, mayBeOut: true)
        let line = Console.warning(OutboxMessages.failure(lost))
        #expect(line == "loowi sent the post but the server's answer was lost. So the post may already be out. Run the same command again: loowi first looks for it among your posts and finishes it without a copy.")
        #expect(!line.contains("cannot reach"))
    }

    @Test func aServerThatCannotBeReachedIsStillSaidSo() {
        // The attempt before lost its answer; this one never connected.
        let down = OutboxFailure(reason: .engine(.transport(.couldNotConnect)), item: nil, mayBeOut: true)
        #expect(OutboxMessages.failure(down).hasPrefix("loowi cannot reach the server. The post may already be out, since an answer from the server was lost."))
    }

    @Test(arguments: [
        (EngineError.transport(.connectionLost), true), (.transport(.answerCutOff), true), (.decoding(detail: "x"), true),
        (.transport(.couldNotConnect), false), (.transport(.timedOut), false), (.http(status: 503, message: nil), false), (.cancelled, false),
    ])
    func onlyAnAnswerThatLeftTheServerIsLost(error: EngineError, lost: Bool) {
        #expect(error.answerWasLost == lost)
        let said = error.spokenAfterSending(in: .spanish).text
        #expect(said.hasPrefix("loowi envió la publicación, pero la respuesta del servidor se perdió.") == lost)
        #expect(error.spokenAfterSending(in: .catalan).text.hasPrefix("loowi va enviar la publicació") == lost)
    }
}
