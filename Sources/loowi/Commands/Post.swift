import ArgumentParser
import FoundationEssentials
import LoowiSupport
import LoowiApp
import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

#if canImport(Glibc)
    import Glibc
#endif

extension Loowi {
    /// `loowi post TEXT [--reply-to ID] [--visibility V] [--cw TEXT]`.
    struct Post: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "post",
            abstract: "Publish a post.",
            discussion: "With no TEXT, reads the text from standard input. The post waits in the outbox until the server has it: if the answer is lost, running the same command again first looks among your posts and never publishes a copy (loowi outbox lists what waits). For a direct message use loowi dm.")

        @Argument(help: "The text of the post.")
        var text: [String] = []

        @Option(name: .customLong("reply-to"), help: ArgumentHelp("Reply to the post with this id (loowi timeline --ids shows them).", valueName: "id"))
        var replyTo: String?

        @Option(name: .long, help: "Who can see it: public, unlisted or private (followers only). Default: your account's own default; a reply is never wider than the post it answers.")
        var visibility: Visibility?

        @Option(name: .customLong("cw"), help: ArgumentHelp("A content warning, shown instead of the text until opened.", valueName: "text"))
        var contentWarning: String?

        @Option(name: .long, help: ArgumentHelp("The post's language as a two- or three-letter code, such as en, es or ca.", valueName: "code"))
        var language: PostLanguage?

        @Option(name: .customLong("media"), help: ArgumentHelp("Attach an image, video or sound file (up to 4; repeat the option).", valueName: "file"))
        var media: [String] = []

        @Option(name: .customLong("alt"), help: ArgumentHelp("A description of each attachment, in order, for people who cannot see or hear it.", valueName: "text"))
        var alt: [String] = []

        @Flag(name: .long, help: "Mark the attachments as sensitive (hidden until opened), also without a content warning.")
        var sensitive = false

        @Option(name: .customLong("poll-option"), help: ArgumentHelp("A choice of a poll to add to the post (2 to 4; repeat the option).", valueName: "text"))
        var pollOptions: [String] = []

        @Option(name: .customLong("poll-hours"), help: "How many hours the poll stays open (default 24).")
        var pollHours: Int = 24

        @Flag(name: .customLong("multiple-choice"), help: "Let voters choose several of the poll's choices.")
        var multipleChoice = false

        @OptionGroup var accountOptions: AccountOptions

        /// The poll the options describe, nil for none.
        var poll: PollDraft? {
            pollOptions.isEmpty ? nil : PollDraft(options: pollOptions, expiresIn: pollHours * 3600, multiple: multipleChoice)
        }

        func validate() throws {
            if let problem = poll?.problem { throw ValidationError(problem.message) }
            if poll != nil, !media.isEmpty { throw ValidationError("A post takes a poll or attachments, not both.") }
            if media.count > 4 { throw ValidationError("A post takes at most 4 attachments; \(media.count) were given.") }
            if alt.count > media.count { throw ValidationError("There are more --alt descriptions (\(alt.count)) than --media files (\(media.count)).") }
            if sensitive, media.isEmpty { throw ValidationError("--sensitive marks attachments; give them with --media.") }
            if visibility == .direct {
                throw ValidationError("For a direct message use: loowi dm @handle TEXT (only to someone who follows you).")
            }
        }

        func run() async throws {
            var words = text.joinedText
            if words.isEmpty, isatty(STDIN_FILENO) == 0 {
                words = String(decoding: StandardStreams.readInput(), as: UTF8.self)
                    .trimmed()
            }
            guard !words.isEmpty else { throw ValidationError("Give the text of the post, for example: loowi post Hello") }
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
