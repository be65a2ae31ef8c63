/// loowi's completion for bash: `_loowi_spec` and `_loowi_value` hold the tables, `_loowi`
/// walks the words typed so far to the command they name and offers what may come next. It
/// needs nothing from the bash-completion package, so it also works in `bash --norc`.
struct BashCompletion {
    let table: CompletionTable

    var script: String {
        var out = """
            # bash completion for loowi, written by `loowi completions bash` (loowi \(LoowiVersion.current)).
            # Install: save as ~/.local/share/bash-completion/completions/loowi, or source it.

            # _loowi_spec PATH: for the command PATH ("" for loowi, "config set"), sets subs (the
            # commands under it), dflt (the one run when none is named), opts (its options),
            # vopts (those of opts that take a value), args (each argument's completion) and rep
            # (1 when the last argument takes every word left).
            _loowi_spec() {
                subs='' dflt='' opts='' vopts=' ' rep=0
                args=()
                case "$1" in

            """
        for node in table.nodes {
            var fields: [String] = []
            if !node.subcommands.isEmpty { fields.append("subs=" + ShellQuote.single(node.subcommands.map(\.name).joined(separator: " "))) }
            fields.append("opts=" + ShellQuote.single(table.offeredOptions(node).map { "--" + $0.name }.joined(separator: " ")))
            fields += table.sharedSpecFields(node)
            out += "    \(ShellQuote.single(node.path))) \(fields.joined(separator: "; "));;\n"
        }
        out += """
                esac
            }

            # _loowi_value PATH OPTION: how OPTION's value completes (see _loowi_complete).
            _loowi_value() {
                case "$1 $2" in

            """
        out += table.valueCases(indent: "    ", print: "echo")
        out += """
                *) echo -;;
                esac
            }

            # _loowi_complete KIND WORD: fills COMPREPLY. KIND is w:WORDS (one of them), c:WORDS
            # (several, comma-separated), f (a file), d (a folder) or - (nothing to offer).
            _loowi_complete() {
                local kind="$1" cur="$2" prefix=''
                case "$kind" in
                w:*) mapfile -t COMPREPLY < <(compgen -W "${kind#w:}" -- "$cur");;
                c:*)
                    [[ "$cur" == *,* ]] && prefix="${cur%,*},"
                    mapfile -t COMPREPLY < <(compgen -P "$prefix" -W "${kind#c:}" -- "${cur##*,}")
                    compopt -o nospace 2>/dev/null;;
                f) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur");;
                d) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- "$cur");;
                *) COMPREPLY=();;
                esac
            }

            _loowi() {
                local cur="${COMP_WORDS[COMP_CWORD]}" last=$COMP_CWORD option='' path='' word i n=0 ended=0 helping=0 extra=''
                local subs dflt opts vopts rep args
                COMPREPLY=()
                _loowi_spec ''
                # bash splits --name=value at the "=": the value is completed for --name.
                if [[ "$cur" == = ]] && ((COMP_CWORD > 1)); then
                    option="${COMP_WORDS[COMP_CWORD-1]}"; cur=''; last=$((COMP_CWORD - 1))
                elif ((COMP_CWORD > 2)) && [[ "${COMP_WORDS[COMP_CWORD-1]}" == = ]]; then
                    option="${COMP_WORDS[COMP_CWORD-2]}"; last=$((COMP_CWORD - 2))
                fi
                for ((i = 1; i < last; i++)); do
                    word="${COMP_WORDS[i]}"
                    if ((ended == 0)) && [[ "$word" == -- ]]; then
                        ended=1
                    elif ((ended == 0 && helping == 0)) && [[ "$word" == -?* ]]; then
                        # Options before any command are the default command's.
                        if [[ -n "$subs" && -n "$dflt" ]]; then path="${path:+$path }$dflt"; _loowi_spec "$path"; fi
                        if [[ "${COMP_WORDS[i+1]}" == = ]]; then
                            i=$((i + 2))
                        elif [[ "$vopts" == *" $word "* ]]; then
                            if ((i + 1 == last)); then option="$word"; break; fi
                            i=$((i + 1))
                        fi
                    elif [[ -n "$subs" && " $subs " == *" $word "* ]]; then
                        path="${path:+$path }$word"; _loowi_spec "$path"
                    elif [[ -z "$path" && "$word" == help ]] && ((helping == 0)); then
                        helping=1
                    elif ((helping == 0)); then
                        n=$((n + 1))
                    fi
                done
                if ((helping)); then
                    [[ -n "$subs" ]] && mapfile -t COMPREPLY < <(compgen -W "$subs" -- "$cur")
                    return 0
                fi
                if [[ -n "$option" ]]; then
                    if [[ -n "$subs" && -n "$dflt" ]]; then path="${path:+$path }$dflt"; _loowi_spec "$path"; fi
                    _loowi_complete "$(_loowi_value "$path" "$option")" "$cur"
                elif ((ended == 0)) && [[ "$cur" == -* ]]; then
                    mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
                elif [[ -n "$subs" ]]; then
                    [[ -z "$path" ]] && extra=' help'
                    mapfile -t COMPREPLY < <(compgen -W "$subs$extra" -- "$cur")
                elif ((${#args[@]} > 0)); then
                    if ((n >= ${#args[@]})); then
                        ((rep)) || return 0
                        n=$((${#args[@]} - 1))
                    fi
                    _loowi_complete "${args[n]}" "$cur"
                fi
                return 0
            }

            complete -F _loowi loowi

            """
        return out
    }
}
