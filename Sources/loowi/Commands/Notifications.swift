import FoundationEssentials
import LoowiSupport
import TweetEngine

extension Loowi {
    /// `loowi notifications [--types mention,follow]`: one sentence per notification.
    struct Notifications: Command {
        static let info = CommandInfo(
            name: "notifications",
            abstract: "Print or speak your notifications, newest first.",
            discussion:
                "Each notification is one sentence, such as \"Tom Walsh followed you. 5 minutes ago.\" Favourites and boosts of one post are said together: \"Ana Ruiz and 3 others boosted your post: …\".",
            parameters: [
                .option(
                    "types", help: "Only these kinds, comma-separated: \(NotificationTypes.allowed).",
                    values: .commaSeparated(NotificationType.allCases.map(\.rawValue)))
            ]
                + CountOption.parameters + AccountOptions.parameters + ListOutput.parameters
        )

        var types: [NotificationType]
        var countOption: CountOption
        var accountOptions: AccountOptions
        var output: ListOutput

        init(_ values: ArgumentValues) throws {
            types = try values.value("types", reading: NotificationTypes.parse) ?? []
            countOption = try CountOption(values)
            accountOptions = AccountOptions(values)
            output = try ListOutput(values)
        }

        func run() async throws {
            let (types, count) = (self.types, countOption.count)
            try await output.run(accountOptions, empty: BufferList.notifications.emptyMessage(in: ListOutput.language)) { engine in
                let page = try await engine.notifications(upTo: count, types: types)
                let now = engine.clock.now()
                let shown = page.items.prefix(count).filter { $0.status?.isHiddenByFilter != true }
                return NotificationGroup.grouping(shown).map { group in
                    ListOutput.Line(NotificationSpeech(group, options: ListOutput.options, now: now).sentence)
                }
            }
        }
    }

    /// `loowi conversations`: the direct-message conversations, newest first.
    struct Conversations: Command {
        static let info = CommandInfo(
            name: "conversations",
            abstract: "Print or speak your direct-message conversations, newest first.",
            discussion: "Each conversation is one line: with whom, whether it is unread, and its last message.",
            parameters: CountOption.parameters + AccountOptions.parameters + ListOutput.parameters)

        var countOption: CountOption
        var accountOptions: AccountOptions
        var output: ListOutput

        init(_ values: ArgumentValues) throws {
            countOption = try CountOption(values)
            accountOptions = AccountOptions(values)
            output = try ListOutput(values)
        }

        func run() async throws {
            let count = countOption.count
            try await output.run(accountOptions, empty: BufferList.conversations.emptyMessage(in: ListOutput.language)) { engine in
                let page = try await engine.conversations(upTo: count)
                let now = engine.clock.now()
                return page.items.prefix(count).map {
                    ListOutput.Line(ConversationSpeech($0, options: ListOutput.options, now: now).sentence)
                }
            }
        }
    }
}
