import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi unfollow @handle`.
    struct Unfollow: Command {
        static let info = CommandInfo(
            name: "unfollow",
            abstract: "Stop following someone (or withdraw a follow request).",
            parameters: [.argument("handle", help: "Who to stop following, such as @grace.")] + AccountOptions.parameters)

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
                switch try await session.engine.stopFollowing(person.id) {
                case .stopped: CommandSupport.printLine("Stopped following \(person.name).")
                case .withdrewRequest: CommandSupport.printLine("Follow request to \(person.name) withdrawn.")
                case .wasNotFollowing: CommandSupport.printLine("You were not following \(person.name); nothing changed.")
                }
            }
        }
    }
}
