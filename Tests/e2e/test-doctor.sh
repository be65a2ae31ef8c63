#!/usr/bin/env bash
# `loowi doctor` against mastodon-mock and a private PulseAudio: all well (exit 0), then one
# thing wrong at a time (exit 1 with the line that says how to fix it), in English and in
# Spanish: a bad token, a settings error, a token file others can read, a null sink, and a
# server that is gone. The lines are spoken too (heard in a WAV file), and no token is shown.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
source "$(dirname "$0")/pulse.sh"
trap 'stop_pulse; rm -rf "$E2E_TMP"' EXIT
start_mock --config "$root/Demo/seed.toml"
start_pulse "module-pipe-sink file=$E2E_TMP/pipe sink_name=loowi_pipe"

accounts="$XDG_CONFIG_HOME/loowi/accounts.json"
config="$XDG_CONFIG_HOME/loowi/config.toml"
echo mockcode_grace | "$LOOWI_BIN" login "$base" --silent >/dev/null 2>&1
check "a saved account to check" test -s "$accounts"
token=$(python3 -c "import json; print(json.load(open('$accounts'))['accounts'][0]['accessToken'])")
grace="@grace@127.0.0.1:$port"

doctor() { run_capture "$1" "$LOOWI_BIN" doctor --silent "${@:2}"; }
says() { grep -qxF -- "$2" "$E2E_TMP/$1.out" || { echo "    no line: $2"; sed 's/^/    | /' "$E2E_TMP/$1.out"; return 1; }; }
says_start() { grep -qF -- "$2" "$E2E_TMP/$1.out" || { echo "    nothing like: $2"; sed 's/^/    | /' "$E2E_TMP/$1.out"; return 1; }; }
quiet() { [ ! -s "$E2E_TMP/$1.err" ] || { echo "    stderr:"; sed 's/^/    | /' "$E2E_TMP/$1.err"; return 1; }; }

# --- all well ----------------------------------------------------------------------------------
doctor well
check "all well: exit 0" test "$(rc well)" = 0
check "all well: eSpeak NG and its voice" says well "eSpeak NG: works, with the voice en-gb for English (UK)."
check "all well: the sound device, a pipe sink" says_start well "Sound: PulseAudio plays to "
check "all well: the account's token works" says well "Account $grace: its token works; the server knows you as @grace."
check "all well: the server streams (SSE)" says well "Live updates on 127.0.0.1:$port: the server streams them as they happen (server-sent events)."
check "all well: the rate limit as the server tells it" says well "Requests to 127.0.0.1:$port: the server does not say how many are left."
check "all well: the outbox" says well "Outbox of $grace: no post waits."
check "all well: the last line says so" bash -c "[ \"\$(tail -1 '$E2E_TMP/well.out')\" = 'All is well: nothing needs you.' ]"
check "all well: no line is a problem" bash -c "! grep -q 'problem:' '$E2E_TMP/well.out'"
check "all well: nothing on stderr" quiet well
doctor wellEs --language es
check "todo bien: exit 0" test "$(rc wellEs)" = 0
check "todo bien: in Spanish" says wellEs "Cuenta $grace: su token funciona; el servidor te conoce como @grace."
check "todo bien: the last line" bash -c "[ \"\$(tail -1 '$E2E_TMP/wellEs.out')\" = 'Todo está bien: nada necesita tu atención.' ]"
check "todo bien: eSpeak NG checks the Spanish voice" says wellEs "eSpeak NG: funciona, con la voz es para español."
"$LOOWI_BIN" config set language es >/dev/null
doctor configEs
check "config.toml's language chooses the doctor's" says configEs "Todo está bien: nada necesita tu atención."
"$LOOWI_BIN" config unset language >/dev/null

# --- spoken, into a WAV file -------------------------------------------------------------------
run_capture spoken "$LOOWI_BIN" doctor --wav "$E2E_TMP/doctor.wav"
check "spoken: exit 0" test "$(rc spoken)" = 0
check "spoken: the lines are heard ($(wav_seconds "$E2E_TMP/doctor.wav") s)" gt "$(wav_seconds "$E2E_TMP/doctor.wav")" 10
check "spoken: not silent (RMS $(wav_rms "$E2E_TMP/doctor.wav"))" gt "$(wav_rms "$E2E_TMP/doctor.wav")" 0.03
check "spoken: printed as well" says spoken "All is well: nothing needs you."

