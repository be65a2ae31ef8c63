#!/usr/bin/env bash
# Live updates over WebSocket, and honest polling, against mastodon-mock.
# 1. The mock made WebSocket-only with its fault plane (the SSE paths answer 404, upgrades are
#    untouched): `loowi watch` says Listening first, a mention arrives within 3 s and prints
#    once; the mock killed and restarted on its port is said once each way and the socket
#    reopens (a mention after the return arrives too).
# 2. A mock with streaming switched off and poll_seconds = 15: polling is said in its words;
#    killing it is said within one interval; its return is said.
# 3. Memory bounded: a WebSocket flood of 1 MiB messages, and 5 MiB messages (over the 4 MiB
#    bound: closed with 1009, said as a broken stream), each under 100 MiB peak RSS.
# Run alone it takes the debug build's loowi; under scripts/test, the release one.
[ -n "${E2E_TIMED:-}" ] || E2E_TIMED=1 exec timeout --kill-after=10 600 bash "$0" "$@"
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"

watch_start() {  # watch_start NAME ARGS...: loowi watch in the background, its lines in NAME.out
  local name="$1"; shift
  LOOWI_INSTANCE="$base" LOOWI_TOKEN=demo_token "$LOOWI_BIN" watch "$@" >"$E2E_TMP/$name.out" 2>"$E2E_TMP/$name.err" &
  eval "${name}_pid=$!"
}
seen() {  # seen NAME REGEX [SECONDS]: the line shows within the time (3 s unless said)
  local deadline=$(( $(date +%s%N) + ${3:-3} * 1000000000 ))
  while [ "$(date +%s%N)" -lt "$deadline" ]; do grep -qE "$2" "$E2E_TMP/$1.out" && return 0; sleep 0.05; done
  echo "    (not seen in $1: $2)"; sed 's/^/    | /' "$E2E_TMP/$1.out" "$E2E_TMP/$1.err"; return 1
}
count() { grep -cE "$2" "$E2E_TMP/$1.out"; }
sse_gone() {
  curl -sf "$base/api/v1/_mock/faults" -H 'Content-Type: application/json' -o /dev/null \
    -d '{"match":{"path_regex":"^/api/v1/streaming"},"effect":{"type":"status","status":404}}'
}
restart_mock() {  # restart_mock CONFIG: the same port again, a fresh in-memory server
  "$mock" serve --in-memory --host 127.0.0.1 --port "$port" --domain "127.0.0.1:$port" \
    --log-level warning --config "$1" >>"$E2E_TMP/mock.log" 2>&1 &
  mock_pid=$!
  for _ in $(seq 300); do curl -sf "$base/health" >/dev/null && return 0; sleep 0.2; done
  echo "  FAIL: mastodon-mock did not start again"; cat "$E2E_TMP/mock.log"; exit 1
}
crash_mock() { kill -9 "$mock_pid"; wait "$mock_pid" 2>/dev/null; }

# 1. WebSocket only.
seed="$root/Demo/seed.toml"
start_mock --config "$seed"
sse_gone
check "the SSE path answers 404 (the fault is in force)" \
  bash -c "[ \$(curl -s -o /dev/null -w '%{http_code}' -H 'Authorization: Bearer demo_token' '$base/api/v1/streaming/user') = 404 ]"
watch_start ws
seen ws '^Listening' 10 >/dev/null
check "Listening is the first line" bash -c "head -n 1 '$E2E_TMP/ws.out' | grep -q '^Listening for new posts and notifications\. Press Ctrl-C to stop\.$'"
tag=$RANDOM
api grace_token /api/v1/statuses --data-urlencode "status=@demo Over the socket? $tag" -o /dev/null
check "a mention arrives over the WebSocket within 3 s" seen ws "^Grace Okafor mentioned you: @demo Over the socket\? $tag"
sleep 0.5
check "it prints once" [ "$(count ws "Over the socket\? $tag")" -eq 1 ]
check "no polling was said" bash -c "! grep -q 'every' '$E2E_TMP/ws.out'"

