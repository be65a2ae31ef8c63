import FoundationEssentials
import LoowiSupport
import TweetEngine

/// Plain messages for people at a shell. Messages quote files and servers, so everything
/// goes through the one sanitiser: a terminal obeys the escape sequences it is sent.
enum Console {
    static func warn(_ message: String) {
        StandardStreams.writeError("loowi: \(Sanitizer.clean(message, mode: .singleLine))\n")
    }

    /// Lines for standard output (a listing): line breaks kept, nothing else that acts.
    static func show(_ text: String) {
        print(Sanitizer.clean(text, mode: .multiLine))
    }
}
