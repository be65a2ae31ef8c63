/// loowi's completion for fish: `__loowi_walk` finds the command the words before the cursor
/// name (as bash's `_loowi` does), and one `complete` line per command, option and argument
/// offers it only there.
struct FishCompletion {
    let table: CompletionTable

    var script: String {
        var out = """
            # fish completion for loowi, written by `loowi completions fish` (loowi \(LoowiVersion.current)).
            # Install: save as ~/.config/fish/completions/loowi.fish.

            # __loowi_spec PATH: for the command PATH ("" for loowi, "config set"), sets the commands
            # under it, the one run when none is named, the options that take a value, how many
            # arguments it takes and whether the last takes every word left.
            function __loowi_spec --argument-names path
                set -g __loowi_subs
                set -g __loowi_dflt ''
                set -g __loowi_vopts
                switch "$path"

            """
        for node in table.nodes {
            out += "        case \(ShellQuote.fish(node.path))\n"
            if !node.subcommands.isEmpty {
                out += "            set -g __loowi_subs \(node.subcommands.map { ShellQuote.fish($0.name) }.joined(separator: " "))\n"
            }
            if let fallback = node.defaultSubcommand { out += "            set -g __loowi_dflt \(ShellQuote.fish(fallback))\n" }
            let valued = table.offeredOptions(node).filter { $0.value != nil }
            if !valued.isEmpty {
                out += "            set -g __loowi_vopts \(valued.map { ShellQuote.fish("--" + $0.name) }.joined(separator: " "))\n"
            }
        }
        out += """
                end
            end

            # __loowi_walk: sets __loowi_path (the command named so far), __loowi_n (how many of its
            # arguments are given) and __loowi_helping (1 after `loowi help`).
            function __loowi_walk
                set -l words (commandline -opc)
                set -e words[1]
                set -g __loowi_path ''
                set -g __loowi_n 0
                set -g __loowi_helping 0
                set -l ended 0
                set -l skip 0
                __loowi_spec ''
                for word in $words
                    if test $skip = 1
                        set skip 0
                    else if test $ended = 0; and test "$word" = '--'
                        set ended 1
                    else if test $ended = 0; and test $__loowi_helping = 0; and string match -qr -- '^-.' $word
                        # Options before any command are the default command's.
                        if set -q __loowi_subs[1]; and test -n "$__loowi_dflt"
                            set -g __loowi_path (string trim -- "$__loowi_path $__loowi_dflt")
                            __loowi_spec $__loowi_path
                        end
                        if contains -- $word $__loowi_vopts
                            set skip 1
                        end
                    else if contains -- $word $__loowi_subs
                        set -g __loowi_path (string trim -- "$__loowi_path $word")
                        __loowi_spec $__loowi_path
                    else if test -z "$__loowi_path"; and test "$word" = help; and test $__loowi_helping = 0
                        set -g __loowi_helping 1
                    else if test $__loowi_helping = 0
                        set -g __loowi_n (math $__loowi_n + 1)
                    end
                end
            end

            # __loowi_at PATH: the words so far name the command PATH.
            function __loowi_at --argument-names want
                __loowi_walk
                test $__loowi_helping = 0; and test "$__loowi_path" = "$want"
            end

            # __loowi_argument PATH INDEX REPEATS: at PATH, its argument INDEX (from 0) comes next.
            function __loowi_argument --argument-names want index repeats
                __loowi_at $want; or return 1
                string match -qr -- '^-' (commandline -ct); and return 1
                test $__loowi_n -eq $index; or begin; test "$repeats" = 1; and test $__loowi_n -gt $index; end
            end

            # __loowi_help_commands: after `loowi help`, the commands under what is named so far.
            function __loowi_help_commands
                __loowi_walk
                test $__loowi_helping = 1; and printf '%s\\n' $__loowi_subs
            end

            function __loowi_words
                printf '%s\\n' $argv
            end

            complete -c loowi -f
            complete -c loowi -n '__loowi_at ""' -a help -d 'Show the help of a command'
            complete -c loowi -a '(__loowi_help_commands)'

            """
        for node in table.nodes {
            let at = "-n " + ShellQuote.fish("__loowi_at " + ShellQuote.fish(node.path))
            for sub in node.subcommands {
                out += "complete -c loowi \(at) -a \(ShellQuote.fish(sub.name)) -d \(ShellQuote.fish(ShellQuote.oneLine(sub.abstract)))\n"
            }
            for option in table.offeredOptions(node) {
                var line = "complete -c loowi \(at)"
                if option.name == "help" { line += " -s h" }
                line += " -l \(ShellQuote.fish(option.name))"
                if let value = option.value { line += " " + valueFlags(value) }
                out += line + " -d \(ShellQuote.fish(ShellQuote.oneLine(option.help)))\n"
            }
            for (index, argument) in node.arguments.enumerated() where argument.value != .text {
                let condition = "__loowi_argument \(ShellQuote.fish(node.path)) \(index) \(argument.repeats ? 1 : 0)"
                out +=
                    "complete -c loowi -n \(ShellQuote.fish(condition)) \(valueFlags(argument.value, exclusive: false)) -d \(ShellQuote.fish(argument.name))\n"
            }
        }
        return out
    }

    /// How fish is told what a value is: `-x -a WORDS` a set, `-r -F` a file, a folder's
    /// listing, `__fish_complete_list` for a comma-separated set.
    private func valueFlags(_ value: Parameter.ValueKind, exclusive: Bool = true) -> String {
        let takes = exclusive ? "-x " : ""
        switch value {
        case .choice(let words), .suggestions(let words):
            return takes + "-a " + ShellQuote.fish(words.joined(separator: " "))
        case .commaSeparated(let words):
            return takes + "-a "
                + ShellQuote.fish("(__fish_complete_list , " + ShellQuote.fish("__loowi_words " + words.joined(separator: " ")) + ")")
        case .file:
            return (exclusive ? "-r " : "") + "-F"
        case .folder:
            return takes + "-a " + ShellQuote.fish("(__fish_complete_directories (commandline -ct))")
        case .text:
            return exclusive ? "-x" : ""
        }
    }
}