crash_mock
check "the lost server is said" seen ws '^Live updates stopped; trying again\.$' 15
restart_mock "$seed"
sse_gone
check "its return is said" seen ws '^Live updates are back' 90
tag2=$RANDOM
api grace_token /api/v1/statuses --data-urlencode "status=@demo Still there? $tag2" -o /dev/null
check "the socket reopened: a mention after the return arrives within 3 s" seen ws "^Grace Okafor mentioned you: @demo Still there\? $tag2"
check "each way was said once" bash -c "[ $(count ws '^Live updates stopped') -eq 1 ] && [ $(count ws '^Live updates are back') -eq 1 ]"
kill -INT "$ws_pid"; wait "$ws_pid"; ws_rc=$?
check "Ctrl-C ends it with status 0" [ "$ws_rc" -eq 0 ]
stop_mock

# 2. No streaming at all: polling every 15 seconds.
quiet="$E2E_TMP/quiet.toml"
{ cat "$seed"; printf '\n[streaming]\nenabled = false\n'; } >"$quiet"
start_mock --config "$quiet"
mkdir -p "$XDG_CONFIG_HOME/loowi"
echo 'poll_seconds = 15' >"$XDG_CONFIG_HOME/loowi/config.toml"
watch_start poll
check "polling is said in its words" seen poll '^Live updates come every 15 seconds on this server\.$' 15
check "nothing stopped at the start" bash -c "! grep -q 'stopped' '$E2E_TMP/poll.out'"
crash_mock
killed=$(date +%s)
check "a server gone is said within one interval" seen poll '^loowi cannot reach your server; new posts wait until it answers\.$' 20
said=$(date +%s)
echo "    (said $((said - killed)) s after the kill)"
restart_mock "$quiet"
check "its return is said" seen poll '^Your server answers again' 40
check "each way was said once" \
  bash -c "[ $(count poll '^loowi cannot reach') -eq 1 ] && [ $(count poll '^Your server answers again') -eq 1 ]"
kill -INT "$poll_pid"; wait "$poll_pid"
stop_mock

# 3. Bounded memory: a WebSocket that floods, one that sends a message over the bound.
peak_kib() { awk -F': ' '/Maximum resident set size/ {print $2}' "$1"; }
flood() {  # flood MODE SECONDS: loowi watch against ws_flood_mock.py MODE, under /usr/bin/time -v
  port=$(free_port); base="http://127.0.0.1:$port"
  "$root/.venv/bin/python" "$root/Tests/e2e/support/ws_flood_mock.py" "$seed" "$port" "$1" >"$E2E_TMP/flood-$1.log" 2>&1 &
  mock_pid=$!
  for _ in $(seq 300); do curl -sf "$base/health" >/dev/null && break; sleep 0.2; done
  rm -f "$XDG_CONFIG_HOME/loowi/config.toml"
  /usr/bin/time -v -o "$E2E_TMP/$1.time" timeout -s INT "$2" \
    env LOOWI_INSTANCE="$base" LOOWI_TOKEN=demo_token "$LOOWI_BIN" watch >"$E2E_TMP/$1.out" 2>"$E2E_TMP/$1.err"
  kill -9 "$mock_pid" 2>/dev/null; wait "$mock_pid" 2>/dev/null
}
flood flood 12
flood_kib=$(peak_kib "$E2E_TMP/flood.time")
echo "    loowi watch against a WebSocket flood of 1 MiB messages: peak RSS $((flood_kib / 1024)) MiB in 12 s"
check "the flood was listened to" grep -q '^Listening for new posts' "$E2E_TMP/flood.out"
check "peak RSS under 100 MiB" [ "${flood_kib:-999999999}" -lt $((100 * 1024)) ]
flood oversize 8
over_kib=$(peak_kib "$E2E_TMP/oversize.time")
echo "    loowi watch against 5 MiB messages: peak RSS $((over_kib / 1024)) MiB in 8 s"
check "a message over 4 MiB is a broken stream, said once" bash -c "[ \$(grep -c '^Live updates stopped' '$E2E_TMP/oversize.out') -eq 1 ]"
check "peak RSS under 100 MiB" [ "${over_kib:-999999999}" -lt $((100 * 1024)) ]
finish
