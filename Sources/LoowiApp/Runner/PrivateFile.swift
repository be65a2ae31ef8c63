import FoundationEssentials
import LoowiSupport
import TweetEngine

/// Files only their owner can read (0600, folder 0700), written through the one atomic
/// writer: drafts, the outbox and cached timelines can hold direct messages.
enum PrivateFile {
    static func write(_ data: Data, to file: URL) throws(AtomicFile.WriteError) {
        try AtomicFile.write(data, to: file.path, permissions: .ownerOnly)
    }
}
