import ArgumentParser

@main
struct Loowi: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loowi",
        abstract: "A self-voicing Mastodon client for the terminal.",
        version: LoowiVersion.current,
        subcommands: [
            Practice.self,
            Say.self,
            Voices.self,
            Sounds.self,
            Bench.self,
        ]
    )
}

enum LoowiVersion {
    static let current = "0.1.0"
}
