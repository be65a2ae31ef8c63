import AccessibleControls
import FoundationEssentials
import LoowiApp
import LoowiSupport
import SpeechAudio
import TweetEngine

/// loowi(1) in roff, made from what the program itself declares: the commands and options
/// from the tables `--help` prints, the keys from the keymap F1 reads, the settings from
/// `ConfigKey`, the files from the path code. Nothing here repeats a name or a default, so the
/// page cannot fall behind the program. In English, as `--help` is.
struct ManualPage {
    var root: any Command.Type = Loowi.self
    var keymap = Keymap.loowi

    var text: String {
        var page = Lines()
        page.request(".TH LOOWI 1 \"\" \(quoted("loowi " + LoowiVersion.current)) \"User Commands\"")
        // Whole words, left-aligned: a screen reader or a braille display reads "de-" and
        // "fault" on two lines as two words, and justified spacing as pauses.
        page.request(".nh")
        page.request(".ad l")
        name(&page)
        synopsis(&page)
        description(&page)
        commands(&page)
        keys(&page)
        settings(&page)
        files(&page)
        environment(&page)
        exitStatus(&page)
        seeAlso(&page)
        return page.text
    }

    // MARK: Sections

    private func name(_ page: inout Lines) {
        page.section("NAME")
        page.text("loowi \\- " + Roff.escape(lowercasedFirst(root.info.abstract.dropLast(root.info.abstract.hasSuffix(".") ? 1 : 0))))
    }

    private func synopsis(_ page: inout Lines) {
        page.section("SYNOPSIS")
        page.text(Roff.bold("loowi") + " [" + Roff.italic("command") + "] [" + Roff.italic("options") + "] [" + Roff.italic("arguments") + "]")
        page.request(".br")
        page.text(Roff.bold("loowi help") + " [" + Roff.italic("command") + "]")
        page.request(".br")
        page.text(Roff.bold("loowi") + " " + Roff.bold("--version"))
    }

    private func description(_ page: inout Lines) {
        page.section("DESCRIPTION")
        page.text(Roff.escape(root.info.abstract))
        page.paragraph()
        if let fallback = root.info.defaultSubcommand?.info.name {
            page.text(
                Roff.escape(
                    "With no command, loowi runs \"loowi \(fallback)\": your home timeline, spoken and driven by single keys. Options given before any command are \(fallback)'s, so \"loowi --line\" is \"loowi \(fallback) --line\"."
                ))
            page.paragraph()
        }
        page.text(
            Roff.escape(
                "Every focus change is spoken through eSpeak NG (or speech-dispatcher) and events play short sounds. On any screen F1 says every key of that screen, Escape goes back and F10 quits. Line mode (--line, or display = \"line\" in config.toml) prints each utterance as one plain line, for braille displays and console screen readers."
            ))
        page.paragraph()
        page.text(
            Roff.escape(
                "Every command takes -h or --help, which prints what this page says of it. \"loowi doctor\" checks the set-up and says how to fix what is wrong."
            ))
    }

    private func commands(_ page: inout Lines) {
        page.section("COMMANDS")
        page.text(
            Roff.escape(
                "Options may come anywhere among the words, as --name value or --name=value; -- ends them, so that a text may begin with a dash."))
        for path in Self.commandPaths(from: root) {
            command(path, on: &page)
        }
        page.section("OPTIONS")
        page.text(Roff.escape("Besides each command's own options above:"))
        page.tagged(Roff.bold("-h") + ", " + Roff.bold("--help"), Roff.escape("Print the command's help."))
        page.tagged(Roff.bold("--version"), Roff.escape("Print loowi's version (only before any command)."))
    }

    /// Every command below `root`, depth first in the order help lists them, each with the
    /// commands it is reached through (root first).
    static func commandPaths(from root: any Command.Type) -> [[CommandInfo]] {
        var result: [[CommandInfo]] = []
        func walk(_ path: [CommandInfo]) {
            for sub in path[path.count - 1].subcommands {
                let next = path + [sub.info]
                result.append(next)
                walk(next)
            }
        }
        walk([root.info])
        return result
    }

