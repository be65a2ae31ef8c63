#!/usr/bin/env bash
# One language and one voice everywhere: `--language` on demo (and run), practice and say
# reading config.toml (language, rate), practice taking config.toml's language codes.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/tmux-helpers.sh"
trap 'cleanup; rm -rf "$E2E_TMP"' EXIT
export XDG_CONFIG_HOME="$E2E_TMP/config" XDG_STATE_HOME="$E2E_TMP/state" XDG_CACHE_HOME="$E2E_TMP/cache"
mkdir -p "$XDG_CONFIG_HOME/loowi"
config="$XDG_CONFIG_HOME/loowi/config.toml"

# pane_has TEXT [SECONDS]: the pane shows TEXT within the time.
pane_has() {
  for _ in $(seq $((${2:-15} * 10))); do pane | grep -qF "$1" && return 0; sleep 0.1; done
  echo "    (not on the pane: $1)"; pane | tail -5 | sed 's/^/    | /'; return 1
}

check "run and demo take --language" bash -c "'$LOOWI_BIN' run --help | grep -q -- '--language' && '$LOOWI_BIN' demo --help | grep -q -- '--language'"
"$LOOWI_BIN" demo --language xx >"$E2E_TMP/xx.out" 2>&1; status=$?
check "a wrong --language names the codes" bash -c "[ $status -eq 64 ] && grep -qF 'Use one of: en-gb, en-us, es, ca.' '$E2E_TMP/xx.out'"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
start "env LOOWI_DEMO_PACE=off '$LOOWI_BIN' demo --line --silent --language es --port $port; sleep 30"
check "demo --language es speaks Spanish with no config.toml" pane_has "Cronología de inicio" 30
check "the demo's start-up lines in Spanish" pane_has "Iniciando la demostración. Un momento, por favor." 1
check "and where its server is, in Spanish" pane_has "El servidor de demostración está en http://127.0.0.1:$port. Eres " 1
keys F10; keys Enter
tm kill-server 2>/dev/null

printf 'language = "es"\n' >"$config"
SOCKET="$SOCKET-es"  # a fresh tmux server: the killed one may still be going
start "'$LOOWI_BIN' practice --line --silent; sleep 10"
check "practice follows config.toml's language, its screens in Spanish" pane_has "Práctica. Bienvenida, texto, Esto es la práctica de loowi."
tm kill-server 2>/dev/null
SOCKET="$SOCKET-en"
start "'$LOOWI_BIN' practice --line --silent --language en-gb; sleep 10"
check "practice --language takes config.toml's codes (en-gb)" pane_has "Welcome, text,"
keys z; keys Tab
check "practice prints a word for a key that does nothing" pane_has "[no action]"
tm kill-server 2>/dev/null
printf 'sound_words = false\n' >"$config"
SOCKET="$SOCKET-quiet"
start "'$LOOWI_BIN' practice --line --silent; sleep 10"
pane_has "Welcome, text," >/dev/null
keys z; keys Tab
pane_has "Buttons, button." >/dev/null
check "practice follows sound_words = false" bash -c "! tmux -L '$SOCKET' capture-pane -p -J -S -200 | grep -qF '[no action]'"
tm kill-server 2>/dev/null

# say reads the rate from config.toml: the same words last far longer at 100 than at 400.
words="The quick brown fox jumps over the lazy dog and runs into the woods"
printf 'rate = 100\n' >"$config"
"$LOOWI_BIN" say --wav "$E2E_TMP/slow.wav" "$words"
printf 'rate = 400\n' >"$config"
"$LOOWI_BIN" say --wav "$E2E_TMP/fast.wav" "$words"
slow=$(wav_seconds "$E2E_TMP/slow.wav"); fast=$(wav_seconds "$E2E_TMP/fast.wav")
check "say takes config.toml's rate ($slow s at 100, $fast s at 400)" gt "$slow" "$(awk -v f="$fast" 'BEGIN { print f * 2.5 }')"
"$LOOWI_BIN" say --rate 100 --wav "$E2E_TMP/given.wav" "$words"
check "--rate still wins over config.toml" gt "$(wav_seconds "$E2E_TMP/given.wav")" "$(awk -v f="$fast" 'BEGIN { print f * 2.5 }')"
printf 'rate = 7\n' >"$config"
"$LOOWI_BIN" say --wav "$E2E_TMP/broken.wav" "$words" 2>"$E2E_TMP/broken.err"
check "a broken config.toml is said on stderr" grep -q 'rate' "$E2E_TMP/broken.err"
check "and say still speaks" gt "$(wav_seconds "$E2E_TMP/broken.wav")" 1

finish
