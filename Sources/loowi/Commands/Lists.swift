import FoundationEssentials
import LoowiSupport
import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi lists`: the user's lists, one a line.
    struct Lists: Command {
        static let info = CommandInfo(name: "lists", abstract: "Print or speak your lists (with --ids, each list's id first).",
            parameters: IDsOption.parameters + AccountOptions.parameters + ListOutput.parameters)

        var idsOption: IDsOption
        var accountOptions: AccountOptions
        var output: ListOutput

        init(_ values: ArgumentValues) throws {
            idsOption = IDsOption(values)
            accountOptions = AccountOptions(values)
            output = try ListOutput(values)
        }

        func run() async throws {
            let ids = idsOption.ids
            try await output.run(accountOptions, empty: AppStrings(ListOutput.language)(.noLists)) { engine in
                try await engine.lists().map { ListOutput.Line(Sanitizer.clean($0.title, for: .line), id: ids ? $0.id : nil) }
            }
        }
    }
}
