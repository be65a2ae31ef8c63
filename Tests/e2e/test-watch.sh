#!/usr/bin/env bash
# loowi watch against mastodon-mock: with the stream open, a mention and a home post made
# through the API as other people are printed within 2 seconds, one sanitised line each;
# --types lets only some kinds through; a wrong kind is refused plainly; Ctrl-C exits 0 within
# a second; no login is the other commands' message; the configured language is used, and a
# lost server is said in it.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
start_mock --config "$root/Demo/seed.toml"

check "loowi watch --help" bash -c "'$LOOWI_BIN' watch --help | grep -qi usage"
run_capture nologin "$LOOWI_BIN" watch
run_capture nologin_timeline "$LOOWI_BIN" timeline
check "no login: the same message and status as the other commands" \
  bash -c "[ $(rc nologin) -eq 1 ] && [ $(rc nologin_timeline) -eq 1 ] && grep -q 'No account yet' '$E2E_TMP/nologin.err' && cmp -s '$E2E_TMP/nologin.err' '$E2E_TMP/nologin_timeline.err'"
run_capture badtoken env LOOWI_INSTANCE="$base" LOOWI_TOKEN=nobodys_token "$LOOWI_BIN" watch
check "a refused token is one plain line and status 1" \
  bash -c "[ $(rc badtoken) -eq 1 ] && [ \$(wc -l <'$E2E_TMP/badtoken.err') -eq 1 ] && grep -q '^loowi: ' '$E2E_TMP/badtoken.err' && [ ! -s '$E2E_TMP/badtoken.out' ]"
run_capture badtypes as_demo watch --types mention,likes
check "a wrong --types value is named, with the allowed ones" \
  bash -c "[ $(rc badtypes) -ne 0 ] && grep -q '\"likes\" is not a kind of notification' '$E2E_TMP/badtypes.err'"

# watch NAME ARGS...: loowi watch in the background, its lines in $E2E_TMP/NAME.out.
watch_start() {
  local name="$1"; shift
  # Not through as_demo: $! must be loowi itself, not a subshell, for kill -INT to reach it.
  LOOWI_INSTANCE="$base" LOOWI_TOKEN=demo_token "$LOOWI_BIN" watch "$@" >"$E2E_TMP/$name.out" 2>"$E2E_TMP/$name.err" &
  eval "${name}_pid=$!"
}
# seen NAME REGEX [SECONDS]: the line shows within the time (2 s unless said).
seen() {
  local deadline=$(( $(date +%s%N) + ${3:-2} * 1000000000 ))
  while [ "$(date +%s%N)" -lt "$deadline" ]; do grep -qE "$2" "$E2E_TMP/$1.out" && return 0; sleep 0.05; done
  echo "    (not seen in $1: $2)"; sed 's/^/    | /' "$E2E_TMP/$1.out" "$E2E_TMP/$1.err"; return 1
}

watch_start all
watch_start mentions --types mention
watch_start spoken --speak --print --wav "$E2E_TMP/spoken.wav"
check "it says it listens once the stream is open" seen all '^Listening for new posts and notifications\. Press Ctrl-C to stop\.$' 10
seen mentions '^Listening' 10 >/dev/null
seen spoken '^Listening' 10 >/dev/null

tag=$RANDOM
api grace_token /api/v1/statuses --data-urlencode "status=@demo Are you watching? $tag" -o /dev/null
check "a mention is printed within 2 s, with no key pressed" seen all "^Grace Okafor mentioned you: @demo Are you watching\? $tag"
check "--types mention lets the mention through" seen mentions "^Grace Okafor mentioned you: @demo Are you watching\? $tag"
sleep 0.3
check "the mention is one line, not also a home post" bash -c "[ \$(grep -c 'Are you watching? $tag' '$E2E_TMP/all.out') -eq 1 ]"

hostile=$'Fresh bread \e[31mtoday\e[0m \e]0;owned\a '"$tag"
api grace_token /api/v1/statuses --data-urlencode "status=$hostile" -o /dev/null
check "a new home post is printed within 2 s, as plain words" seen all "^Grace Okafor\. Fresh bread today $tag"
check "no control bytes reach the output" bash -c "! LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' '$E2E_TMP/all.out'"

mine=$(api demo_token /api/v1/statuses --data-urlencode "status=Watching the kettle $tag" | json 'data["id"]')
api tom_token "/api/v1/statuses/$mine/favourite" -X POST -o /dev/null
check "a favourite of your post is printed" seen all "^Tom Walsh favourited your post: Watching the kettle $tag"
check "your own post is not news to you (only its favourite is said)" bash -c "[ \$(grep -c 'Watching the kettle $tag' '$E2E_TMP/all.out') -eq 1 ]"
sleep 0.5
check "--types mention keeps favourites and posts out" \
  bash -c "! grep -qE 'favourited|Fresh bread' '$E2E_TMP/mentions.out'"

started=$(date +%s%N)
kill -INT "$all_pid" "$mentions_pid" "$spoken_pid"
wait "$all_pid"; all_rc=$?
wait "$mentions_pid"; mentions_rc=$?
wait "$spoken_pid"; spoken_rc=$?
took_ms=$(( ($(date +%s%N) - started) / 1000000 ))
check "Ctrl-C ends it with status 0 within a second (${took_ms} ms), speaking or not" \
  bash -c "[ $all_rc -eq 0 ] && [ $mentions_rc -eq 0 ] && [ $spoken_rc -eq 0 ] && [ $took_ms -lt 1000 ]"
check "--speak --print prints the lines it speaks" grep -q "^Grace Okafor mentioned you: @demo Are you watching? $tag" "$E2E_TMP/spoken.out"
# An unfinished WAV file keeps the empty header it was opened with: 0 seconds.
wav_finished() { gt "$(wav_seconds "$1")" 2 && gt "$(wav_rms "$1")" 0.01; }
check "Ctrl-C while speaking leaves a finished WAV file with the speech in it" wav_finished "$E2E_TMP/spoken.wav"

mkdir -p "$XDG_CONFIG_HOME/loowi"
echo 'language = "es"' >"$XDG_CONFIG_HOME/loowi/config.toml"
watch_start spanish
check "in Spanish when the configuration says so" seen spanish '^Escuchando publicaciones y notificaciones nuevas\. Pulsa Control-C para terminar\.$' 10
api grace_token /api/v1/statuses --data-urlencode "status=@demo ¿Vienes? $tag" -o /dev/null
check "a mention in Spanish" seen spanish "^Grace Okafor te ha mencionado: @demo ¿Vienes\? $tag"
# Gone at once, as in a crash (a polite stop waits seconds for the open stream).
kill -9 "$mock_pid"; wait "$mock_pid" 2>/dev/null
check "a lost server is said, in Spanish" seen spanish '^Las actualizaciones en directo se han detenido; volviendo a intentarlo\.$'
kill -INT "$spanish_pid"; wait "$spanish_pid"; spanish_rc=$?
check "Ctrl-C while it tries again still exits 0" [ "$spanish_rc" -eq 0 ]

finish