    private func command(_ path: [CommandInfo], on page: inout Lines) {
        let info = path[path.count - 1]
        let name = path.map(\.name).joined(separator: " ")
        page.subsection(name)
        var usage = Roff.bold(name)
        if info.subcommands.isEmpty {
            for parameter in info.parameters where !parameter.hidden { usage += " " + Roff.escape(parameter.usage) }
        } else {
            usage += " " + Roff.escape(info.defaultSubcommand == nil ? "<subcommand>" : "[<subcommand>]")
        }
        page.text(usage)
        page.paragraph()
        page.text(Roff.escape(info.abstract))
        if !info.discussion.isEmpty {
            page.paragraph()
            page.text(Roff.escape(info.discussion))
        }
        if !info.subcommands.isEmpty {
            page.paragraph()
            let names = info.subcommands.map { $0.info.name }
            var sentence = "Its commands: " + names.joined(separator: ", ") + "."
            if let fallback = info.defaultSubcommand?.info.name { sentence += " With none, \(name) \(fallback)." }
            page.text(Roff.escape(sentence))
        }
        for parameter in info.parameters where !parameter.hidden {
            page.tagged(label(parameter), Roff.escape(describe(parameter)))
        }
    }

    private func label(_ parameter: Parameter) -> String {
        switch parameter.kind {
        case .flag: Roff.bold("--" + parameter.name)
        case .option: Roff.bold("--" + parameter.name) + " " + Roff.italic(parameter.valueName)
        case .argument: Roff.italic(parameter.valueName) + (parameter.repeats ? " ..." : "")
        }
    }

    /// The help `--help` prints, with the default, and the values when the help does not
    /// already name them all.
    private func describe(_ parameter: Parameter) -> String {
        var text = parameter.help
        if let shown = parameter.shownDefault { text += " (default: \(shown))" }
        let words = parameter.values.words
        if !words.isEmpty, !words.allSatisfy({ text.contains($0) }) {
            switch parameter.values {
            case .choice: text += " One of: " + words.joined(separator: ", ") + "."
            case .commaSeparated: text += " Any of: " + words.joined(separator: ", ") + "."
            default: text += " Such as: " + words.joined(separator: ", ") + "."
            }
        }
        if parameter.repeats, parameter.kind == .option, !text.contains("repeat") { text += " May be given more than once." }
        return text
    }

    private func keys(_ page: inout Lines) {
        page.section("KEYS")
        page.text(
            Roff.escape(
                "These are the keys a new user has; F1 on any screen says the keys of that screen. Any key can be changed in config.toml's [keys] table, as \"scope:Key\" = \"action\" (a key without a scope is any screen's) or \"none\" to free it, for example \"timeline:x\" = \"boost\", or with loowi config set keys.F9 info. Each key below is followed by its action's name in parentheses."
            ))
        let strings = Strings(.britishEnglish)
        for section in keymap.manualSections(strings: strings) {
            page.subsection(section.title.map { "\($0) (\(section.scope))" } ?? "Any screen (\(section.scope))")
            for note in section.notes {
                page.tagged(
                    Roff.escape(note.split(separator: ":").first.map(String.init) ?? note),
                    Roff.escape(note.split(separator: ":").dropFirst().joined(separator: ":").trimmed()))
            }
            for binding in section.bindings {
                let keys = binding.keys.map { Roff.bold($0.name) }.joined(separator: ", ")
                page.tagged(keys, Roff.escape(binding.description) + " (" + Roff.italic(binding.action) + ")")
            }
        }
    }

    private func settings(_ page: inout Lines) {
        page.section("SETTINGS")
        page.text(
            Roff.escape(
                "The settings are lines of config.toml, such as rate = 220; a missing file or line means the default. \"loowi config show\" prints them all, \"loowi config set NAME VALUE\" changes one, F9 changes most while loowi runs. A wrong name or value is explained with the line it is on."
            ))
        for key in ConfigKey.allCases {
            page.tagged(Roff.bold(key.rawValue), Roff.escape("\(key.summary) Values: \(key.allowedValues). Default: \(key.defaultValue)."))
        }
        page.tagged(
            Roff.bold("[" + ConfigFile.keysTable + "]"),
            Roff.escape("Key changes, as described under KEYS, such as F9 = \"info\" or \"list:n\" = \"next\"."))
        page.tagged(
            Roff.bold("[" + ConfigFile.voicesTable + "]"),
            Roff.escape(
                "A voice for a person, by handle, when \(ConfigKey.voicesForPeople.rawValue) is true: an eSpeak NG variant and if you like a pitch change from -40 to +40, such as \"grace@fake.social\" = \"f2 +6\"."
            ))
    }

