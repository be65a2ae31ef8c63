#!/usr/bin/env bash
# The speech-dispatcher backend against a real speech-dispatcher started here: its own
# configuration, socket and log under the test's temporary folder, its espeak-ng module, and
# its audio to a private PulseAudio daemon's null sink. `loowi say` must reach it (its log
# holds the text, with loowi's rate mapped) and be heard (the sink's monitor is not silent);
# `loowi voices` lists its voices; with no speech-dispatcher, loowi says so and uses eSpeak NG.
# Both daemons are stopped by their pids.
source "$(dirname "$0")/lib.sh"

module=$(ls /usr/lib/speech-dispatcher-modules/sd_espeak-ng /usr/lib/*/speech-dispatcher-modules/sd_espeak-ng 2>/dev/null | head -n 1)
if ! command -v speech-dispatcher >/dev/null 2>&1 || [ -z "$module" ]; then
  echo "  SKIP: speech-dispatcher and its espeak-ng module are not installed (scripts/setup installs them: speech-dispatcher speech-dispatcher-espeak-ng)."
  exit 0
fi

# Nothing of the user's: loowi's configuration and speech-dispatcher's runtime files are ours.
export HOME="$E2E_TMP/home" XDG_CONFIG_HOME="$E2E_TMP/config" XDG_RUNTIME_DIR="$E2E_TMP/run"
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_RUNTIME_DIR"

source "$(dirname "$0")/pulse.sh"
start_pulse
speechd_pid=""
stop_all() {
  [ -n "$speechd_pid" ] && { kill "$speechd_pid" 2>/dev/null; wait "$speechd_pid" 2>/dev/null; }
  stop_pulse
}
trap 'stop_all; rm -rf "$E2E_TMP"' EXIT

check "PulseAudio daemon is up" bash -c "pactl info >/dev/null"
pactl set-default-sink loowi_test

conf="$E2E_TMP/speechd"
mkdir -p "$conf/modules" "$conf/log"
cp /etc/speech-dispatcher/modules/espeak-ng.conf "$conf/modules/" 2>/dev/null || : >"$conf/modules/espeak-ng.conf"
cat >"$conf/speechd.conf" <<EOF
LogLevel 5
LogDir "$conf/log"
AudioOutputMethod "pulse"
AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
DefaultModule espeak-ng
EOF
socket="$E2E_TMP/speechd.sock"
speech-dispatcher -s -t 0 -C "$conf" -c unix_socket -S "$socket" -P "$E2E_TMP/speechd.pid" -L "$conf/log" -l 5 \
  >"$E2E_TMP/speechd.out" 2>&1 &
speechd_pid=$!
for _ in $(seq 100); do [ -S "$socket" ] && break; sleep 0.1; done
check "speech-dispatcher is up on its own socket" test -S "$socket"
export SPEECHD_ADDRESS="unix_socket:$socket"
log="$conf/log/speech-dispatcher.log"

parec -d loowi_test.monitor --format=s16le --rate=22050 --channels=1 --file-format=wav "$E2E_TMP/recorded.wav" &
rec_pid=$!
sleep 0.5
check "loowi say --speech-backend speech-dispatcher exits 0" \
  "$LOOWI_BIN" say --speech-backend speech-dispatcher --rate 300 "Loowi speaks through speech dispatcher, zebra."
# speech-dispatcher says it after loowi has handed it over: wait for the module to finish.
sleep 4
kill "$rec_pid"; wait "$rec_pid" 2>/dev/null
check "speech-dispatcher queued the text as a message" \
  grep -q "Queueing message |Loowi speaks through speech dispatcher, zebra.| with priority 2" "$log"
check "loowi's 300 words per minute arrived as speech-dispatcher's rate 45" grep -q "SET SELF RATE 45" "$log"
check "the language arrived as en-GB" grep -q "SET SELF LANGUAGE en-GB" "$log"
check "no fallback was said while speech-dispatcher answers" \
  bash -c "! '$LOOWI_BIN' say --speech-backend speech-dispatcher hello 2>&1 | grep -q 'did not answer'"
rms=$(wav_rms "$E2E_TMP/recorded.wav")
check "speech-dispatcher's speech reached the null sink (RMS $rms)" gt "$rms" 0.01

voices=$("$LOOWI_BIN" voices --speech-backend speech-dispatcher 2>&1)
check "voices lists speech-dispatcher's voices ($(wc -l <<<"$voices") lines)" gt "$(wc -l <<<"$voices")" 20
catalan=$("$LOOWI_BIN" voices --speech-backend speech-dispatcher --language ca 2>&1)
check "voices --language ca lists only Catalan voices" \
  bash -c "grep -q '^ca  Catalan' <<<'$catalan' && ! grep -qv '^ca ' <<<'$catalan'"
check "speech-dispatcher's variants are shown, eSpeak NG's voice files are not" \
  bash -c "grep -q '^ca  Catalan+Alex  (Alex)' <<<'$catalan' && ! grep -q 'roa/ca' <<<'$catalan'"

# No speech-dispatcher: the socket's folder does not exist, so none answers and none is started.
export SPEECHD_ADDRESS="unix_socket:$E2E_TMP/missing/speechd.sock"
out=$("$LOOWI_BIN" say --speech-backend speech-dispatcher --wav "$E2E_TMP/fallback.wav" hi 2>&1); status=$?
check "with no speech-dispatcher, say still exits 0" test "$status" -eq 0
check "and says the fallback line once" test "$(grep -c 'Speech-dispatcher did not answer; using eSpeak NG.' <<<"$out")" -eq 1
seconds=$(wav_seconds "$E2E_TMP/fallback.wav")
check "eSpeak NG said the fallback line and the text ($seconds s)" gt "$seconds" 2
mkdir -p "$XDG_CONFIG_HOME/loowi"
printf 'language = "es"\n' >"$XDG_CONFIG_HOME/loowi/config.toml"
check "in Spanish when config.toml says es" \
  bash -c "'$LOOWI_BIN' say --speech-backend speech-dispatcher --wav '$E2E_TMP/fallback-es.wav' hola 2>&1 | grep -q 'Speech-dispatcher no ha respondido; se usa eSpeak NG.'"
out=$("$LOOWI_BIN" voices --speech-backend speech-dispatcher --language ca 2>&1); status=$?
check "voices falls back to eSpeak NG's list, and says so" \
  bash -c "[ $status -eq 0 ] && grep -q 'no ha respondido' <<<'$out' && grep -q 'roa/ca' <<<'$out'"
check "speech_backend is a setting loowi config accepts" bash -c "'$LOOWI_BIN' config set speech_backend speech-dispatcher >/dev/null"
check "and shows" bash -c "'$LOOWI_BIN' config show | grep -qx 'speech_backend = \"speech-dispatcher\"'"

stop_all
check "speech-dispatcher stopped" bash -c "! kill -0 $speechd_pid 2>/dev/null"
finish
