import ArgumentParser
import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi follow @handle`.
    struct Follow: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "follow",
            abstract: "Follow someone. A locked account gets a follow request, which they approve.")

        @Argument(help: ArgumentHelp("Who to follow, such as @grace or @grace@mastodon.social.", valueName: "handle"))
        var handle: String

        @OptionGroup var accountOptions: AccountOptions

        func run() async throws {
            try await CommandSupport.reportingFailures {
                let session = try await accountOptions.session()
                let person = try await CommandSupport.person(handle, on: session.engine)
                switch try await session.engine.follow(person.id) {
                case .following: CommandSupport.printLine("Now following \(person.name).")
                case .requested: CommandSupport.printLine("Follow requested. \(person.name) approves followers, so it waits for them.")
                }
            }
        }
    }
}
