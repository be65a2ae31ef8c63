import LoowiApp

extension Loowi {
    struct Config: Command {
        static let info = CommandInfo(
            name: "config",
            abstract: "Show or change the settings in config.toml.",
            discussion: """
                The settings live in $XDG_CONFIG_HOME/loowi/config.toml (usually \
                ~/.config/loowi/config.toml). A missing file means the defaults. Keymap overrides \
                go under [keys], such as F9 = "info" or "list:n" = "next"; set them here with \
                keys.NAME, such as `loowi config set keys.F9 info`.
                """,
            subcommands: [Show.self, Set.self, Unset.self, Path.self],
            defaultSubcommand: Show.self
        )

        init(_ values: ArgumentValues) {}
        func run() async throws {}
    }
}

extension Loowi.Config {
    struct Show: Command {
        static let info = CommandInfo(
            name: "show",
            abstract: "Print every setting with its value, as config.toml lines that can be pasted into the file.")

        init(_ values: ArgumentValues) {}

        func run() async throws {
            let file = ConfigFile(paths: AppPaths())
            let config = try loadOrExplain(file)
            Console.show("# \(file.url.path)\(file.exists ? "" : " does not exist yet; these are the defaults.")")
            Console.show(config.tomlListing)
        }
    }

    struct Set: Command {
        static let info = CommandInfo(
            name: "set",
            abstract: "Change one setting in config.toml, keeping the file's comments and other lines.",
            discussion: """
                Examples: `loowi config set rate 220`, `loowi config set verbosity expert`, \
                `loowi config set sounds off`, `loowi config set keys.F9 info`. \
                `loowi config show` lists the settings; a wrong name or value is explained.
                """,
            parameters: [
                .argument("key", help: "The setting, such as rate or key_echo, or keys.NAME for a key.", values: .suggestions(settingNames)),
                .argument("value", help: "The new value: a number, true or false (on or off), or text."),
            ])

        var key: String
        var value: String

        init(_ values: ArgumentValues) {
            key = values.string("key") ?? ""
            value = values.string("value") ?? ""
        }

        func run() async throws {
            let change = try changeOrExplain { file throws(ConfigError) in try file.set(key, to: value) }
            Console.show(change.description)
        }
    }

    struct Unset: Command {
        static let info = CommandInfo(
            name: "unset",
            abstract: "Remove a setting's line from config.toml so its default applies again.",
            parameters: [.argument("key", help: "The setting, such as voice or rate, or keys.NAME for a key.", values: .suggestions(settingNames))])

        var key: String

        init(_ values: ArgumentValues) { key = values.string("key") ?? "" }

        func run() async throws {
            let change = try changeOrExplain { file throws(ConfigError) in try file.unset(key) }
            Console.show(change.description)
        }
    }

    struct Path: Command {
        static let info = CommandInfo(name: "path", abstract: "Print where config.toml is (it may not exist yet).")

        init(_ values: ArgumentValues) {}

        func run() async throws {
            print(ConfigFile(paths: AppPaths()).url.path)
        }
    }
}

/// A problem is said in plain words on stderr, with a failing exit status, never as a crash
/// or a Swift error dump.
private func loadOrExplain(_ file: ConfigFile) throws -> LoowiConfig {
    do {
        return try file.load()
    } catch {
        Console.warn(error.description)
        throw ExitStatus.failure
    }
}

private func changeOrExplain(_ change: (ConfigFile) throws(ConfigError) -> ConfigChange) throws -> ConfigChange {
    let file = ConfigFile(paths: AppPaths())
    do {
        let result = try change(file)
        if let problem = result.remainingProblem {
            Console.warn("Saved, but the file still has a problem: \(problem)")
        }
        return result
    } catch {
        Console.warn(error.description + (error.line == nil ? "" : " Edit that line in \(file.url.path), then try again."))
        throw ExitStatus.failure
    }
}

/// config.toml's settings by name, offered where a command takes one.
private let settingNames = ConfigKey.allCases.map(\.rawValue)
