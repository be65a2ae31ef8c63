#!/usr/bin/env bash
# Live updates over WebSocket as a person hears them (issue 38): mastodon-mock with the demo
# seed, made WebSocket-only with its fault plane (the SSE paths answer 404; upgrades are left
# alone), and the app in line mode in English and in Spanish, each in its own tmux pane.
# A mention is said within 3 s with no key pressed; the server killed and started again on the
# same port is said once each way, the socket reopens, and the next mention is said.
[ -n "${E2E_TIMED:-}" ] || E2E_TIMED=1 exec timeout --kill-after=10 600 bash "$0" "$@"
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
source "$(dirname "$0")/tmux-helpers.sh"

port=$(free_port)
base="http://127.0.0.1:$port"
serve() {  # the mock on $port, WebSocket-only; waits for /health
  "$mock" serve --in-memory --host 127.0.0.1 --port "$port" --domain "127.0.0.1:$port" --log-level warning \
    --config "$root/Demo/seed.toml" >>"$E2E_TMP/mock.log" 2>&1 &
  mock_pid=$!
  for _ in $(seq 300); do curl -sf "$base/health" >/dev/null && break; sleep 0.1; done
  curl -sf "$base/api/v1/_mock/faults" -H 'Content-Type: application/json' -o /dev/null \
    -d '{"match":{"path_regex":"^/api/v1/streaming"},"effect":{"type":"status","status":404}}' \
    || fail "mastodon-mock did not start: $(cat "$E2E_TMP/mock.log")"
}
crash() { kill -9 "$mock_pid" 2>/dev/null; wait "$mock_pid" 2>/dev/null; true; }
trap 'cleanup; crash; rm -rf "$E2E_TMP"' EXIT
serve

mkdir -p "$E2E_TMP/es/config/loowi"
printf 'language = "es"\n' >"$E2E_TMP/es/config/loowi/config.toml"
app_command() {  # app_command DIR: loowi run --line as the demo user, its folders under DIR
  echo "env LOOWI_INSTANCE='$base' LOOWI_TOKEN=demo_token XDG_CONFIG_HOME='$1/config' XDG_STATE_HOME='$1/state' XDG_CACHE_HOME='$1/cache' '$LOOWI_BIN' run --line --silent; echo \"EXIT \$?\"; sleep 60"
}
start "$(app_command "$E2E_TMP")"
tm new-session -d -s es -x 100 -y 30 "$(app_command "$E2E_TMP/es")"

declare -A marked
mark_all() { for s in "$SESSION" es; do marked[$s]=$(tm capture-pane -p -J -S -500 -t "$s" | grep -c .); done; }
lines_after() { tm capture-pane -p -J -S -500 -t "$1" | grep . | tail -n +"$((marked[$1] + 1))"; }
said_in_re() {  # said_in_re PANE SECONDS REGEX
  local deadline=$(( $(date +%s%N) + $2 * 1000000000 ))
  while [ "$(date +%s%N)" -lt "$deadline" ]; do
    lines_after "$1" | grep -qE -- "$3" && return 0
    sleep 0.05
  done
  echo "--- pane $1:"; lines_after "$1"
  fail "pane $1 never said: /$3/"
}
ms() { echo $(($(date +%s%N) / 1000000)); }
wait_line_in() { for _ in $(seq 300); do tm capture-pane -p -J -S -500 -t "$1" | grep -q -- "$2" && return 0; sleep 0.05; done; fail "pane $1 never opened: $2"; }
wait_line_in "$SESSION" "^Home timeline\. Posts, list, .*, 1 of [0-9]*\. "
wait_line_in es ", 1 de [0-9]*\. "

# The socket opens after SSE's 404: a first mention, again every 2 s until both panes say one.
mark_all
for _ in $(seq 10); do
  api grace_token /api/v1/statuses --data-urlencode "status=@demo Are you there?" -o /dev/null || fail "grace could not post"
  sleep 2
  lines_after "$SESSION" | grep -q "Grace Okafor mentioned you" && lines_after es | grep -q "Grace Okafor te ha mencionado" && break
done
said_in_re "$SESSION" 1 "Grace Okafor mentioned you(\.|: Are you there\?)"
echo "ok: the WebSocket opened in both copies"

# Spoken announcements of a kind are 2 s apart: the timed mention comes after the spacing.
sleep 2.5
mark_all; t0=$(ms)
api oliver_token /api/v1/statuses --data-urlencode "status=@demo Tea at four?" -o /dev/null || fail "oliver could not post"
said_in_re "$SESSION" 3 "^Oliver .* mentioned you: Tea at four\?$"
took=$(($(ms) - t0))
said_in_re es 3 "^Oliver .* te ha mencionado: Tea at four\?$"
[ "$took" -le 3000 ] || fail "the mention took $took ms"
echo "ok: a mention over the WebSocket is said with no key pressed ($took ms), in English and Spanish"

mark_all
crash
said_in_re "$SESSION" 8 "^Live updates stopped; trying again\.$"
said_in_re es 8 "^Las actualizaciones en directo se han detenido; volviendo a intentarlo\.$"
echo "ok: the server going away is said in each language"
serve
said_in_re "$SESSION" 40 "^Live updates are back(\.|; .* arrived meanwhile\.)$"
said_in_re es 40 "^Las actualizaciones en directo han vuelto(\.|; mientras tanto ha(n)? llegado .*\.)$"
[ "$(lines_after "$SESSION" | grep -c "Live updates stopped")" = 1 ] || fail "the outage was said more than once"
[ "$(lines_after "$SESSION" | grep -c "Live updates are back")" = 1 ] || fail "the return was said more than once"
echo "ok: its return is said once, in each language"
sleep 2.5
mark_all; t0=$(ms)
api priya_token /api/v1/statuses --data-urlencode "status=@demo Back online?" -o /dev/null || fail "priya could not post after the restart"
said_in_re "$SESSION" 3 "Priya Shah mentioned you: Back online\?$"
said_in_re es 3 "Priya Shah te ha mencionado: Back online\?$"
echo "ok: the socket reopened: the next mention is said ($(($(ms) - t0)) ms)"
keys F10; keys Enter; wait_text "EXIT 0"
tm send-keys -t es F10; tm send-keys -t es Enter
echo "websocket live passed"
