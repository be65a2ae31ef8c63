#!/usr/bin/env bash
# Issue 39, item 9, against mastodon-mock: `loowi timeline --speak` reads a Spanish post in the
# Spanish voice, as the app does (its author and time in the interface's voice); `loowi watch`
# says a rate-limit wait once, as one of its own lines, however often the server answers 429
# while it lasts.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
start_mock --config "$root/Demo/seed.toml"
mkdir -p "$XDG_CONFIG_HOME/loowi"
config="$XDG_CONFIG_HOME/loowi/config.toml"

# --- timeline --speak: the post's words in its own language's voice ------------------------------
words="Buenos días a todas las personas que escuchan esta mañana. Hoy hace sol en Barcelona y el mercado abre temprano, así que nos vemos allí con café y pan recién hecho."
posted=$(api lucia_token /api/v1/statuses --data-urlencode "status=$words" --data-urlencode language=es | json 'data["language"]')
check "the mock keeps the post's language" [ "$posted" = "es" ]
speak_timeline() {  # speak_timeline NAME: Lucía's newest post spoken into NAME.wav
  as_demo timeline @lucia --count 1 --speak --wav "$E2E_TMP/$1.wav" 2>"$E2E_TMP/$1.err"
}
printf 'post_language_voice = true\n' >"$config"
speak_timeline own
printf 'post_language_voice = false\n' >"$config"
speak_timeline one
rm -f "$config"
"$LOOWI_BIN" say --voice es --wav "$E2E_TMP/ref-es.wav" "$words"
"$LOOWI_BIN" say --voice en-gb --wav "$E2E_TMP/ref-en.wav" "$words"
own=$(wav_seconds "$E2E_TMP/own.wav"); one=$(wav_seconds "$E2E_TMP/one.wav")
es=$(wav_seconds "$E2E_TMP/ref-es.wav"); en=$(wav_seconds "$E2E_TMP/ref-en.wav")
echo "    timeline: $own s in its own voice, $one s in one voice; the words alone: $es s in Spanish, $en s in English"
# The two voices take quite different times over these words (English about 1.3 s longer);
# the post read in its own voice is shorter than the one read all in English by at least half
# of that (its name and time are the same in both; the switch of voice adds its own pauses).
# Before, both were read in English: the same length within a few hundredths.
gap=$(awk -v a="$en" -v b="$es" 'BEGIN { print a - b }')
saved=$(awk -v a="$one" -v b="$own" 'BEGIN { print a - b }')
check "the words take different times in the two voices ($gap s)" gt "$gap" 0.5
check "timeline --speak reads the Spanish post with the Spanish voice ($saved s shorter)" gt "$saved" "$(awk -v g="$gap" 'BEGIN { print g / 2 }')"

# --- watch: a rate-limit wait said once, on its own lines ---------------------------------------
fault() {  # fault PATH HEADERS-JSON COUNT: the next COUNT requests to PATH get a 429
  curl -sf -X POST "$base/api/v1/_mock/faults" -H 'Content-Type: application/json' \
    -d "{\"match\": {\"path\": \"$1\"}, \"effect\": {\"type\": \"ratelimit\", \"headers\": $2}, \"count\": $3}" -o /dev/null
}
reset=$(( $(date +%s) + 3 ))
# The first request waits; the server answers 429 again as each wait ends (its reset passed).
fault /api/v1/timelines/home "{\"X-RateLimit-Reset\": \"$reset\", \"Retry-After\": \"3\"}" 3
LOOWI_INSTANCE="$base" LOOWI_TOKEN=demo_token "$LOOWI_BIN" watch >"$E2E_TMP/watch.out" 2>"$E2E_TMP/watch.err" &
watch_pid=$!
for _ in $(seq 300); do grep -q '^Listening' "$E2E_TMP/watch.out" && break; sleep 0.05; done
kill -INT "$watch_pid"; wait "$watch_pid"; watch_rc=$?
sed 's/^/    | /' "$E2E_TMP/watch.out" "$E2E_TMP/watch.err"
check "watch listens after the waits and exits 0" bash -c "[ $watch_rc -eq 0 ] && grep -q '^Listening' '$E2E_TMP/watch.out'"
check "watch says the wait once, as one of its lines" \
  bash -c "[ \$(grep -c '^The server asks loowi to wait until .*, before asking again\.$' '$E2E_TMP/watch.out') -eq 1 ]"
check "and not again on stderr" bash -c "! grep -q 'asks loowi to wait' '$E2E_TMP/watch.err'"

finish
