import LoowiSupport

extension Loowi {
    struct Man: Command {
        static let info = CommandInfo(
            name: "man",
            abstract: "Print loowi's manual page, loowi(1), as roff for man.",
            discussion:
                "Read it with: loowi man | man -l -. Every command, option, key, setting, file and environment variable is in it, made from what loowi itself declares."
        )

        init(_ values: ArgumentValues) {}

        func run() async throws {
            StandardStreams.writeOutput(ManualPage().text)
        }
    }
}
