#!/usr/bin/env bash
# Live updates as a person hears them (issue 11), with no key pressed: mastodon-mock with the
# demo seed (its fixed tokens, so the same login works after a restart), and two copies of the
# app logged in as the demo user in line mode, one in English and one in Spanish, each in its
# own tmux pane. Other people post through the API; the panes are read for what is said.
# The server is killed and started again on the same port; a malformed event is sent on the
# stream. Last, keys show the focus never moved.
# The mock runs through support/streaming_mock.py: mastodon-mock itself, plus one test-only
# route that puts raw text on the user's stream (no API call makes a malformed event).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
source "$(dirname "$0")/tmux-helpers.sh"
python="$root/.venv/bin/python"
[ -x "$python" ] || { echo "  FAIL: $python is missing: run scripts/setup"; exit 1; }

port=$(free_port)
base="http://127.0.0.1:$port"
serve() {  # the mock on $port, in the background; waits for /health
  "$python" "$root/Tests/e2e/support/streaming_mock.py" "$root/Demo/seed.toml" "$port" >>"$E2E_TMP/mock.log" 2>&1 &
  mock_pid=$!
  for _ in $(seq 200); do curl -sf "$base/health" >/dev/null && return 0; sleep 0.05; done
  fail "mastodon-mock did not start: $(cat "$E2E_TMP/mock.log")"
}
# The server goes away at once, as a crash or a lost network does (SIGTERM would wait for the
# open streams to end).
crash() { kill -9 "$mock_pid" 2>/dev/null; wait "$mock_pid" 2>/dev/null; true; }
trap 'cleanup; crash; rm -rf "$E2E_TMP"' EXIT
serve

# --- two panes: English (the helpers' session) and Spanish ------------------------------------
# Each copy has its own config, state and cache; the Spanish one sets the language in config.toml.
mkdir -p "$E2E_TMP/es/config/loowi"
printf 'language = "es"\n' >"$E2E_TMP/es/config/loowi/config.toml"
app_command() {  # app_command DIR: loowi run --line as the demo user, its folders under DIR
  echo "env LOOWI_INSTANCE='$base' LOOWI_TOKEN=demo_token XDG_CONFIG_HOME='$1/config' XDG_STATE_HOME='$1/state' XDG_CACHE_HOME='$1/cache' '$LOOWI_BIN' run --line --silent; echo \"EXIT \$?\"; sleep 60"
}
start "$(app_command "$E2E_TMP")"
tm new-session -d -s es -x 100 -y 30 "$(app_command "$E2E_TMP/es")"

# What each pane said after its mark (the helpers' mark and said_after_mark, per pane).
declare -A marked
mark_all() { for s in "$SESSION" es; do marked[$s]=$(tm capture-pane -p -J -S -500 -t "$s" | grep -c .); done; }
lines_after() { tm capture-pane -p -J -S -500 -t "$1" | grep . | tail -n +"$((marked[$1] + 1))"; }
# said_in PANE SECONDS TEXT: waits up to SECONDS for a line that is exactly TEXT.
said_in() {
  local deadline=$((SECONDS + $2))
  while [ "$SECONDS" -le "$deadline" ]; do
    lines_after "$1" | grep -qxF -- "$3" && return 0
    sleep 0.05
  done
  echo "--- pane $1:"; lines_after "$1"
  fail "pane $1 never said: $3"
}
said_in_re() {
  local deadline=$((SECONDS + $2))
  while [ "$SECONDS" -le "$deadline" ]; do
    lines_after "$1" | grep -qE -- "$3" && return 0
    sleep 0.05
  done
  echo "--- pane $1:"; lines_after "$1"
  fail "pane $1 never said: /$3/"
}
ms() { echo $(($(date +%s%N) / 1000000)); }

# Both copies opened home on the newest post, and their stream is open (the mock's access log).
wait_line_in() { for _ in $(seq 200); do tm capture-pane -p -J -S -500 -t "$1" | grep -q -- "$2" && return 0; sleep 0.05; done; fail "pane $1 never opened: $2"; }
wait_line_in "$SESSION" "^Home timeline\. Posts, list, .*, 1 of [0-9]*\. "
wait_line_in es ", 1 de [0-9]*\. "
streams() { grep -c '"GET /api/v1/streaming/user HTTP/1.1" 200' "$E2E_TMP/mock.log"; }
for _ in $(seq 100); do [ "$(streams)" -ge 2 ] && break; sleep 0.05; done
[ "$(streams)" -ge 2 ] || fail "the app never opened the user stream: $(grep streaming "$E2E_TMP/mock.log")"
# The post each copy is on (what "1 of N" is said of), without its time: after the events it must
# be the same post, further down.
top=$(pane | grep -m1 '^Home timeline\. Posts, list, ' | sed -E 's/^Home timeline\. Posts, list, //; s/\. [^.]*, 1 of [0-9]+\..*$//')
[ -n "$top" ] || fail "could not read the focused post"
me=$(api demo_token /api/v1/accounts/verify_credentials | json 'data["id"]')
echo "ok: both copies opened home on: $top"

