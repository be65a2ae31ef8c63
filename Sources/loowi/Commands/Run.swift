import ArgumentParser

extension Loowi {
    // Placeholder so the command list builds while this command is being written.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Not written yet.", shouldDisplay: false)
        func run() async throws { throw ValidationError("loowi run is not written yet.") }
    }
}
