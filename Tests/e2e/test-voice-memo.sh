#!/usr/bin/env bash
# A start reads only the voice file it speaks with: the voice eSpeak NG chose for the setting
# and its list of voices are kept in the cache folder ($XDG_CACHE_HOME/loowi/voices), so the
# next start loads that file alone instead of reading all 131 (about 5 ms of every start).
# Heard through the real path: the same words, with the memo or without it, give the same
# WAV, byte for byte; a memo that is stale, from another eSpeak NG, or damaged changes nothing
# that is heard, and is made right. An app session keeps the voices it chose for posts in
# other languages when it quits.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
source "$(dirname "$0")/tmux-helpers.sh"
trap 'cleanup; stop_mock; rm -rf "$E2E_TMP"' EXIT

# lib.sh gives this test its own XDG_CACHE_HOME.
memo="$XDG_CACHE_HOME/loowi/voices"
text="Good morning. You have three new posts."

# How many of eSpeak NG's voice files a `say` opens.
voice_files_opened() {  # voice_files_opened WAV
  strace -f -e trace=openat,open -o "$E2E_TMP/trace" "$LOOWI_BIN" say --voice en-gb --wav "$1" "$text" || return 1
  grep -cE 'espeak-ng-data/(lang|voices)/[^"]*", O_RDONLY' "$E2E_TMP/trace"
}

first=$(voice_files_opened "$E2E_TMP/first.wav")
check "a start without a memo reads eSpeak NG's voice files ($first opened)" test "${first:-0}" -gt 100
check "it keeps the voice it chose for en-gb (gmw/en)" grep -qP '^chose\ten-gb\tgmw/en$' "$memo"
check "and the list of voices ($(grep -c '^voice' "$memo" 2>/dev/null) kept)" test "$(grep -c '^voice' "$memo")" -gt 100

second=$(voice_files_opened "$E2E_TMP/second.wav")
check "the next start opens only its own voice file ($second opened)" test "${second:-99}" -le 1
check "and says the same words the same way (identical WAV)" cmp -s "$E2E_TMP/first.wav" "$E2E_TMP/second.wav"
check "not silent (RMS $(wav_rms "$E2E_TMP/second.wav"))" gt "$(wav_rms "$E2E_TMP/second.wav")" 0.03

# Stale: the file remembered for en-gb now holds another voice. Here the Spanish voice's file
# is listed under the English voice's name and languages: loaded, eSpeak NG names it Spanish,
# so everything is chosen afresh, and English is heard.
sed -i -e 's|^voice\troa/es\t.*$|voice\troa/es\tEnglish (Great Britain)\ten-gb en|' \
       -e 's|^chose\ten-gb\tgmw/en$|chose\ten-gb\troa/es|' "$memo"
"$LOOWI_BIN" say --voice en-gb --wav "$E2E_TMP/stale.wav" "$text"
check "a stale choice is not heard (identical WAV)" cmp -s "$E2E_TMP/first.wav" "$E2E_TMP/stale.wav"
check "and is made right" grep -qP '^voice\troa/es\tSpanish \(Spain\)\tes$' "$memo"
check "both lines" grep -qP '^chose\ten-gb\tgmw/en$' "$memo"
# Wrong: en-gb remembered as a Spanish voice, which that setting cannot mean.
sed -i 's|^chose\ten-gb\tgmw/en$|chose\ten-gb\troa/es|' "$memo"
"$LOOWI_BIN" say --voice en-gb --wav "$E2E_TMP/wrong.wav" "$text"
check "a choice the setting cannot mean is not heard (identical WAV)" cmp -s "$E2E_TMP/first.wav" "$E2E_TMP/wrong.wav"
check "and is made right" grep -qP '^chose\ten-gb\tgmw/en$' "$memo"

# Another eSpeak NG (a different signature): the memo is not used, and is written again.
sed -i '1s/.*/espeak-ng 0.0 \/elsewhere 1.0 2.0/' "$memo"
other=$(voice_files_opened "$E2E_TMP/other.wav")
check "a memo from another eSpeak NG is not used ($other files opened)" test "${other:-0}" -gt 100
check "and is replaced by this one's" grep -q '^espeak-ng 1\.' "$memo"
check "the words are the same (identical WAV)" cmp -s "$E2E_TMP/first.wav" "$E2E_TMP/other.wav"

