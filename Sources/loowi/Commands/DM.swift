import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi dm @handle TEXT`: a direct message, only to someone who follows you.
    struct DM: Command {
        static let info = CommandInfo(
            name: "dm",
            abstract: "Send a direct message to someone who follows you.",
            discussion: "As in iLoowi, loowi sends direct messages only to people who follow you, so a message never lands with a stranger.",
            parameters: [
                .argument("handle", help: "Who to write to, such as @grace or @grace@mastodon.social."),
                .argument("text", help: "The message.", optional: true, repeats: true),
            ] + AccountOptions.parameters)

        var handle: String
        var text: [String]
        var accountOptions: AccountOptions

        init(_ values: ArgumentValues) {
            handle = values.string("handle") ?? ""
            text = values.strings("text")
            accountOptions = AccountOptions(values)
        }

        func validate() throws {
            guard !text.joinedText.isEmpty else { throw UsageError("Give the message, for example: loowi dm @grace Hello") }
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
