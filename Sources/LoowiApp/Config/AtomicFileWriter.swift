import FoundationEssentials
import LoowiSupport
import TweetEngine

/// config.toml is replaced through the one atomic writer, keeping its mode and following a
/// dotfiles symlink; failures become the config's own plain sentence.
enum AtomicFileWriter {
    static func write(_ text: String, to url: URL) throws(ConfigError) {
        do {
            try AtomicFile.write(text, to: url.path, permissions: .keepExisting)
        } catch {
            var failure = ConfigError(error.description)
            failure.writeFailure = error
            throw failure
        }
    }
}
