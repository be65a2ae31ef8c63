import FoundationEssentials
import LoowiSupport
import Testing

@testable import AccessibleControls
@testable import LoowiApp
@testable import loowi

/// Issue 37, item 4: loowi(1) and the bash, zsh and fish completions are made from the tables,
/// and each test walks the tables on its own (not through the generator) and fails when a
/// command, option, key, setting or environment variable is missing.
@Suite struct ManualAndCompletionTests {
    static let page = ManualPage().text
    static let table = CompletionTable()
    static let scripts = CompletionTable.shells.map { table.script(for: $0)! }

    /// Every command below loowi, with its words after `loowi`.
    static let commands: [(path: String, info: CommandInfo)] = {
        var result: [(String, CommandInfo)] = []
        func walk(_ info: CommandInfo, _ path: String) {
            for sub in info.subcommands {
                let next = path.isEmpty ? sub.info.name : path + " " + sub.info.name
                result.append((next, sub.info))
                walk(sub.info, next)
            }
        }
        walk(Loowi.info, "")
        return result
    }()

    /// The page's text under `.SS "TITLE"`, to the next heading.
    static func subsection(_ title: String) -> String? {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: Substring(".SS \"" + Roff.escape(title) + "\"")) else { return nil }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { $0.hasPrefix(".SS") || $0.hasPrefix(".SH") } ?? rest.endIndex
        return rest[..<end].joined(separator: "\n")
    }

    @Test func everyCommandAndItsOptionsAndArgumentsAreOnTheManualPage() throws {
        #expect(Self.commands.count > 30)
        for (path, info) in Self.commands {
            let section = try #require(Self.subsection("loowi " + path), "no section for loowi \(path)")
            #expect(section.contains(Roff.escape(info.abstract)), "loowi \(path)'s abstract")
            for parameter in info.parameters where !parameter.hidden {
                let shown = parameter.kind == .argument ? Roff.italic(parameter.valueName) : Roff.bold("--" + parameter.name)
                #expect(section.contains(".TP\n" + shown), "loowi \(path) \(parameter.spelled)")
                #expect(section.contains(Roff.escape(parameter.help)), "the help of loowi \(path) \(parameter.spelled)")
            }
            // Hidden ones are the benchmark's own, never a user's.
            for parameter in info.parameters where parameter.hidden {
                #expect(!section.contains(Roff.bold("--" + parameter.name)), "hidden \(parameter.spelled) of loowi \(path)")
            }
        }
        #expect(Self.page.contains(Roff.bold("--version")) && Self.page.contains(Roff.bold("--help")))
    }

    @Test func everyCommandAndOptionIsInEveryCompletion() {
        for (shell, script) in zip(CompletionTable.shells, Self.scripts) {
            for (path, info) in Self.commands {
                #expect(script.contains(info.name), "\(shell): \(path)")
                for parameter in info.parameters where !parameter.hidden && parameter.kind != .argument {
                    let option = shell == "fish" ? "-l '\(parameter.name)'" : "--\(parameter.name)"
                    #expect(script.contains(option), "\(shell): loowi \(path) \(parameter.spelled)")
                }
                for word in info.parameters.filter({ !$0.hidden }).flatMap(\.values.words) {
                    #expect(script.contains(word), "\(shell): loowi \(path) offers \(word)")
                }
            }
        }
    }

    /// Each shell's table has an entry for every command path, with its own options there: an
    /// option of `post` offered after `loowi timeline` would be refused by the parser.
    @Test func eachCommandsOptionsAreOfferedAtThatCommand() throws {
        let bash = Self.scripts[0]
        for (path, info) in Self.commands {
            let arm = try #require(bash.split(separator: "\n").first { $0.hasPrefix("    '\(path)') ") }, "bash has no entry for \(path)")
            let options = try #require(arm.split(separator: "opts='").dropFirst().first?.split(separator: "'").first)
            let offered = Set(options.split(separator: " ").map(String.init))
            let declared = Set(info.parameters.filter { !$0.hidden && $0.kind != .argument }.map { "--" + $0.name } + ["--help"])
            if info.subcommands.isEmpty {
                #expect(offered == declared, "bash at \(path)")
            } else {
                #expect(offered.isSuperset(of: declared), "bash at \(path)")
            }
        }
    }

    @Test func everyKeyOfEveryScopeIsOnTheManualPage() throws {
        let keymap = Keymap.loowi
        let strings = Strings(.britishEnglish)
        var checked = 0
        for scope in KeyScope.allCases {
            let title = scope.roleName.map { name in strings(name).prefix(1).uppercased() + strings(name).dropFirst() } ?? "Any screen"
            let section = try #require(Self.subsection("\(title) (\(scope.rawValue))"), "no section for \(scope)")
            for action in scope.actions {
                let keys = keymap.keys(for: action, in: scope)
                guard !keys.isEmpty else { continue }
                #expect(section.contains(".TP\n" + keys.map { Roff.bold($0.name) }.joined(separator: ", ")), "\(scope) \(action)")
                #expect(section.contains("(" + Roff.italic(action.rawValue) + ")"), "\(scope) \(action)")
                checked += 1
            }
        }
        for screen in [TimelineAction.keys, ComposeAction.keys, AppAction.keys, LinkAction.keys, PersonAction.keys] {
            let section = try #require(Self.subsection("\(screen.title(in: strings)) (\(screen.name))"), "no section for \(screen.name)")
            for command in screen.actionNames.map(KeyCommand.screen) + screen.controlActions.map(KeyCommand.control) {
                let keys = keymap.keys(for: command, in: screen)
                guard !keys.isEmpty else { continue }
                #expect(section.contains(".TP\n" + keys.map { Roff.bold($0.name) }.joined(separator: ", ")), "\(screen.name) \(command)")
                #expect(section.contains("(" + Roff.italic(command.name) + ")"), "\(screen.name) \(command)")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    @Test func everySettingIsOnTheManualPageWithItsValuesAndDefaultAndIsCompleted() {
        for key in ConfigKey.allCases {
            #expect(Self.page.contains(".TP\n" + Roff.bold(key.rawValue) + "\n"), "\(key.rawValue)")
            #expect(Self.page.contains(Roff.escape("Values: \(key.allowedValues). Default: \(key.defaultValue).")), "\(key.rawValue)")
            for script in Self.scripts { #expect(script.contains(key.rawValue), "\(key.rawValue) in a completion") }
        }
        // Ranges come from the declarations `config set` checks against.
        #expect(Self.page.contains(Roff.escape("Values: 80 to 450. Default: 175.")))
        #expect(Self.page.contains(Roff.bold("[keys]")) && Self.page.contains(Roff.bold("[voices]")))
    }

    /// Every variable the sources read from the environment is documented: a new one read
    /// anywhere fails here until ENVIRONMENT says what it does.
    @Test func everyEnvironmentVariableTheSourcesReadIsOnTheManualPage() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        var read = Set<String>()
        // The manual's own code names its sections, not variables.
        for file in try Self.swiftFiles(in: sources.path) where !file.contains("/Sources/loowi/Manual/") {
            let text = String(decoding: try readFileBytes(atPath: file).get(), as: UTF8.self)
            for line in text.split(separator: "\n")
            where line.lowercased().contains("environment") || line.contains("getenv") || line.contains("Variable = ") {
                read.formUnion(Self.upperCaseLiterals(in: String(line)))
            }
        }
        #expect(read.isSuperset(of: ["LOOWI_INSTANCE", "LOOWI_TOKEN", "LOOWI_CA_FILE", "BROWSER", "NO_COLOR", "XDG_CONFIG_HOME"]))
        let section = try #require(Self.page.split(separator: ".SH \"ENVIRONMENT\"").dropFirst().first?.split(separator: ".SH").first)
        for name in read.sorted() {
            #expect(section.contains(".TP\n" + Roff.bold(name) + "\n"), "\(name) is read but not documented")
        }
    }

    static func swiftFiles(in folder: String) throws -> [String] {
        guard let entries = folderEntries(atPath: folder) else { return [] }
        return try entries.flatMap { entry -> [String] in
            let path = folder.appendingPathComponent(entry.name)
            if entry.isFolder { return try swiftFiles(in: path) }
            return entry.name.hasSuffix(".swift") ? [path] : []
        }
    }

    /// "NAME" literals of three or more capitals, digits and underscores.
    static func upperCaseLiterals(in line: String) -> [String] {
        line.split(separator: "\"", omittingEmptySubsequences: false).enumerated().compactMap { index, part in
            guard index % 2 == 1, part.count >= 3, part.first!.isUppercase,
                part.allSatisfy({ $0 == "_" || $0.isNumber || ($0.isASCII && $0.isUppercase) })
            else { return nil }
            return String(part)
        }
    }

    @Test func theFilesAreWhereThePathCodePutsThemUnderAHomeWrittenTilde() {
        for file in [
            "~/.config/loowi/config.toml", "~/.config/loowi/accounts.json", "~/.local/state/loowi/drafts\\-HANDLE.json",
            "~/.local/state/loowi/outbox\\-HANDLE.json", "~/.cache/loowi/",
        ] {
            #expect(Self.page.contains(".TP\n\\fI" + file + "\\fR\n"), "\(file)")
        }
        // Never the home of whoever made the page.
        #expect(!Self.page.contains(homeDirectory(environment: ProcessEnvironment.current) + "/.config"))
    }

    @Test func everyExitStatusIsOnTheManualPage() {
        for status: Int32 in [0, 1, CommandRunner.usageStatus, CommandSupport.temporaryFailure] {
            #expect(Self.page.contains(".TP\n" + Roff.bold(String(status)) + "\n"))
        }
    }

    /// Nothing a table holds can become a request: a line that starts with a dot or an
    /// apostrophe is one of the page's own macros.
    @Test func everyRequestOnThePageIsOneOfItsOwn() {
        let requests: Set<String> = [".TH", ".SH", ".SS", ".PP", ".TP", ".br", ".nh", ".ad"]
        for line in Self.page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(requests.contains(String(line.prefix { $0 != " " })), "\(line)")
        }
        #expect(!Self.page.contains("\n\n"))
        #expect(Self.page.unicodeScalars.allSatisfy { $0 == "\n" || ($0.value >= 0x20 && $0.value < 0x7F) })
    }

    @Test func roffEscapesWhatGroffWouldObey() {
        #expect(Roff.escape(".ad l") == "\\&.ad l")
        #expect(Roff.escape("'s") == "\\&'s")
        #expect(Roff.escape("a\\b") == "a\\eb")
        #expect(Roff.escape("--rate") == "\\-\\-rate")
        #expect(Roff.escape("\"x\"") == "\\(dqx\\(dq")
        #expect(Roff.escape("español 🎉") == "espa\\[u00F1]ol \\[u1F389]")
        #expect(Roff.escape("a\nb\u{1B}[2J") == "a b[2J")
    }

    @Test func anUnknownShellIsNamedAndExitsTwo() async throws {
        let command = try Loowi.Completions.parse(["tcsh"])
        await #expect(throws: loowi.ExitStatus.self) { try await command.run() }
        do {
            try await command.run()
        } catch let status as loowi.ExitStatus {
            #expect(status.code == 2)
        }
    }

    /// The bash script's own tables for `loowi post`: its value-taking options and their values.
    @Test func bashKnowsWhichOptionsTakeAValueAndWhatValue() {
        let bash = Self.scripts[0]
        #expect(bash.contains("'post --visibility') echo 'w:public unlisted private';;"))
        #expect(bash.contains("'post --media') echo 'f';;"))
        #expect(bash.contains("'sounds --export') echo 'd';;"))
        #expect(bash.contains("'notifications --types') echo 'c:"))
        // Options before any command are run's: offered at loowi itself.
        #expect(bash.contains("    '') subs='run demo "))
        #expect(bash.split(separator: "\n").first { $0.hasPrefix("    '') ") }?.contains("--line") == true)
    }
}
