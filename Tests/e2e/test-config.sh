#!/usr/bin/env bash
# loowi config: path, show, set and unset against a temporary $XDG_CONFIG_HOME; bad names
# and values fail with a plain message, and a bad line in the file is named by its number.
source "$(dirname "$0")/lib.sh"

export XDG_CONFIG_HOME="$E2E_TMP/config"
file="$XDG_CONFIG_HOME/loowi/config.toml"

expect_error() {  # expect_error "MESSAGE PART" ARGS...
  local want="$1"; shift
  local output status
  output=$("$LOOWI_BIN" "$@" 2>&1); status=$?
  [ "$status" -ne 0 ] && grep -qF -- "$want" <<<"$output" || { echo "    got (exit $status): $output"; return 1; }
}
expect_output() {  # expect_output "EXACT LINE" ARGS...
  local want="$1"; shift
  local output
  output=$("$LOOWI_BIN" "$@" 2>&1) && grep -qxF -- "$want" <<<"$output" || { echo "    got: $output"; return 1; }
}

check "config path follows XDG_CONFIG_HOME" expect_output "$file" config path
check "config --help lists the subcommands" bash -c "'$LOOWI_BIN' config --help | grep -q 'set' && '$LOOWI_BIN' config --help | grep -q 'show'"
check "show without a file gives the defaults" expect_output "rate = 175" config show
check "show says the file does not exist yet" expect_output "# $file does not exist yet; these are the defaults." config show
check "show lists all 43 settings" bash -c "[ \$('$LOOWI_BIN' config show | grep -cE '^(# )?[a-z_]+ (=|is not set)') -eq 43 ]"
check "show creates no file" test ! -e "$file"

check "set rate prints the change" expect_output "rate = 220 (was 175, the default)" config set rate 220
check "set created the file" grep -qx "rate = 220" "$file"
check "show reflects the new rate" expect_output "rate = 220" config show
check "set a key override" expect_output 'keys.F9 = "info" (was the standard binding)' config set keys.F9 info

printf '# my comment\n' | cat - "$file" > "$E2E_TMP/with-comment" && cp "$E2E_TMP/with-comment" "$file"
check "set verbosity" expect_output 'verbosity = "expert" (was "beginner", the default)' config set verbosity expert
check "set keeps the user's comment" grep -qx "# my comment" "$file"

cp "$file" "$E2E_TMP/before"
check "out-of-range rate fails with the range" expect_error "rate 900 is out of range; use 80 to 450." config set rate 900
check "bad choice lists the choices" expect_error 'language "fr" is not allowed; use en-gb, en-us, es or ca.' config set language fr
check "unknown setting lists the known ones" expect_error 'unknown setting "speed". Known settings: language, voice, rate' config set speed 3
check "bad key action is explained" expect_error 'Unknown action "fly"' config set keys.F9 fly
check "a refused value leaves the file as it was" cmp -s "$file" "$E2E_TMP/before"

check "unset puts the default back" expect_output "rate removed (was 220); now 175, the default." config unset rate

printf '# speech\nlanguage = "es"\n\nrate = 900\n' > "$file"
check "a bad value in the file is named by its line" expect_error "config.toml line 4: rate 900 is out of range; use 80 to 450." config show
# The app cannot start on it: the problem is printed as config show prints it, and spoken in
# the language the file names, with the setting's spoken name (as long as the Spanish
# sentence said on its own).
check "run stops on it and prints why" expect_error "config.toml line 4: rate 900 is out of range; use 80 to 450." run --wav "$E2E_TMP/refused.wav"
"$LOOWI_BIN" say --voice es --wav "$E2E_TMP/spanish.wav" "config.toml, línea 4: Velocidad de voz: 900 está fuera del intervalo; usa de 80 a 450." 2>/dev/null
check "  and says it in Spanish" python3 - "$(wav_seconds "$E2E_TMP/refused.wav")" "$(wav_seconds "$E2E_TMP/spanish.wav")" <<'PY'
import sys
heard, spanish = map(float, sys.argv[1:])
assert spanish > 3 and abs(heard - spanish) < 0.1 * spanish, (heard, spanish)
PY
printf 'language = es\n' > "$file"
check "a syntax error in the file is named by its line" expect_error 'config.toml line 1: es is not a value: put text in double quotes, like "es".' config show
check "set refuses to rewrite a file it cannot read, and says which line" expect_error "config.toml line 1:" config set rate 200
check "no crash trace on bad input" bash -c "! '$LOOWI_BIN' config set rate 900 2>&1 | grep -qiE 'fatal|stack|Swift/'"

# Control bytes in the file (ESC, an OSC title, NUL, C1, a bidi override) never reach the
# terminal: the raw output has none of them, and the message still names the line.
no_control_bytes() {  # no_control_bytes WANT ARGS...
  local want="$1"; shift
  "$LOOWI_BIN" "$@" > "$E2E_TMP/raw" 2>&1
  if LC_ALL=C grep -aqP '[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\x8b-\x8f\xaa-\xae]|\xe2\x81[\xa6-\xa9]' "$E2E_TMP/raw"; then
    echo "    control bytes in the output:"; od -c "$E2E_TMP/raw" | head -n 12; return 1
  fi
  grep -qF -- "$want" "$E2E_TMP/raw" || { echo "    got: $(cat -v "$E2E_TMP/raw")"; return 1; }
}
printf 'ra\033]0;PWNED\007te\000\302\233\342\200\256 = 1\n' > "$file"
check "a key with control bytes: config show prints none" no_control_bytes "config.toml line 1:" config show
check "a key with control bytes: loowi prints none" no_control_bytes "config.toml line 1:" --account nobody@127.0.0.1
printf 'rate = 1\033[2J\302\235x\000\n' > "$file"
check "a value with control bytes: config show prints none" no_control_bytes "config.toml line 1:" config show
printf 'rate = 175 x\033]0;T\007\342\200\256 # c\033[2J\n' > "$file"
check "text after a value with control bytes: config show prints none" no_control_bytes "config.toml line 1:" config show
printf 'rate = 175 # \033]0;T\007\302\233\000\n' > "$file"
check "a comment with control bytes: config show prints none" no_control_bytes "config.toml line 1:" config show
printf 'voice = "\\u001B]0;T\\u0007x\342\200\256"\n' > "$file"
check "an escaped control in a value is shown escaped" no_control_bytes 'voice = "\u001B]0;T\u0007x\u202E"' config show
finish
