import ArgumentParser
import FoundationEssentials
import LoowiSupport
import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi lists`: the user's lists, one a line.
    struct Lists: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "lists", abstract: "Print or speak your lists (with --ids, each list's id first).")

        @OptionGroup var idsOption: IDsOption
        @OptionGroup var accountOptions: AccountOptions
        @OptionGroup var output: ListOutput

        func run() async throws {
            let ids = idsOption.ids
            try await output.run(accountOptions, empty: AppStrings(ListOutput.language)(.noLists)) { engine in
                try await engine.lists().map { ListOutput.Line(Sanitizer.clean($0.title, mode: .singleLine), id: ids ? $0.id : nil) }
            }
        }
    }
}
