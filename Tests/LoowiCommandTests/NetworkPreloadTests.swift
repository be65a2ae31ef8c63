import Testing

@testable import loowi

/// libcurl is opened while a command gets ready only when its first act is a request, and the
/// wait for it returns once it is open.
@Suite(.timeLimit(.minutes(5))) struct NetworkPreloadTests {
    /// Whether the runner would open libcurl at once for this command line.
    static func opensNetwork(_ words: [String]) throws -> Bool {
        guard case .run(_, let path) = try CommandLineParser.parse(words, root: Loowi.self) else { return false }
        return path[path.count - 1].goesOnlineAtOnce
    }

    @Test(arguments: [
        ["timeline", "--print"], ["post", "Hello"], ["notifications"], ["watch", "--types", "mention"], ["logout"], ["outbox", "send"],
    ])
    func aCommandThatGoesOnlineStartsThePreload(arguments: [String]) throws {
        #expect(try Self.opensNetwork(arguments))
    }

    @Test(arguments: [
        [], ["--version"], ["--help"], ["run"], ["demo"], ["say", "Hello"], ["voices"], ["config", "show"], ["practice"], ["outbox"],
        ["outbox", "discard", "1"],
    ])
    func anyOtherCommandLineOpensNothing(arguments: [String]) throws {
        #expect(try !Self.opensNetwork(arguments))
    }

    @Test func thePreloadIsWaitedFor() {
        // Fails, rather than hangs, when libcurl's opening never ends.
        #expect(NetworkPreload.start().wait(seconds: 60) != nil)
    }

    /// Every command that takes an account (its help lists `--account`, from whichever group
    /// brings it) opens the network at once, except the app, which opens it behind its first
    /// words, and the outbox's list and discard, which only read and write its file; and no
    /// command without an account does.
    @Test func theServerCommandsAreThoseThatTakeAnAccount() {
        var online: Set<String> = []
        var withAccount: Set<String> = []
        func visit(_ path: [CommandInfo]) {
            let info = path[path.count - 1]
            for sub in info.subcommands { visit(path + [sub.info]) }
            let name = path.dropFirst().map(\.name).joined(separator: " ")
            if info.goesOnlineAtOnce { online.insert(name) }
            if HelpText(path: path, columns: 200).text.contains("--account <") { withAccount.insert(name) }
        }
        visit([Loowi.info])
        #expect(withAccount.subtracting(online) == ["run", "outbox list", "outbox discard"])
        #expect(online.isSubset(of: withAccount))
        #expect(online.count >= 20)
    }
}
