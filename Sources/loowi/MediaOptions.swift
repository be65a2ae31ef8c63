import FoundationEssentials
import LoowiSupport
import LoowiApp
import TweetEngine

/// `loowi post --media FILE --alt TEXT`: each file read and recognised, and described, before
/// anything is sent; then uploaded in order, the server's processing waited for and said.
enum MediaOptions {
    struct Attachment {
        var file: MediaFile
        var description: String?
    }

    /// The files with their descriptions. A missing description is asked for at a terminal
    /// and required, unless `alt_text_required = false` says a post may go without.
    static func prepare(_ paths: [String], alt: [String]) async throws -> [Attachment] {
        var attachments: [Attachment] = []
        for (index, path) in paths.enumerated() {
            let file: MediaFile
            do {
                file = try MediaFile.read(path)
            } catch {
                throw CommandError(error.message)
            }
            var description = index < alt.count ? alt[index].trimmed() : ""
            if description.isEmpty, CommandSupport.inputIsTerminal {
                let name = Sanitizer.clean(file.name, for: .line)
                description = (await CommandSupport.readLine(prompt: "Describe \(name) for people who cannot \(file.kind == .audio ? "hear" : "see") it: ") ?? "")
                    .trimmed()
            }
            if description.isEmpty, (try? CommandSupport.loadConfig())?.altTextRequired ?? true {
                let name = Sanitizer.clean(file.name, for: .line)
                throw CommandError(
                    "\(name) has no description. Give one with --alt (in the order of --media), so people who cannot see or hear it know what it is; or allow attachments without one: loowi config set alt_text_required false. Nothing was sent.")
            }
            attachments.append(Attachment(file: file, description: description.isEmpty ? nil : description))
        }
        return attachments
    }

    /// Uploads each attachment, saying on standard error while the server processes one.
    /// Every file is checked against the server's limits before the first is sent, so a
    /// refused second file leaves no first one uploaded for nothing.
    static func upload(_ attachments: [Attachment], with engine: TweetEngine) async throws -> [String] {
        for attachment in attachments { try await engine.checkSize(of: attachment.file) }
        var ids: [String] = []
        for attachment in attachments {
            let name = Sanitizer.clean(attachment.file.name, for: .line)
            do {
                let uploaded = try await engine.upload(attachment.file, description: attachment.description) { seconds in
                    if seconds == 1 || seconds % 10 == 0 { Console.warn("The server is processing \(name)…") }
                }
                ids.append(uploaded.id)
            } catch let error as MediaFileError {
                throw CommandError(error.message)
            }
        }
        return ids
    }
}
