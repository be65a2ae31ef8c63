import FoundationEssentials
import LoowiSupport
import LoowiApp
import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

extension Loowi {
    /// `loowi post TEXT [--reply-to ID] [--visibility V] [--cw TEXT]`.
    struct Post: Command {
        static let info = CommandInfo(
            name: "post",
            abstract: "Publish a post.",
            discussion: "With no TEXT, reads the text from standard input. The post waits in the outbox until the server has it: if the answer is lost, running the same command again first looks among your posts and never publishes a copy (loowi outbox lists what waits). For a direct message use loowi dm.",
            parameters: [
                .argument("text", help: "The text of the post.", optional: true, repeats: true),
                .option("reply-to", value: "id", help: "Reply to the post with this id (loowi timeline --ids shows them)."),
                .option(
                    "visibility",
                    help: "Who can see it: public, unlisted or private (followers only). Default: your account's own default; a reply is never wider than the post it answers.",
                    values: .choice(Visibility.allValueStrings)),
                .option("cw", value: "text", help: "A content warning, shown instead of the text until opened."),
                .option("language", value: "code", help: "The post's language as a two- or three-letter code, such as en, es or ca."),
                .option("media", value: "file", help: "Attach an image, video or sound file (up to 4; repeat the option).", repeats: true, values: .file),
                .option("alt", value: "text", help: "A description of each attachment, in order, for people who cannot see or hear it.", repeats: true),
                .flag("sensitive", help: "Mark the attachments as sensitive (hidden until opened), also without a content warning."),
                .option("poll-option", value: "text", help: "A choice of a poll to add to the post (2 to 4; repeat the option).", repeats: true),
                .option("poll-hours", help: "How many hours the poll stays open.", default: "24"),
                .flag("multiple-choice", help: "Let voters choose several of the poll's choices."),
            ] + AccountOptions.parameters)

        var text: [String]
        var replyTo: String?
        var visibility: Visibility?
        var contentWarning: String?
        var language: PostLanguage?
        var media: [String]
        var alt: [String]
        var sensitive: Bool
        var pollOptions: [String]
        var pollHours: Int
        var multipleChoice: Bool
        var accountOptions: AccountOptions

        init(_ values: ArgumentValues) throws {
            text = values.strings("text")
            replyTo = values.string("reply-to")
            visibility = try values.value("visibility")
            contentWarning = values.string("cw")
            language = try values.value("language")
            media = values.strings("media")
            alt = values.strings("alt")
            sensitive = values.flag("sensitive")
            pollOptions = values.strings("poll-option")
            pollHours = try values.int("poll-hours") ?? 24
            multipleChoice = values.flag("multiple-choice")
            accountOptions = AccountOptions(values)
        }

        /// The poll the options describe, nil for none.
        var poll: PollDraft? {
            pollOptions.isEmpty ? nil : PollDraft(options: pollOptions, expiresIn: pollHours * 3600, multiple: multipleChoice)
        }

        func validate() throws {
            if let problem = poll?.problem { throw UsageError(problem.message) }
            if poll != nil, !media.isEmpty { throw UsageError("A post takes a poll or attachments, not both.") }
            if media.count > 4 { throw UsageError("A post takes at most 4 attachments; \(media.count) were given.") }
            if alt.count > media.count { throw UsageError("There are more --alt descriptions (\(alt.count)) than --media files (\(media.count)).") }
            if sensitive, media.isEmpty { throw UsageError("--sensitive marks attachments; give them with --media.") }
            if visibility == .direct {
                throw UsageError("For a direct message use: loowi dm @handle TEXT (only to someone who follows you).")
            }
        }

        func run() async throws {
            var words = text.joinedText
            if words.isEmpty, isatty(STDIN_FILENO) == 0 {
                words = String(decoding: StandardStreams.readInput(), as: UTF8.self)
                    .trimmed()
            }
            guard !words.isEmpty else { throw UsageError("Give the text of the post, for example: loowi post Hello") }
            try await CommandSupport.reportingFailures {
                // Every file is read and described before anything is sent.
                let attachments = try await MediaOptions.prepare(media, alt: alt)
                let session = try await accountOptions.session()
                let outbox = CommandSupport.outbox(for: session)
                OutboxCommand.sayProblem(outbox)
                var draft = Draft(
                    text: words, inReplyToID: replyTo, visibility: visibility,
                    contentWarning: contentWarning.flatMap { $0.isEmpty ? nil : $0 }, language: language?.code)
                if !attachments.isEmpty {
                    draft.mediaIDs = try await MediaOptions.upload(attachments, with: session.engine)
                    draft.sensitive = sensitive ? true : nil
                }
                draft.poll = poll
                let result = try await session.engine.publish(draft, through: outbox)
                CommandSupport.printLine(OutboxMessages.published(result, what: replyTo == nil ? "Posted" : "Reply posted"))
            }
        }
    }
}
