import ArgumentParser
import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi mute @handle`.
    struct Mute: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "mute", abstract: "Mute someone: their posts no longer reach your timelines. They are not told.")
        @OptionGroup var target: PersonTarget
        func run() async throws { try await target.run(.mute) }
    }

    struct Unmute: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unmute", abstract: "Unmute someone you muted.")
        @OptionGroup var target: PersonTarget
        func run() async throws { try await target.run(.unmute) }
    }

    /// `loowi block @handle`.
    struct Block: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "block",
            abstract: "Block someone: they cannot see your posts or follow you, and you do not see theirs.")
        @OptionGroup var target: PersonTarget
        func run() async throws { try await target.run(.block) }
    }

    struct Unblock: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unblock", abstract: "Unblock someone you blocked.")
        @OptionGroup var target: PersonTarget
        func run() async throws { try await target.run(.unblock) }
    }
}

/// What mute, unmute, block and unblock share: the person, found by handle, and one line that
/// says what the server now holds.
struct PersonTarget: ParsableArguments {
    enum Change {
        case mute, unmute, block, unblock
    }

    @Argument(help: ArgumentHelp("Who, such as @grace or @grace@mastodon.social.", valueName: "handle"))
    var handle: String

    @OptionGroup var accountOptions: AccountOptions

    func run(_ change: Change) async throws {
        try await CommandSupport.reportingFailures {
            let session = try await accountOptions.session()
            let engine = session.engine
            let person = try await CommandSupport.person(handle, on: engine)
            let name = Sanitizer.clean(person.spokenName(), mode: .singleLine)
            let handle = "@" + Sanitizer.clean(person.acct, mode: .singleLine)
            switch change {
            case .mute:
                let now = try await engine.mute(person.id)
                CommandSupport.printLine(now.muting ? "Muted \(name) (\(handle)): their posts no longer reach your timelines." : "The server did not mute \(handle).")
            case .unmute:
                let now = try await engine.unmute(person.id)
                CommandSupport.printLine(now.muting ? "The server still mutes \(handle)." : "Unmuted \(name) (\(handle)).")
            case .block:
                let now = try await engine.block(person.id)
                CommandSupport.printLine(now.blocking ? "Blocked \(name) (\(handle))." : "The server did not block \(handle).")
            case .unblock:
                let now = try await engine.unblock(person.id)
                CommandSupport.printLine(now.blocking ? "The server still blocks \(handle)." : "Unblocked \(name) (\(handle)).")
            }
        }
    }
}