# --- (a) a mention, no key pressed: said within 2 s, once, in each language -------------------
mark_all; t0=$(ms)
api grace_token /api/v1/statuses --data-urlencode "status=@demo Tea at four?" -o /dev/null || fail "grace could not post"
said_in "$SESSION" 2 "Grace Okafor mentioned you: Tea at four?"
took=$(($(ms) - t0))
[ "$took" -le 2000 ] || fail "the mention took $took ms to be said"
said_in es 2 "Grace Okafor te ha mencionado: Tea at four?"
# Grace is followed: her post is in home too, but it is one event, heard once.
sleep 0.3
lines_after "$SESSION" | grep -qF "new post" && fail "the mention was also announced as a new post: $(lines_after "$SESSION")"
echo "ok: a mention is said with its words with no key pressed ($took ms), in English and Spanish"

# --- (b) a new post in home (Oliver is followed): a sound, and in line mode a line -------------
# Spoken announcements are 2 s apart: this one may wait for the spacing.
mark_all
api oliver_token /api/v1/statuses --data-urlencode "status=Fresh rye at the stall today." -o /dev/null || fail "oliver could not post"
said_in "$SESSION" 3 "1 new post."
said_in es 3 "Una publicación nueva."
echo "ok: a new home post makes its line"

# --- (e) a malformed event and a line that is no field are skipped; the stream goes on -------
mark_all
publish() { curl -sf -X POST "$base/_test/publish?account=$me&event=$1" --data-binary "$2" -o /dev/null || fail "could not publish $1"; }
publish notification '{"id": "999", "type": "mention", "account": {not json'
publish update 'x
this line is no field
: a comment
data: {"also": "not a status"}'
publish notification '[]'
sleep 0.3
api priya_token /api/v1/statuses --data-urlencode "status=@demo Did you get my parcel?" -o /dev/null || fail "priya could not post"
said_in "$SESSION" 3 "Priya Shah mentioned you: Did you get my parcel?"
said_in es 3 "Priya Shah te ha mencionado: Did you get my parcel?"
lines_after "$SESSION" | grep -v -xF "Priya Shah mentioned you: Did you get my parcel?" | grep . && fail "the malformed events were said"
echo "ok: malformed events are skipped, the stream stays open and the next mention is said"

# --- (c) the server goes away and comes back on the same port ---------------------------------
mark_all
crash
# Said after the second failed connect in a row (the first quick reconnect is not an outage).
said_in "$SESSION" 5 "Live updates stopped; trying again."
said_in es 5 "Las actualizaciones en directo se han detenido; volviendo a intentarlo."
echo "ok: the server going away is said, once, in each language"
mark_all
serve
# The backoff grows (1, 2, 2-4, 4-8 s): the return can take several seconds. The restarted
# mock seeded everything afresh, with new ids: what it holds counts as arrived meanwhile.
said_in_re "$SESSION" 15 "^Live updates are back(\.|; .* arrived meanwhile\.)$"
said_in_re es 15 "^Las actualizaciones en directo han vuelto(\.|; mientras tanto ha(n)? llegado .*\.)$"
[ "$(lines_after "$SESSION" | grep -c "Live updates stopped")" = 0 ] || fail "the outage was said twice"
for _ in $(seq 100); do [ "$(streams)" -ge 4 ] && break; sleep 0.05; done
[ "$(streams)" -ge 4 ] || fail "the stream did not reopen on the restarted server"
me=$(api demo_token /api/v1/accounts/verify_credentials | json 'data["id"]')
# Spoken announcements are 2 s apart: the mention may wait for the spacing after "back".
mark_all; t0=$(ms)
api grace_token /api/v1/statuses --data-urlencode "status=@demo Back online?" -o /dev/null || fail "grace could not post after the restart"
# The restarted mock gave the demo user a new id, so the app (which knows the old one) cannot
# tell that Grace's home post mentions it: "1 new post." may come too (a real server keeps ids).
said_in_re "$SESSION" 3 "^(1 new post\. )?Grace Okafor mentioned you: Back online\?$"
said_in_re es 3 "^(Una publicación nueva\. )?Grace Okafor te ha mencionado: Back online\?$"
echo "ok: the return is said, the stream reopens and a new mention is said ($(($(ms) - t0)) ms)"

# --- the focus never moved: the position key says a place further down, and Up then Down come
# back to the same post -------------------------------------------------------------------------
mark; keys p
said_after_mark_re "^[0-9]+ of [0-9]+$"
position=$(pane | grep . | tail -n +"$((LINES_BEFORE + 1))" | grep -m1 -E "^[0-9]+ of [0-9]+$")
case "$position" in "1 of "*) fail "the focus moved to the top: $position" ;; esac
keys Up; sleep 0.3; mark; keys Down
said_after_mark_re ", [0-9]+ of [0-9]+$"
said=$(pane | grep . | tail -n +"$((LINES_BEFORE + 1))" | grep -m1 -E ", [0-9]+ of [0-9]+$")
case "$said" in "$top. "*", $position") ;; *) fail "the position key was on another post: $said (was on: $top, $position)" ;; esac
echo "ok: the focus stayed on the post being read: $said"
keys F10; keys Enter; wait_text "EXIT 0"
tm send-keys -t es F10; tm send-keys -t es Enter
echo "live passed"
