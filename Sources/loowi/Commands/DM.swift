import ArgumentParser
import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi dm @handle TEXT`: a direct message, only to someone who follows you.
    struct DM: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "dm",
            abstract: "Send a direct message to someone who follows you.",
            discussion: "As in iLoowi, loowi sends direct messages only to people who follow you, so a message never lands with a stranger.")

        @Argument(help: ArgumentHelp("Who to write to, such as @grace or @grace@mastodon.social.", valueName: "handle"))
        var handle: String

        @Argument(help: "The message.")
        var text: [String]

        @OptionGroup var accountOptions: AccountOptions

        func validate() throws {
            guard !text.joinedText.isEmpty else { throw ValidationError("Give the message, for example: loowi dm @grace Hello") }
        }

        func run() async throws {
            try await CommandSupport.reportingFailures {
                let session = try await accountOptions.session()
                let outbox = CommandSupport.outbox(for: session)
                OutboxCommand.sayProblem(outbox)
                let recipient = try await CommandSupport.person(handle, on: session.engine)
                let result = try await session.engine.publish(
                    Draft(text: text.joinedText, visibility: .direct), to: recipient, through: outbox)
                CommandSupport.printLine(
                    OutboxMessages.published(result, what: "Direct message sent to \(recipient.name) (@\(recipient.acct))"))
            }
        }
    }
}
