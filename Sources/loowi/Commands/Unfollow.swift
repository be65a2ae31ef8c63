import ArgumentParser
import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi unfollow @handle`.
    struct Unfollow: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stop following someone (or withdraw a follow request).")

        @Argument(help: ArgumentHelp("Who to stop following, such as @grace.", valueName: "handle"))
        var handle: String

        @OptionGroup var accountOptions: AccountOptions

        func run() async throws {
            try await CommandSupport.reportingFailures {
                let session = try await accountOptions.session()
                let person = try await CommandSupport.person(handle, on: session.engine)
                _ = try await session.engine.unfollow(person.id)
                CommandSupport.printLine("Stopped following \(person.name).")
            }
        }
    }
}
