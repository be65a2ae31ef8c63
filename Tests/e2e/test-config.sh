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
check "show lists all 18 settings" bash -c "[ \$('$LOOWI_BIN' config show | grep -cE '^(# )?[a-z_]+ (=|is not set)') -eq 18 ]"
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
printf 'language = es\n' > "$file"
check "a syntax error in the file is named by its line" expect_error 'config.toml line 1: es is not a value: put text in double quotes, like "es".' config show
check "set refuses to rewrite a file it cannot read, and says which line" expect_error "config.toml line 1:" config set rate 200
check "no crash trace on bad input" bash -c "! '$LOOWI_BIN' config set rate 900 2>&1 | grep -qiE 'fatal|stack|Swift/'"
finish
