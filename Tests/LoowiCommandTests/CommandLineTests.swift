import LoowiApp
import Testing

@testable import loowi

/// loowi's own command line, as a person types it: options anywhere and in both spellings,
/// `--` before a text that starts with a dash, and every mistake named with what to do.
@Suite(.timeLimit(.minutes(5))) struct CommandLineTests {
    @Test func optionsComeAnywhereAndInBothSpellings() throws {
        let post = try Loowi.Post.parse(["Bread", "--cw=food", "is", "--visibility", "unlisted", "ready"])
        #expect(post.text == ["Bread", "is", "ready"])
        #expect(post.contentWarning == "food")
        #expect(post.visibility == .unlisted)
    }

    @Test func twoDashesEndTheOptions() throws {
        #expect(try Loowi.Say.parse(["--", "--help", "-x"]).text == ["--help", "-x"])
        // A lone dash, a negative number and "- a list" are words, not options.
        #expect(try Loowi.Say.parse(["-", "-5", "- a list"]).text == ["-", "-5", "- a list"])
    }

    @Test func aRepeatedOptionKeepsEveryValueInOrderAndASingleOneTheLast() throws {
        let post = try Loowi.Post.parse(["x", "--poll-option", "Tea", "--poll-option", "Coffee", "--poll-hours", "2", "--poll-hours", "5"])
        #expect(post.pollOptions == ["Tea", "Coffee"])
        #expect(post.pollHours == 5)
    }

    @Test func defaultsApplyWhenNothingIsGiven() throws {
        let timeline = try Loowi.Timeline.parse([])
        #expect(timeline.timeline == "home")
        #expect(timeline.list.countOption.count == 20)
        #expect(!timeline.list.idsOption.ids && !timeline.list.output.speak)
    }

    @Test(arguments: [
        (["timeline", "--acount", "@ada"], "There is no option --acount. Did you mean --account?"),
        (["say", "--rate"], "--rate needs a value: --rate <rate>."),
        (["timeline", "--ids=yes"], "--ids takes no value."),
        (["timeline", "--count", "lots"], "--count takes a whole number, not \"lots\"."),
        (["follow"], "Missing <handle>: Who to follow, such as @grace or @grace@mastodon.social."),
        (["follow", "@ada", "@grace"], "\"@grace\" was not expected: this command takes fewer words."),
        (["accounts", "all"], "\"all\" was not expected: this command takes no words besides its options."),
        (["timelnie"], "\"timelnie\" is not a command of loowi. Did you mean timeline?"),
        (["config", "sett"], "\"sett\" is not a command of loowi config. Did you mean set?"),
        (["post", "Hi", "--visibility", "friends"], "\"friends\" is not a value --visibility takes. Use one of: public, unlisted, private."),
        (["run", "--language", "xx"], "\"xx\" is not a value --language takes. Use one of: en-gb, en-us, es, ca."),
        (["run", "--wav", "out.wav", "--silent"], "Choose one of --wav and --silent."),
        (["say", "Hello", "--silent", "--wav", "out.wav"], "Choose one of --wav and --silent."),
    ])
    func aMistakeIsNamedWithWhatToDo(words: [String], said: String) {
        #expect(throws: CommandLineParser.Failure.self) { try CommandLineParser.parse(words, root: Loowi.self) }
        do {
            _ = try CommandLineParser.parse(words, root: Loowi.self)
        } catch {
            #expect(error.error.message == said)
        }
    }

    /// Words a terminal would obey never come back in a message.
    @Test func aWordQuotedInAMessageIsCleaned() throws {
        do {
            _ = try CommandLineParser.parse(["timeline", "--count", "1\u{1B}[2J"], root: Loowi.self)
            Issue.record("parsed")
        } catch {
            #expect(!error.error.message.contains("\u{1B}"))
        }
    }

    @Test func theCommandIsFoundByItsNamesAndTheDefaultsFillIn() throws {
        #expect(try parsedCommand([]) is Loowi.Run)
        #expect(try parsedCommand(["--line"]) is Loowi.Run)
        #expect(try parsedCommand(["config"]) is Loowi.Config.Show)
        #expect(try parsedCommand(["config", "set", "rate", "220"]) is Loowi.Config.Set)
        #expect(try parsedCommand(["outbox"]) is Loowi.OutboxCommand.List)
        guard case .version = try CommandLineParser.parse(["--version"], root: Loowi.self) else {
            Issue.record("--version")
            return
        }
    }

    @Test(arguments: [["--help"], ["-h"], ["help"], ["post", "--help"], ["post", "Hello", "-h"], ["help", "config", "set"], ["config", "--help"]])
    func helpIsAskedForInEveryWay(words: [String]) throws {
        guard case .help(let path) = try CommandLineParser.parse(words, root: Loowi.self) else {
            Issue.record("no help for \(words)")
            return
        }
        let named = words.filter { !$0.hasPrefix("-") && $0 != "help" && $0 != "Hello" }
        #expect(path.dropFirst().map(\.name) == named)
    }

    /// Every command has help that names it, and no two of a command's parameters share a name
    /// (a shared group would silently take the other's value).
    @Test func everyCommandHasHelpAndDistinctParameters() {
        func visit(_ path: [CommandInfo]) {
            let info = path[path.count - 1]
            let names = info.parameters.map(\.name)
            #expect(Set(names).count == names.count, "\(info.name): \(names)")
            let help = HelpText(path: path, columns: 80).text
            #expect(help.contains("USAGE: " + path.map(\.name).joined(separator: " ")), "\(info.name)")
            #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(info.name) is wider than 80 columns")
            for sub in info.subcommands { visit(path + [sub.info]) }
        }
        visit([Loowi.info])
    }

    /// Every command reads only the names its table declares (a misspelt name traps in a debug
    /// build): each is made from a line that gives its required arguments.
    @Test func everyCommandReadsOnlyWhatItDeclares() throws {
        func visit(_ command: any Command.Type) throws {
            let info = command.info
            for sub in info.subcommands { try visit(sub) }
            guard info.subcommands.isEmpty else { return }
            let words = info.parameters.filter(\.required).map { _ in "1" }
            _ = try command.init(ArgumentValues.read(words, for: info.parameters))
        }
        try visit(Loowi.self)
    }

    /// The speech settings of the app (`run`, `demo`) are the configuration's, with the
    /// command line's output.
    @Test func theAppSpeaksWithTheConfiguredSettings() throws {
        var config = LoowiConfig()
        config.rate = 230
        config.soundPack = "soft"
        let launch = try LaunchOptions(ArgumentValues.read(["--wav", "out.wav"], for: LaunchOptions.parameters))
        let speech = launch.speech(for: config)
        #expect(speech.config.rate == 230 && speech.config.soundPack == "soft" && speech.wav == "out.wav" && !speech.silent)
        #expect(speech.settings().voice == config.language.voice)
    }
}
