#!/usr/bin/env bash
# `loowi completions bash|zsh|fish`: each script is read by its shell, and bash's (fish's and
# zsh's too when those shells are installed; they are not required) completes what a person
# types: commands, options of the command named, closed sets of values, files and folders.
source "$(dirname "$0")/lib.sh"

bash_script="$E2E_TMP/loowi.bash"
"$LOOWI_BIN" completions bash >"$bash_script"
check "completions bash exits 0" test $? -eq 0
check "the bash script has no syntax error" bash -n "$bash_script"
check "sourced in bash --norc, it registers for loowi" \
  bash -c "bash --norc --noprofile -c 'source \"$bash_script\"; complete -p loowi' | grep -qx 'complete -F _loowi loowi'"

# comp WORD... : what bash offers for `loowi WORD...` (the last word is the one being
# completed, as COMP_WORDS holds it, "=" split off as bash splits it), one line, sorted.
comp() {
  (cd "$E2E_TMP/files" && bash --norc --noprofile -c \
    'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _loowi; printf "%s\n" "${COMPREPLY[@]}"' \
    _ "$bash_script" loowi "$@") | sort | tr '\n' ' ' | sed 's/ $//'
}
offers() {  # offers "EXPECTED" WORD...
  local expected="$1"; shift
  local got; got="$(comp "$@")"
  [ "$got" = "$expected" ] || { echo "    loowi $*<TAB>: expected [$expected], got [$got]"; return 1; }
}
offers_some() {  # offers_some "A B" WORD...: A and B among what is offered
  local wanted="$1"; shift
  local got; got=" $(comp "$@") "
  for word in $wanted; do [[ "$got" == *" $word "* ]] || { echo "    loowi $*<TAB>: no $word in [$got]"; return 1; }; done
}
mkdir -p "$E2E_TMP/files/photos" "$E2E_TMP/files/packs"
touch "$E2E_TMP/files/photo.png" "$E2E_TMP/files/poem.txt"

check "loowi p<TAB>: post, practice" offers "post practice" p
check "loowi <TAB>: the commands and help" offers_some "run timeline post config doctor man completions help" ""
check "loowi co<TAB>: the c commands" offers "completions config conversations" co
check "loowi --l<TAB>: run's options, as loowi --line is loowi run --line" offers "--language --line" --l
check "loowi post --vis<TAB>" offers "--visibility" post --vis
check "loowi timeline --vis<TAB>: nothing, timeline has no such option" offers "" timeline --vis
check "loowi post --visibility <TAB>: the visibilities" offers "private public unlisted" post --visibility ""
check "loowi post --visibility=un<TAB>" offers "unlisted" post --visibility = un
check "loowi --language <TAB>: the interface languages" offers "ca en-gb en-us es" --language ""
check "loowi say --punctuation <TAB>" offers "all most none some" say --punctuation ""
check "loowi practice --keypad <TAB>" offers "multi-tap timed" practice --keypad ""
check "loowi post --media <TAB>: files" offers_some "photo.png poem.txt photos" post --media ""
check "loowi sounds --export <TAB>: folders only" offers "packs photos" sounds --export ""
check "loowi say --wav p<TAB>: files" offers "packs photo.png photos poem.txt" say --wav p
check "loowi notifications --types mention,fo<TAB>" offers "mention,follow mention,follow_request" notifications --types mention,fo
check "loowi config <TAB>: its commands" offers "path set show unset" config ""
check "loowi config set ra<TAB>: the settings" offers "rate" config set ra
check "loowi config set rate <TAB>: no guess at a value" offers "" config set rate ""
check "loowi config unset sound_<TAB>" offers "sound_pack sound_volume sound_words" config unset sound_
check "loowi outbox s<TAB>" offers "send" outbox s
check "loowi sounds boundary b<TAB>: names again, the argument repeats" offers "boost boundary busy-tick" sounds boundary b
check "loowi timeline --count 5 --i<TAB>: the value is skipped" offers "--ids" timeline --count 5 --i
check "loowi say -- --<TAB>: no options after --" offers "" say -- --
check "loowi help con<TAB>: commands" offers "config conversations" help con
check "loowi help config s<TAB>" offers "set show" help config s
check "loowi completions <TAB>: the shells" offers "bash fish zsh" completions ""
check "loowi doctor --<TAB>: its options" offers "--help --language --silent --wav" doctor --
check "loowi doctor --language <TAB>" offers "ca en-gb en-us es" doctor --language ""

