import ArgumentParser
import Testing

@testable import loowi

/// libcurl is opened during the parse only for a command that goes online at once, and the
/// wait for it returns once it is open.
@Suite struct NetworkPreloadTests {
    static let commands = Loowi.configuration.subcommands

    @Test(arguments: [["timeline", "--print"], ["post", "Hello"], ["notifications"], ["watch", "--types", "mention"], ["logout"]])
    func aCommandThatGoesOnlineStartsThePreload(arguments: [String]) {
        let preload = NetworkPreload.start(for: arguments, commands: Self.commands)
        #expect(preload != nil)
        preload?.wait()
    }

    @Test(arguments: [[], ["--version"], ["--help"], ["run"], ["demo"], ["say", "Hello"], ["voices"], ["config", "show"], ["practice"], ["timelines"]])
    func anyOtherCommandLineOpensNothing(arguments: [String]) {
        #expect(NetworkPreload.start(for: arguments, commands: Self.commands) == nil)
    }

    /// Every top-level command that takes an account (its help lists `--account`, from whichever
    /// option group brings it) and is not the app is declared a `ServerCommand`. The preload
    /// looks at the first word only, so `outbox send` (a subcommand's subcommand) is not one.
    @Test func theServerCommandsAreThoseThatTakeAnAccount() {
        let app: Set<String> = ["run", "demo"]
        let online = Self.commands.filter { $0 is ServerCommand.Type }.map { $0.configuration.commandName ?? "" }
        let withAccount = Self.commands.filter { command in
            let name = command.configuration.commandName ?? ""
            return !app.contains(name) && command.helpMessage(columns: 200).contains("--account <")
        }.map { $0.configuration.commandName ?? "" }
        #expect(Set(online) == Set(withAccount))
        #expect(online.count >= 20)
    }
}
