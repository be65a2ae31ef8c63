import LoowiApp
import TweetEngine

/// What the posting commands print about the outbox: every outcome says whether the post is
/// out, and what running the command again will do.
enum OutboxMessages {
    static func published(_ result: DeliveryResult, what: String) -> String {
        switch result {
        case .published(let status): "\(what) (id \(status.id))."
        case .alreadyPublished(let status):
            "Your post had already been published (id \(status.id)); the server's answer was lost last time, and it was not sent again."
        }
    }

    static func failure(_ failure: OutboxFailure) -> String {
        switch failure.reason {
        case .notSaved(let error):
            return "loowi could not keep the post safe before sending it (\(Sanitizer.clean(error.description, for: .line))), so it was not sent."
        case .alreadySending:
            return "This post is being sent already; loowi outbox shows how it went."
        case .busyElsewhere:
            return "Another loowi (the open app, or another command) is sending this account's posts right now. The post waits in the outbox; run the same command again in a moment."
        case .gone:
            return "This post is no longer in the outbox: another loowi sent or removed it meanwhile."
        case .engine(let error):
            let spoken = error.spokenAfterSending(in: .english)
            let again = "Run the same command again: loowi first looks for it among your posts and finishes it without a copy."
            if failure.mayBeOut, error.answerWasLost {
                return "\(spoken.description) So the post may already be out. \(again)"
            }
            if failure.mayBeOut {
                return "\(spoken.description) The post may already be out, since an answer from the server was lost. \(again)"
            }
            if let refusal = failure.item?.refusal {
                // The server's (or iLoowi's rule's) reason and its advice, then what became of the post.
                let reason = refusal.isEmpty || spoken.text.contains(refusal) ? "" : " (\(refusal))"
                return "\(spoken.text)\(reason) The post was not published. It waits in the outbox: loowi outbox lists it, loowi outbox discard removes it."
            }
            return "\(spoken.text) The post was not published; it waits in the outbox. Run the same command again, or loowi outbox send, to send it."
        }
    }
}
