#!/usr/bin/env bash
# A command that makes no sound opens no sound library (issue 36, item 5): with --silent,
# neither eSpeak NG nor pcaudiolib nor libpulse is loaded, and so no PulseAudio folder is
# written in the user's config (eSpeak NG 1.51 opens a PulseAudio context as it loads).
source "$(dirname "$0")/lib.sh"

scratch="$E2E_TMP/home"
mkdir -p "$scratch"
# A scratch home for everything libpulse could write to (with no runtime folder it keeps its
# runtime link in $XDG_CONFIG_HOME/pulse, the folder users found).
silently() { env -u XDG_RUNTIME_DIR HOME="$scratch" XDG_CONFIG_HOME="$scratch/config" "$@"; }
# The libraries the dynamic loader opened, dlopen included (glibc's LD_DEBUG).
sound_libraries() { grep -oE 'file=[^ ]*(libpulse|libpcaudio|libespeak-ng)[^ ]*' "$1" | sort -u | tr '\n' ' '; }

silently env LD_DEBUG=files LD_DEBUG_OUTPUT="$E2E_TMP/say.ld" "$LOOWI_BIN" say --silent "Nothing is heard." >/dev/null 2>&1
check "say --silent exits 0" test $? -eq 0
loaded="$(cat "$E2E_TMP"/say.ld.* 2>/dev/null | sound_libraries /dev/stdin)"
check "say --silent loads no sound library (${loaded:-none})" test -z "$loaded"

# login asks its questions aloud first; nothing answers on port 9, and that is not the point.
silently env LD_DEBUG=files LD_DEBUG_OUTPUT="$E2E_TMP/login.ld" "$LOOWI_BIN" login "http://127.0.0.1:9" --silent </dev/null >/dev/null 2>&1
loaded="$(cat "$E2E_TMP"/login.ld.* 2>/dev/null | sound_libraries /dev/stdin)"
check "login --silent loads no sound library (${loaded:-none})" test -z "$loaded"

check "no PulseAudio folder is left in the config ($(ls "$scratch/config" 2>/dev/null | tr '\n' ' '))" test ! -e "$scratch/config/pulse"
check "nothing in the home names PulseAudio" bash -c "! find '$scratch' -iname '*pulse*' | grep -q ."

# The check can fail: a command that speaks loads eSpeak NG (and with it libpulse).
silently env LD_DEBUG=files LD_DEBUG_OUTPUT="$E2E_TMP/wav.ld" "$LOOWI_BIN" say --wav "$E2E_TMP/heard.wav" "Heard." >/dev/null 2>&1
loaded="$(cat "$E2E_TMP"/wav.ld.* 2>/dev/null | sound_libraries /dev/stdin)"
check "say --wav does load eSpeak NG (${loaded:-none})" bash -c "[[ '$loaded' == *libespeak-ng* ]]"
finish
