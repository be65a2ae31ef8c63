import FoundationEssentials
import LoowiSupport
import TweetEngine

/// Plain messages for people at a shell. Messages quote files and servers, so everything
/// goes through the one sanitiser: a terminal obeys the escape sequences it is sent.
enum Console {
    static func warn(_ message: String) {
        StandardStreams.writeError(warning(message) + "\n")
    }

    /// The line `warn` writes: "loowi: " names the program before the message, unless the
    /// message already starts with loowi as its subject ("loowi cannot reach the server."),
    /// which would read "loowi: loowi cannot…".
    static func warning(_ message: String) -> String {
        let clean = Sanitizer.clean(message, for: .line)
        return clean.hasPrefix("loowi ") ? clean : "loowi: " + clean
    }

    /// Lines for standard output (a listing): line breaks kept, nothing else that acts.
    static func show(_ text: String) {
        print(Sanitizer.clean(text, for: .lines))
    }
}
