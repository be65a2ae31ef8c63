import LoowiApp
import TweetEngine

extension Loowi {
    /// `loowi mute @handle`.
    struct Mute: Command {
        static let info = CommandInfo(name: "mute", abstract: "Mute someone: their posts no longer reach your timelines. They are not told.", parameters: PersonTarget.parameters)
        var target: PersonTarget
        init(_ values: ArgumentValues) { target = PersonTarget(values) }
        func run() async throws { try await target.run(.mute) }
    }

    struct Unmute: Command {
        static let info = CommandInfo(name: "unmute", abstract: "Unmute someone you muted.", parameters: PersonTarget.parameters)
        var target: PersonTarget
        init(_ values: ArgumentValues) { target = PersonTarget(values) }
        func run() async throws { try await target.run(.unmute) }
    }

    /// `loowi block @handle`.
    struct Block: Command {
        static let info = CommandInfo(
            name: "block",
            abstract: "Block someone: they cannot see your posts or follow you, and you do not see theirs.",
            parameters: PersonTarget.parameters)
        var target: PersonTarget
        init(_ values: ArgumentValues) { target = PersonTarget(values) }
        func run() async throws { try await target.run(.block) }
    }

    struct Unblock: Command {
        static let info = CommandInfo(name: "unblock", abstract: "Unblock someone you blocked.", parameters: PersonTarget.parameters)
        var target: PersonTarget
        init(_ values: ArgumentValues) { target = PersonTarget(values) }
        func run() async throws { try await target.run(.unblock) }
    }
}

/// What mute, unmute, block and unblock share: the person, found by handle, and one line that
/// says what the server now holds.
struct PersonTarget: ArgumentGroup {
    enum Change {
        case mute, unmute, block, unblock
    }

    static let parameters: [Parameter] =
        [.argument("handle", help: "Who, such as @grace or @grace@mastodon.social.")] + AccountOptions.parameters

    var handle: String
    var accountOptions: AccountOptions

    init(_ values: ArgumentValues) {
        handle = values.string("handle") ?? ""
        accountOptions = AccountOptions(values)
    }

    func run(_ change: Change) async throws {
        try await CommandSupport.reportingFailures {
            let session = try await accountOptions.session()
            let engine = session.engine
            let person = try await CommandSupport.person(handle, on: engine)
            let name = Sanitizer.clean(person.spokenName(), for: .line)
            let handle = "@" + Sanitizer.clean(person.acct, for: .line)
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