# An unknown shell: one plain line, exit status 2, nothing on standard output.
run_unknown() { "$LOOWI_BIN" completions tcsh >"$E2E_TMP/unknown.out" 2>"$E2E_TMP/unknown.err"; echo $? >"$E2E_TMP/unknown.rc"; }
run_unknown
check "an unknown shell exits 2" test "$(cat "$E2E_TMP/unknown.rc")" = 2
check "and says which shells there are" grep -q 'no completions for "tcsh". Use one of: bash, zsh, fish.' "$E2E_TMP/unknown.err"
check "and prints no script" test ! -s "$E2E_TMP/unknown.out"

"$LOOWI_BIN" completions zsh >"$E2E_TMP/_loowi"
check "completions zsh exits 0" test $? -eq 0
"$LOOWI_BIN" completions fish >"$E2E_TMP/loowi.fish"
check "completions fish exits 0" test $? -eq 0
check "the zsh script starts with #compdef loowi" bash -c "head -1 '$E2E_TMP/_loowi' | grep -qx '#compdef loowi'"

if command -v zsh >/dev/null 2>&1; then
  check "zsh -n reads the zsh script" zsh -n "$E2E_TMP/_loowi"
  # zsh's completion builtins stubbed to print what they were given: the walk to the command
  # and what it hands them is zsh's own.
  cat >"$E2E_TMP/zcomp.zsh" <<'ZSH'
compdef() { :; }
source "$1"; shift
_describe() { local name=${@[-1]}; print -r -- "${(P)name%%:*}"; }
compadd() { print -r -- "${(P)2}"; }
_values() { shift 3; print -r -- "$*"; }
_files() { print -r -- "files $*"; }
compset() { :; }
words=(loowi "$@"); CURRENT=$#words
_loowi
ZSH
  check "zsh: loowi post --visibility <TAB>" bash -c "[ \"\$(zsh -f '$E2E_TMP/zcomp.zsh' '$E2E_TMP/_loowi' post --visibility '')\" = 'public unlisted private' ]"
  check "zsh: loowi sounds --export <TAB>: folders" bash -c "[ \"\$(zsh -f '$E2E_TMP/zcomp.zsh' '$E2E_TMP/_loowi' sounds --export '')\" = 'files -/' ]"
  check "zsh: loowi config set <TAB>: settings" bash -c "zsh -f '$E2E_TMP/zcomp.zsh' '$E2E_TMP/_loowi' config set '' | grep -qw rate"
else
  echo "  (zsh is not installed: its script is not checked)"
fi

if command -v fish >/dev/null 2>&1; then
  check "fish -n reads the fish script" fish --no-config -n "$E2E_TMP/loowi.fish"
  fcomp() { fish --no-config -c "source '$E2E_TMP/loowi.fish'; complete -C '$1'" | cut -f1 | sort | tr '\n' ' ' | sed 's/ $//'; }
  check "fish: loowi p<TAB>" test "$(fcomp 'loowi p')" = "post practice"
  check "fish: loowi post --visibility <TAB>" test "$(fcomp 'loowi post --visibility ')" = "private public unlisted"
  check "fish: loowi config set ra<TAB>" test "$(fcomp 'loowi config set ra')" = "rate"
  check "fish: loowi timeline --vis<TAB>: nothing" test "$(fcomp 'loowi timeline --vis')" = ""
else
  echo "  (fish is not installed: its script is not checked)"
fi

finish