    private func files(_ page: inout Lines) {
        page.section("FILES")
        // The paths as the path code makes them, with the home folder written "~" (a URL
        // would expand "~" itself, to the home of whoever builds the package).
        let marker = "/loowi-manual-home"
        let home = ["HOME": marker]
        let paths = AppPaths(environment: home)
        let handle = "HANDLE"
        let entries: [(String, String)] = [
            (paths.configFile.path, "The settings (see SETTINGS). \"loowi config path\" prints where it is."),
            (
                FileTokenStore.defaultLocation(environment: home).path,
                "The saved accounts and their tokens, readable only by you (mode 0600); loowi refuses a file others can read."
            ),
            (
                DraftStore.file(paths: paths, account: handle).path,
                "An account's drafts, kept as you type; HANDLE is the account, such as @ada@mastodon.social."
            ),
            (Outbox.file(paths: paths, account: handle).path, "Posts written for an account that wait for its server (loowi outbox)."),
            (
                paths.cache.path + "/",
                "The cache: each account's home timeline and reading position, servers' details and eSpeak NG's voice list. Deleting it loses nothing but speed."
            ),
            (
                EarconLibrary.packsFolder(environment: home).path + "/NAME/",
                "A sound pack: WAV files named after the sounds (loowi sounds --list), used with sound_pack = \"NAME\"."
            ),
            (
                "/usr/share/loowi/",
                "loowi's own data: the hashtag word lists and the demo's people and posts. It is found beside the program (PREFIX/share/loowi for PREFIX/bin/loowi, as the package and the tarball install it), or in the source folder a loowi was built in. Without the word lists hashtags are read as written."
            ),
        ]
        page.text(
            Roff.escape(
                "Each folder follows the XDG base directory rules: $XDG_CONFIG_HOME, $XDG_STATE_HOME, $XDG_CACHE_HOME and $XDG_DATA_HOME, when set, replace ~/.config, ~/.local/state, ~/.cache and ~/.local/share."
            ))
        for (path, meaning) in entries {
            page.tagged(Roff.italic(path.hasPrefix(marker) ? "~" + path.dropFirst(marker.count) : path), Roff.escape(meaning))
        }
    }

    private func environment(_ page: inout Lines) {
        page.section("ENVIRONMENT")
        for variable in EnvironmentVariables.all {
            page.tagged(Roff.bold(variable.name), Roff.escape(variable.meaning))
        }
    }

    private func exitStatus(_ page: inout Lines) {
        page.section("EXIT STATUS")
        let statuses: [(Int32, String)] = [
            (0, "Done; for loowi doctor, nothing needs you."),
            (ExitStatus.failure.code, "Something went wrong, said on standard error in one plain line; for loowi doctor, something needs you."),
            (CommandRunner.usageStatus, "The command line cannot be run as written (EX_USAGE); what is wrong is said with the command's usage."),
            (
                CommandSupport.temporaryFailure,
                "The server asks loowi to wait (its rate limit) and --no-wait was given; try again later (EX_TEMPFAIL)."
            ),
        ]
        for (code, meaning) in statuses {
            page.tagged(Roff.bold(String(code)), Roff.escape(meaning))
        }
    }

    private func seeAlso(_ page: inout Lines) {
        page.section("SEE ALSO")
        page.text(
            ["espeak-ng (1)", "speech-dispatcher (1)", "spd-say (1)", "orca (1)", "fenrir (1)"].map { entry in
                let parts = entry.split(separator: " ")
                return Roff.bold(String(parts[0])) + Roff.escape(String(parts[1]))
            }.joined(separator: ", "))
    }

    // MARK: Writing

    private func quoted(_ text: String) -> String { "\"" + Roff.escape(text) + "\"" }

    private func lowercasedFirst(_ text: Substring) -> String { text.prefix(1).lowercased() + text.dropFirst() }

    /// The page's lines: requests and text, never an empty line (which man(7) warns of).
    struct Lines {
        private(set) var lines: [String] = []

        var text: String { lines.joined(separator: "\n") + "\n" }

        mutating func request(_ line: String) { lines.append(line) }

        mutating func text(_ line: String) {
            let trimmed = line.trimmed()
            if !trimmed.isEmpty { lines.append(trimmed) }
        }

        mutating func section(_ title: String) { lines.append(".SH \"" + title + "\"") }
        mutating func subsection(_ title: String) { lines.append(".SS \"" + Roff.escape(title) + "\"") }
        mutating func paragraph() { lines.append(".PP") }

        /// A term and what it means, the term on a line of its own (`.TP`).
        mutating func tagged(_ term: String, _ meaning: String) {
            lines.append(".TP")
            text(term)
            text(meaning)
        }
    }
}
