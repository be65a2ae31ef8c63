import FoundationEssentials
import LoowiSupport
import TweetEngine

/// `--print` and `--speak` (with the voice options), shared by every command that lists
/// things one per line: timeline, notifications, conversations, thread, favourites and
/// bookmarks. One place decides what is printed, what is spoken and what an empty list says.
struct ListOutput: ArgumentGroup {
    static let parameters: [Parameter] =
        [
            .flag("speak", help: "Speak the list (with the voice options below)."),
            .flag("print", help: "Print the list, one item per line (the default; with --speak, both)."),
        ] + SpeechOptions.parameters

    var speak: Bool
    var print: Bool
    var speech: SpeechOptions

    init(_ values: ArgumentValues) throws {
        speak = values.flag("speak")
        print = values.flag("print")
        speech = try SpeechOptions(values)
    }

    /// One item: the printed line (it may start with an id) and the words spoken.
    struct Line {
        var printed: String
        var spoken: String

        init(_ text: String, id: String? = nil) {
            spoken = text
            printed = id.map { "\($0) \(text)" } ?? text
        }
    }

    /// Runs a listing command: the voice is opened first (a bad voice option is reported
    /// before any request), then `lines` asks the server; each line printed sanitised, or
    /// spoken, or both. An empty list says `empty`, worded only then (building a language
    /// table costs 0.8 M instructions). Failures are plain (`reportingFailures`).
    func run(
        _ accountOptions: AccountOptions, empty: @autoclosure () -> String, lines: (TweetEngine) async throws -> [Line]
    ) async throws {
        try await CommandSupport.reportingFailures {
            let pipeline = speak ? try await speech.makePipeline() : nil
            let session = try await accountOptions.session()
            var items = try await lines(session.engine)
            if items.isEmpty { items = [Line(empty())] }
            if print || !speak {
                for item in items { CommandSupport.printLine(item.printed) }
            }
            if let pipeline {
                for item in items {
                    await pipeline.speak(CommandSupport.speakable(item.spoken), priority: .announcement)
                }
                await pipeline.finish()
            }
        }
    }
}

/// `--count`, for the lists that can be long.
struct CountOption: ArgumentGroup {
    static let parameters: [Parameter] = [.option("count", help: "How many items to fetch, 1 to 400.", default: "20")]

    var count: Int

    init(_ values: ArgumentValues) throws {
        count = try values.int("count") ?? 20
        guard (1...400).contains(count) else { throw UsageError("--count must be between 1 and 400.") }
    }
}

/// `--ids`, for the lists of posts.
struct IDsOption: ArgumentGroup {
    static let parameters: [Parameter] = [.flag("ids", help: "Start each line with the post's id (for post --reply-to and thread).")]

    var ids: Bool

    init(_ values: ArgumentValues) { ids = values.flag("ids") }
}

extension ListOutput {
    /// The lists are printed and spoken in config.toml's language, read as its reading
    /// settings say (links, emoji, hashtags); the commands' other messages stay English.
    static var language: Language { SpeechOptions.configuredLanguage }
    static var options: SpeakableTextOptions { SpeechOptions.configuration.textOptions() }

    /// Posts as lines, each saying whom it answers.
    static func postLines(_ posts: some Sequence<Status>, ids: Bool, now: Date, names: [String: String] = [:]) -> [Line] {
        Status.visible(Array(posts)).map { status in
            Line(
                StatusSpeech(status, options: options, now: now, names: names).sentence(language: options.language),
                id: ids ? status.id : nil)
        }
    }
}
