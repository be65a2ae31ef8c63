/// loowi's completion for zsh, the same walk as bash's with each command and option described:
/// an autoloaded `_loowi` (installed as vendor-completions/_loowi) or a sourced script.
struct ZshCompletion {
    let table: CompletionTable

    var script: String {
        var out = """
            #compdef loowi
            # zsh completion for loowi, written by `loowi completions zsh` (loowi \(LoowiVersion.current)).
            # Install: save as _loowi in a folder of $fpath, or source it after compinit.

            # _loowi_spec PATH: for the command PATH ("" for loowi, "config set"), sets subs (the
            # commands under it, with what each does), dflt (the one run when none is named), opts
            # (its options, described), vopts (those that take a value), args (each argument's
            # completion) and rep (1 when the last argument takes every word left).
            _loowi_spec() {
              subs=() dflt='' opts=() vopts=' ' rep=0 args=()
              case "$1" in

            """
        for node in table.nodes {
            var fields: [String] = []
            if !node.subcommands.isEmpty {
                fields.append(
                    "subs=(" + node.subcommands.map { ShellQuote.single($0.name + ":" + ShellQuote.oneLine($0.abstract)) }.joined(separator: " ")
                        + ")")
            }
            fields.append(
                "opts=("
                    + table.offeredOptions(node).map { ShellQuote.single("--" + $0.name + ":" + ShellQuote.oneLine($0.help)) }.joined(separator: " ")
                    + ")")
            fields += table.sharedSpecFields(node)
            out += "  \(ShellQuote.single(node.path))) \(fields.joined(separator: "; "));;\n"
        }
        out += """
              esac
            }

            # _loowi_value PATH OPTION: how OPTION's value completes (see _loowi_complete).
            _loowi_value() {
              case "$1 $2" in

            """
        out += table.valueCases(indent: "  ", print: "print -r --")
        out += """
              *) print -r -- -;;
              esac
            }

            # _loowi_complete KIND: w:WORDS (one of them), c:WORDS (several, comma-separated),
            # f (a file), d (a folder) or - (nothing to offer).
            _loowi_complete() {
              local kind=$1
              local -a choices
              case $kind in
              w:*) choices=(${=kind#w:}); compadd -a choices;;
              c:*) _values -s , value ${=kind#c:};;
              f) _files;;
              d) _files -/;;
              esac
            }

            _loowi() {
              local -a subs opts args
              local dflt vopts rep path='' word option='' cur=${words[CURRENT]} i n=0 ended=0 helping=0
              _loowi_spec ''
              for ((i = 2; i < CURRENT; i++)); do
                word=${words[i]}
                if ((ended == 0)) && [[ $word == -- ]]; then
                  ended=1
                elif ((ended == 0 && helping == 0)) && [[ $word == -?* ]]; then
                  # Options before any command are the default command's.
                  if ((${#subs} > 0)) && [[ -n $dflt ]]; then path=${path:+$path }$dflt; _loowi_spec $path; fi
                  if [[ $word != *=* && $vopts == *" $word "* ]]; then
                    if ((i + 1 == CURRENT)); then option=$word; break; fi
                    i=$((i + 1))
                  fi
                elif ((${#subs} > 0)) && ((${subs[(I)${(b)word}:*]} > 0)); then
                  path=${path:+$path }$word; _loowi_spec $path
                elif [[ -z $path && $word == help ]] && ((helping == 0)); then
                  helping=1
                elif ((helping == 0)); then
                  n=$((n + 1))
                fi
              done
              if ((helping)); then
                ((${#subs} > 0)) && _describe -t commands command subs
                return 0
              fi
              if [[ -z $option && $ended == 0 && $cur == --*=* ]]; then
                option=${cur%%=*}
                compset -P '*='
              fi
              if [[ -n $option ]]; then
                if ((${#subs} > 0)) && [[ -n $dflt ]]; then path=${path:+$path }$dflt; _loowi_spec $path; fi
                _loowi_complete "$(_loowi_value "$path" "$option")"
              elif ((ended == 0)) && [[ $cur == -* ]]; then
                _describe -t options option opts
              elif ((${#subs} > 0)); then
                [[ -z $path ]] && subs+=('help:Show the help of a command')
                _describe -t commands command subs
              elif ((${#args} > 0)); then
                if ((n >= ${#args})); then
                  ((rep)) || return 0
                  n=$((${#args} - 1))
                fi
                _loowi_complete "${args[n + 1]}"
              fi
              return 0
            }

            if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
              _loowi "$@"
            else
              compdef _loowi loowi
            fi

            """
        return out
    }
}
