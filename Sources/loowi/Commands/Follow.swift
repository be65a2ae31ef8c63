import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi follow @handle`.
    struct Follow: Command {
        static let info = CommandInfo(
            name: "follow",
            abstract: "Follow someone. A locked account gets a follow request, which they approve.",
            parameters: [.argument("handle", help: "Who to follow, such as @grace or @grace@mastodon.social.")] + AccountOptions.parameters)

        var handle: String
        var accountOptions: AccountOptions

        init(_ values: ArgumentValues) {
            handle = values.string("handle") ?? ""
            accountOptions = AccountOptions(values)
        }

        func run() async throws {
            try await CommandSupport.reportingFailures {
                let session = try await accountOptions.session()
                let person = try await CommandSupport.person(handle, on: session.engine)
                switch try await session.engine.startFollowing(person.id) {
                case .following: CommandSupport.printLine("Now following \(person.name).")
                case .requested: CommandSupport.printLine("Follow requested. \(person.name) approves followers, so it waits for them.")
                case .alreadyFollowing: CommandSupport.printLine("You already follow \(person.name); nothing changed.")
                case .alreadyRequested: CommandSupport.printLine("You already asked to follow \(person.name); it waits for them. Nothing changed.")
                }
            }
        }
    }
}
