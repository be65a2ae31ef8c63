import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi delete ID-or-URL`: one of your own posts.
    struct Delete: Command {
        static let info = CommandInfo(name: "delete", abstract: "Delete one of your posts, by its id or its address.",
            parameters: [.argument("id-or-url", help: "The post's id, or its address.")] + AccountOptions.parameters)

        var post: String
        var accountOptions: AccountOptions

        init(_ values: ArgumentValues) {
            post = values.string("id-or-url") ?? ""
            accountOptions = AccountOptions(values)
        }

        func run() async throws {
            try await CommandSupport.reportingFailures {
                let session = try await accountOptions.session()
                let shown = try await YourPost.find(post, on: session.engine, doing: "delete")
                try await session.engine.delete(shown.id)
                CommandSupport.printLine("Deleted your post: \(YourPost.firstWords(shown))")
            }
        }
    }

    /// `loowi edit ID-or-URL TEXT`: new words for one of your posts; its warning and
    /// language stay unless given.
    struct Edit: Command {
        static let info = CommandInfo(
            name: "edit",
            abstract: "Give one of your posts new text. Its content warning and language stay as they were unless you give new ones.",
            parameters: [
                .argument("id-or-url", help: "The post's id, or its address."),
                .argument("words", help: "The new text (quote it, or give it as several words).", optional: true, repeats: true),
                .option("cw", help: "A new content warning; an empty one (--cw '') takes it away."),
                .option("language", value: "code", help: "The language of the new text as a two- or three-letter code, such as en, es or ca."),
            ] + AccountOptions.parameters)

        var post: String
        var words: [String]
        var contentWarning: String?
        var language: PostLanguage?
        var accountOptions: AccountOptions

        init(_ values: ArgumentValues) throws {
            post = values.string("id-or-url") ?? ""
            words = values.strings("words")
            contentWarning = values.string("cw")
            language = try values.value("language")
            accountOptions = AccountOptions(values)
        }

        func validate() throws {
            guard !words.joinedText.isEmpty else { throw UsageError("Give the new text of the post.") }
        }

        func run() async throws {
            try await CommandSupport.reportingFailures {
                let session = try await accountOptions.session()
                let shown = try await YourPost.find(post, on: session.engine, doing: "edit")
                var draft = Draft(text: words.joinedText)
                draft.contentWarning = contentWarning ?? shown.spoilerText
                draft.language = language?.code ?? shown.language
                let edited = try await session.engine.edit(shown.id, to: draft)
                CommandSupport.printLine("Edited your post: \(YourPost.firstWords(edited))")
            }
        }
    }

    /// `loowi vote ID-or-URL CHOICE...`: 1-based, as the poll is read.
    struct Vote: Command {
        static let info = CommandInfo(
            name: "vote",
            abstract: "Vote in a post's poll: give the numbers of your choices, counting from 1 as the poll is read.",
            parameters: [
                .argument("id-or-url", help: "The post's id, or its address."),
                .argument("choice", help: "Your choice (several for a poll that allows them).", optional: true, repeats: true),
            ] + AccountOptions.parameters)

        var post: String
        var choices: [Int]
        var accountOptions: AccountOptions

        init(_ values: ArgumentValues) throws {
            post = values.string("id-or-url") ?? ""
            choices = try values.ints("choice")
            accountOptions = AccountOptions(values)
        }

        func validate() throws {
            guard !choices.isEmpty else { throw UsageError("Give the number of your choice, counting from 1.") }
        }

        func run() async throws {
            try await CommandSupport.reportingFailures {
                let session = try await accountOptions.session()
                let shown = try await Loowi.ThreadCommand.status(post, on: session.engine).displayed
                guard let poll = shown.poll else {
                    throw CommandError("That post has no poll. \(YourPost.firstWords(shown))")
                }
                let answer: Poll
                do {
                    answer = try await session.engine.vote(in: poll, choices: choices)
                } catch let refused as PollVoteError {
                    throw CommandError(refused.spoken(in: .britishEnglish))
                }
                let titles = answer.ownVotes.compactMap { answer.options.indices.contains($0) ? answer.options[$0].title : nil }
                let said = titles.isEmpty ? choices.map(String.init).joined(separator: ", ") : titles.joined(separator: ", ")
                CommandSupport.printLine("Voted: \(Sanitizer.clean(said, for: .line)).")
            }
        }
    }
}

/// Finding a post the user means to change: it must be theirs, said plainly when it is not.
enum YourPost {
    static func find(_ argument: String, on engine: TweetEngine, doing verb: String) async throws -> Status {
        async let me = engine.currentAccount()
        let shown = try await Loowi.ThreadCommand.status(argument, on: engine).displayed
        guard try await me.id == shown.account.id else {
            let author = Sanitizer.clean(shown.account.spokenName(), for: .line)
            throw CommandError("That post is \(author)'s, not yours: loowi can only \(verb) your own posts. Nothing was changed.")
        }
        return shown
    }

    /// The first words of a post, for a line that says which one.
    static func firstWords(_ post: Status) -> String {
        let text = post.text()
        let words = text.split(separator: " ")
        return words.count > 12 ? words.prefix(12).joined(separator: " ") + " …" : text
    }
}