# Damaged: bytes that are no memo.
head -c 3000 /dev/urandom >"$memo"
check "a damaged memo changes nothing heard" bash -c "'$LOOWI_BIN' say --voice en-gb --wav '$E2E_TMP/junk.wav' '$text' && cmp -s '$E2E_TMP/first.wav' '$E2E_TMP/junk.wav'"
check "and is written again" grep -qP '^chose\ten-gb\tgmw/en$' "$memo"

# A voice added to eSpeak NG's data after the memo was made (a user's own voice file), where
# the memo's signature does not see it (the folder's time put back): not in the remembered
# list, so eSpeak NG's own is read again and the voice is found.
data="$E2E_TMP/data"
mkdir -p "$data" && cp -as "$(dirname "$(readlink -f "$(dpkg -L espeak-ng-data | grep -m1 '/espeak-ng-data/phontab$')")")" "$data/"
mkdir -p "$data/espeak-ng-data/voices/own/more"
check "a voice in a copy of eSpeak NG's data speaks" \
  env ESPEAK_DATA_PATH="$data" "$LOOWI_BIN" say --voice en-gb --wav "$E2E_TMP/copy.wav" "$text"
folder="$data/espeak-ng-data/voices/own/more"
kept=$(stat -c %y "$folder")
printf 'name My Own English\nlanguage en-x-mine 1\n' >"$folder/mine"
touch -d "$kept" "$folder"
check "a voice added since is found" \
  env ESPEAK_DATA_PATH="$data" "$LOOWI_BIN" say --voice en-x-mine --wav "$E2E_TMP/mine.wav" "$text"
check "and by its name" env ESPEAK_DATA_PATH="$data" "$LOOWI_BIN" say --voice "My Own English" --wav "$E2E_TMP/mine.wav" "$text"

# An app session keeps the voices it chose along the way: a post in Spanish, read under the
# English voice, is read by eSpeak NG's Spanish voice, and quitting writes that choice, so the
# next session loads the Spanish voice by its file too. Spoken into a WAV file (not --silent),
# so the words really reach eSpeak NG.
start_mock --config "$root/Demo/seed.toml"
api grace_token /api/v1/statuses --data-urlencode "status=Buenos días a todos, hoy hace sol." --data-urlencode "language=es" >/dev/null \
  || fail "the Spanish post could not be made"
check "before the session nothing is remembered for Spanish" bash -c "! grep -qP '^chose\tes\t' '$memo'"
start "env LOOWI_INSTANCE='$base' LOOWI_TOKEN=demo_token XDG_CONFIG_HOME='$XDG_CONFIG_HOME' XDG_STATE_HOME='$XDG_STATE_HOME' XDG_CACHE_HOME='$XDG_CACHE_HOME' '$LOOWI_BIN' run --line --wav '$E2E_TMP/session.wav'; echo \"EXIT \$?\"; sleep 30"
wait_text "Buenos días a todos"
sleep 1  # the post's words reach eSpeak NG after they are printed
keys F10
wait_text "Quit?"
keys Enter
wait_text "EXIT 0"
tm kill-server 2>/dev/null
check "the session's Spanish post was heard (RMS $(wav_rms "$E2E_TMP/session.wav"))" gt "$(wav_rms "$E2E_TMP/session.wav")" 0.03
check "quitting kept the voice chosen for Spanish (roa/es)" grep -qP '^chose\tes\troa/es$' "$memo"
check "and the English one beside it" grep -qP '^chose\ten-gb\tgmw/en$' "$memo"

# A cache folder that cannot be written: the memo is lost, the words are not.
rm -rf "$XDG_CACHE_HOME" && touch "$XDG_CACHE_HOME"
check "no cache folder: still spoken (identical WAV)" bash -c "'$LOOWI_BIN' say --voice en-gb --wav '$E2E_TMP/nocache.wav' '$text' && cmp -s '$E2E_TMP/first.wav' '$E2E_TMP/nocache.wav'"

finish
