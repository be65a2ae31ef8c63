import FoundationEssentials
import LoowiSupport
import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi outbox [list] | send [N] | discard N`: the posts that wait for the server.
    struct OutboxCommand: Command {
        static let info = CommandInfo(
            name: "outbox",
            abstract: "List, send or discard the posts that wait for the server.",
            discussion: "A post stays in the outbox until the server has it. Sending again first looks among your own posts when an earlier answer was lost, so nothing is published twice.",
            subcommands: [List.self, Send.self, Discard.self],
            defaultSubcommand: List.self)

        init(_ values: ArgumentValues) {}
        func run() async throws {}

        struct List: Command {
            static let info = CommandInfo(name: "list", abstract: "List the waiting posts, numbered.", parameters: AccountOptions.parameters,
                // The outbox is a file here: nothing is asked of the server.
                opensNetworkAtOnce: false)

            var accountOptions: AccountOptions

            init(_ values: ArgumentValues) { accountOptions = AccountOptions(values) }

            func run() async throws {
                try await CommandSupport.reportingFailures {
                    let session = try await accountOptions.session()
                    let outbox = CommandSupport.outbox(for: session)
                    let now = session.engine.clock.now()
                    OutboxCommand.sayProblem(outbox)
                    let items = outbox.all
                    guard !items.isEmpty else {
                        CommandSupport.printLine(OutboxCommand.emptySentence(outbox))
                        return
                    }
                    for (index, item) in items.enumerated() {
                        CommandSupport.printLine("\(index + 1). \(OutboxCommand.describe(item, now: now))")
                    }
                }
            }
        }

        struct Send: Command {
            static let info = CommandInfo(name: "send", abstract: "Send the waiting posts (or only number N).",
                parameters: [.argument("n", help: "The number loowi outbox list gives; all when left out.", optional: true)]
                    + AccountOptions.parameters)

            var number: Int?
            var accountOptions: AccountOptions

            init(_ values: ArgumentValues) throws {
                number = try values.int("n")
                accountOptions = AccountOptions(values)
            }

            func run() async throws {
                try await CommandSupport.reportingFailures {
                    let session = try await accountOptions.session()
                    let outbox = CommandSupport.outbox(for: session)
                    let items = try OutboxCommand.pick(number, from: outbox)
                    var failures = 0
                    for item in items {
                        do throws(OutboxFailure) {
                            let result = try await session.engine.deliver(item, through: outbox)
                            CommandSupport.printLine(OutboxMessages.published(result, what: "Posted"))
                        } catch {
                            failures += 1
                            Console.warn(OutboxMessages.failure(error))
                        }
                    }
                    if failures > 0 { throw ExitStatus.failure }
                }
            }
        }

        struct Discard: Command {
            static let info = CommandInfo(name: "discard", abstract: "Remove post number N from the outbox without sending it.",
                parameters: [.argument("n", help: "The number loowi outbox list gives.")] + AccountOptions.parameters,
                opensNetworkAtOnce: false)

            var number: Int
            var accountOptions: AccountOptions

            init(_ values: ArgumentValues) throws {
                number = try values.int("n") ?? 0
                accountOptions = AccountOptions(values)
            }

            func run() async throws {
                try await CommandSupport.reportingFailures {
                    let session = try await accountOptions.session()
                    let outbox = CommandSupport.outbox(for: session)
                    guard let item = try OutboxCommand.pick(number, from: outbox).first else { return }
                    try outbox.remove(id: item.id)
                    let warning = item.unansweredSince == nil ? "" : " It may still have been published, since an answer was lost."
                    CommandSupport.printLine("Removed from the outbox: \(OutboxCommand.preview(item)).\(warning)")
                }
            }
        }

        static func pick(_ number: Int?, from outbox: Outbox) throws -> [OutboxItem] {
            let items = outbox.all
            guard let number else { return items }
            guard items.indices.contains(number - 1) else {
                throw CommandError(items.isEmpty ? "The outbox is empty." : "There is no post number \(number); the outbox has \(items.count). loowi outbox lists them.")
            }
            return [items[number - 1]]
        }

        static func preview(_ item: OutboxItem) -> String {
            let words = item.draft.text.collapsingWhitespace()
            return "\"" + (words.count > 80 ? words.prefix(80) + "…" : words) + "\""
        }

        static func describe(_ item: OutboxItem, now: Date) -> String {
            let kind = item.recipient.map { "Direct message to @\($0.acct)" } ?? (item.draft.inReplyToID == nil ? "Post" : "Reply")
            let age = RelativeTime.phrase(for: item.queuedAt, now: now, language: .english)
            var state: String
            if let refusal = item.refusal {
                state = "the server refused it" + (refusal.isEmpty ? "" : ": \(refusal)")
            } else if item.unansweredSince != nil {
                state = "an answer was lost; sending looks for it first"
            } else {
                state = "not sent yet"
            }
            if item.attempts > 0 { state += "; \(item.attempts) attempt\(item.attempts == 1 ? "" : "s")" }
            return "\(kind) \(preview(item)), written \(age); \(state)."
        }

        /// Nothing waits here; that every post reached the server is said only when no damaged
        /// outbox file is kept beside it, whose posts may never have gone.
        static func emptySentence(_ outbox: Outbox) -> String {
            let kept = outbox.keptAsideCopies
            guard let last = kept.last else { return "The outbox is empty: every post has reached the server." }
            let files = kept.count == 1 ? "a damaged outbox file is kept at \(last)" : "\(kept.count) damaged outbox files are kept, the latest at \(last)"
            return "The outbox is empty, but \(files); posts that could not be read from it may not have reached the server."
        }

        static func sayProblem(_ outbox: Outbox) {
            guard let problem = outbox.problem else { return }
            switch problem {
            case .movedAside(let keptAt): Console.warn("The outbox file could not be read; it was kept, untouched, at \(keptAt).")
            case .someUnreadable(let count, let keptAt): Console.warn("\(count) outbox entries could not be read; a copy of the file is at \(keptAt).")
            case .recovered(let count, 0, let keptAt):
                Console.warn("The outbox file was damaged; loowi recovered \(count == 1 ? "the post" : "the \(count) posts") waiting in it, and \(count == 1 ? "it waits" : "they wait") in the outbox again. The damaged file is kept at \(keptAt).")
            case .recovered(let count, let unreadable, let keptAt):
                let back = count == 1 ? "1 waiting post, and it waits" : "\(count) waiting posts, and they wait"
                Console.warn("The outbox file was damaged; loowi recovered \(back) in the outbox again, but \(unreadable) could not be read and may not have reached the server. The damaged file is kept at \(keptAt).")
            case .untouchable(let path, let reason): Console.warn("The outbox file \(path) can be neither read nor moved (\(reason)); loowi will not change it.")
            }
        }
    }
}