# --- a bad token -------------------------------------------------------------------------------
cp "$accounts" "$E2E_TMP/accounts.good"
python3 - "$accounts" <<'PY'
import json, sys
path = sys.argv[1]
data = json.load(open(path))
data["accounts"][0]["accessToken"] = "revoked-token"
json.dump(data, open(path, "w"))
PY
chmod 600 "$accounts"
doctor badtoken
check "bad token: exit 1" test "$(rc badtoken)" = 1
check "bad token: says to log in again" says badtoken \
  "Account $grace, problem: the server no longer accepts its token: it was revoked or has expired. To fix: log in again: loowi login 127.0.0.1:$port"
check "bad token: one thing needs you" bash -c "[ \"\$(tail -1 '$E2E_TMP/badtoken.out')\" = 'One thing needs you; how to fix it is above.' ]"
doctor badtokenEs --language es
check "token malo: in Spanish" says badtokenEs \
  "Cuenta $grace, problema: el servidor ya no acepta su token: se revocó o ha caducado. Para arreglarlo: vuelve a iniciar sesión: loowi login 127.0.0.1:$port"
cp "$E2E_TMP/accounts.good" "$accounts"; chmod 600 "$accounts"

# --- a settings error --------------------------------------------------------------------------
printf 'rate = 900\n' >"$config"
doctor badconfig
check "settings error: exit 1" test "$(rc badconfig)" = 1
check "settings error: the line and the fix" says badconfig \
  "Settings, problem: config.toml line 1: rate 900 is out of range; use 80 to 450. To fix: edit that line in $config, or remove the setting with loowi config unset NAME so its default applies."
check "settings error: nothing on stderr" quiet badconfig
printf 'language = "es"\nrate = 900\n' >"$config"
doctor badconfigEs
check "error de configuración: in the file's language, though the file has an error" says badconfigEs \
  "Configuración, problema: config.toml line 2: rate 900 is out of range; use 80 to 450. Para arreglarlo: corrige esa línea en $config, o quita el ajuste con loowi config unset NOMBRE para volver a su valor predeterminado."
rm -f "$config"

# --- a token file others can read --------------------------------------------------------------
chmod 644 "$accounts"
doctor open
check "too open: exit 1" test "$(rc open)" = 1
check "too open: names the file, its mode and the chmod" says open \
  "File permissions, problem: other people can read $accounts (mode 0644). To fix: run: chmod 600 $accounts"
doctor openEs --language es
check "demasiado abierto: in Spanish" says openEs \
  "Permisos de los archivos, problema: otras personas pueden leer $accounts (modo 0644). Para arreglarlo: ejecuta: chmod 600 $accounts"
chmod 600 "$accounts"

# --- a null sink -------------------------------------------------------------------------------
stop_pulse
start_pulse
doctor null
check "null sink: exit 1" test "$(rc null)" = 1
check "null sink: named as such, with the fix" says_start null \
  "Sound, problem: PulseAudio plays to loowi_test, a null sink: nothing played there is heard. To fix: choose a real output"
doctor nullEs --language es
check "salida nula: in Spanish" says_start nullEs "Sonido, problema: PulseAudio reproduce en loowi_test, una salida nula"
stop_pulse
start_pulse "module-pipe-sink file=$E2E_TMP/pipe2 sink_name=loowi_pipe"

# --- the server is gone ------------------------------------------------------------------------
stop_mock
doctor gone
check "server gone: exit 1" test "$(rc gone)" = 1
check "server gone: the account says it cannot be reached, and what to do" says_start gone \
  "Account $grace, problem: loowi cannot reach the server. To fix: Check your internet connection"
doctor goneEs --language es
check "servidor caído: in Spanish" says_start goneEs "Cuenta $grace, problema: loowi no puede conectar con el servidor. Para arreglarlo:"
check "server gone: the local checks still pass" says gone "Outbox of $grace: no post waits."

check "no token in any output" bash -c "! cat '$E2E_TMP'/*.out '$E2E_TMP'/*.err | grep -qF '$token'"
check "no control bytes in any output" bash -c "! LC_ALL=C grep -q \$'[\\x01-\\x08\\x0b-\\x1f\\x7f]' '$E2E_TMP'/*.out"
finish
