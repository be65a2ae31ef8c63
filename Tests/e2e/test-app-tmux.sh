#!/usr/bin/env bash
# iLoowi's use cases, done as a person does them: `loowi demo --line --silent` in a tmux pane
# (the real binary, the real mastodon-mock server with the project's seed), keys sent with
# send-keys, what is spoken read from line mode, and what the server recorded read through
# its API with the demo user's token.
set -uo pipefail
cd "$(dirname "$0")"
source ./tmux-helpers.sh

PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
BASE="http://127.0.0.1:$PORT"
export XDG_CONFIG_HOME="$WORK/config" XDG_STATE_HOME="$WORK/state" XDG_CACHE_HOME="$WORK/cache"
api() { curl -sf -H "Authorization: Bearer demo_token" "$BASE$1"; }
json() { python3 -c "import json,sys; data=json.load(sys.stdin); print($1)"; }

# Waits up to 10 s (network answers included) for text containing $1.
said() {
  for _ in $(seq 100); do
    pane | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  fail "never heard: $1"
}
# The number of lines so far, to look only at what is said after a key.
mark() { LINES_BEFORE="$(pane | grep -c .)"; }
said_after_mark() {
  for _ in $(seq 100); do
    pane | grep . | tail -n +"$((LINES_BEFORE + 1))" | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  fail "never heard after the key: $1"
}

start_demo() {
  start "env XDG_CONFIG_HOME='$XDG_CONFIG_HOME' XDG_STATE_HOME='$XDG_STATE_HOME' XDG_CACHE_HOME='$XDG_CACHE_HOME' '$LOOWI_BIN' demo --line --silent --port $PORT; echo \"EXIT \$?\"; sleep 60"
  said "${1:-Home timeline. Posts, list, Grace Okafor. Welcome to the loowi demo}"
}

start_demo
me="$(api /api/v1/accounts/verify_credentials | json 'data["id"]')"
welcome="$(api '/api/v1/timelines/home?limit=1' | json 'data[0]["id"]')"
# Where the first post by Priya (who does not follow the demo user) is, as loaded at start.
index="$(api '/api/v1/timelines/home?limit=40' | json '[ (s.get("reblog") or s)["account"]["acct"] for s in data ].index("priya")')"
echo "demo server on $PORT, welcome post $welcome"

# Read the home timeline with the wheel.
mark; keys Down; said_after_mark "2 of 200"
mark; keys Up; said_after_mark "Welcome to the loowi demo"
echo "ok: reads the home timeline"

# Open the author's timeline and come back to the same post.
mark; keys a; said_after_mark "Grace Okafor's posts. Posts, list"
mark; keys Escape; said_after_mark "Home timeline. Posts, list, Grace Okafor. Welcome to the loowi demo"
echo "ok: author's timeline, and back to the same post"

# Boost.
mark; keys b; said_after_mark "Boosted."
[ "$(api "/api/v1/statuses/$welcome" | json 'data["reblogged"]')" = "True" ] || fail "the server has no boost"
echo "ok: boost recorded by the server"

# Reply, with the mention filled in.
mark; keys r; said_after_mark "Reply to Grace Okafor. Post text, text field, @grace"
keys -l "Thank you"; keys Tab Tab Tab Tab Tab Tab
mark; keys Enter; said_after_mark "Post sent."
reply="$(api "/api/v1/accounts/$me/statuses?limit=1" | json 'data[0]["in_reply_to_id"], data[0]["content"]')"
case "$reply" in "$welcome"*"@grace"*"Thank you"*) ;; *) fail "the server recorded this reply: $reply" ;; esac
echo "ok: reply recorded by the server"

# A direct message to a follower (Grace follows the demo user).
mark; keys m; said_after_mark "Direct message to Grace Okafor. Post text, text field, @grace"
keys -l "See you at the meetup"; keys Tab Tab Tab Tab Tab Tab
mark; keys Enter; said_after_mark "Message sent to Grace Okafor."
dm="$(api "/api/v1/accounts/$me/statuses?limit=1" | json 'data[0]["visibility"], data[0]["content"]')"
case "$dm" in direct*"See you at the meetup"*) ;; *) fail "the server recorded this message: $dm" ;; esac
echo "ok: direct message to a follower"

# Open details, list followers, follow the last one on the list.
mark; keys d; said_after_mark "Grace Okafor's details. Handle, text, @grace"
mark; keys Tab Tab Tab Tab Tab; said_after_mark "You follow them. They follow you."
keys Tab; mark; keys Enter; said_after_mark "Grace Okafor's followers. People, list"
keys Tab; mark; keys Enter; sleep 0.3
handle="$(pane | grep -o 'Handle, text, @[a-z_]*' | tail -1 | sed 's/.*@//')"
[ -n "$handle" ] || fail "no handle was read on the followers list"
before="$(api "/api/v1/accounts/lookup?acct=$handle" | json 'data["id"]')"
following_before="$(api "/api/v1/accounts/relationships?id[]=$before" | json 'data[0]["following"] or data[0]["requested"]')"
keys Tab Tab Tab Tab; mark; keys Enter
if [ "$following_before" = "True" ]; then said_after_mark "Stopped following"; else
  for _ in $(seq 100); do pane | grep . | tail -n +"$((LINES_BEFORE + 1))" | grep -qE "Now following|Follow requested" && break; sleep 0.1; done
fi
following_after="$(api "/api/v1/accounts/relationships?id[]=$before" | json 'data[0]["following"] or data[0]["requested"]')"
[ "$following_before" != "$following_after" ] || fail "follow on the list changed nothing on the server ($handle)"
echo "ok: followers list, follow toggled for @$handle"

# Back to the timeline; refused a direct message to someone who does not follow (Priya).
keys Escape; keys Escape
said "Home timeline. Posts, list"
for _ in $(seq "$index"); do keys Down; done
mark; keys m; said_after_mark "@priya does not follow you, so loowi will not send them a direct message."
echo "ok: refused a direct message to a non-follower"

# Unfollow from details (the toolbar's third slot).
mark; keys d; said_after_mark "Priya"
for _ in $(seq 11); do keys Tab; done
mark; keys Enter; said_after_mark "Stopped following Priya"
priya="$(api '/api/v1/accounts/lookup?acct=priya' | json 'data["id"]')"
[ "$(api "/api/v1/accounts/relationships?id[]=$priya" | json 'data[0]["following"]')" = "False" ] || fail "still following Priya"
echo "ok: unfollow recorded by the server"

# Info lists the timeline's own keys.
keys Escape; said "Home timeline"
mark; keys F1; said_after_mark "Timeline, keys: r: reply."
echo "ok: Info lists the timeline keys"

# A killed session: the terminal is sane and the draft comes back next time.
mark; keys n; said_after_mark "New post. Post text, text field, empty"
keys -l "Half a thought"; sleep 0.5
tty="$(tm display-message -p -t "$SESSION" '#{pane_tty}')"
pkill -TERM -f "loowi demo --line --silent --port $PORT"
said "EXIT"
stty -F "$tty" -a | grep -q -- "icanon" && ! stty -F "$tty" -a | grep -q -- "-icanon" || fail "terminal left in raw mode"
tm kill-server
# A new tmux server: reusing the socket races with the old server's exit.
SOCKET="$SOCKET-again"
# It opens where the first session left off (the position kept beside the cache).
start_demo "Home timeline. Posts, list,"
said "You have an unsent post: Half a thought"
mark; keys n; said_after_mark "New post. Post text, text field, Half a thought"
echo "ok: a killed session leaves the terminal sane and the draft comes back"

# Where you left off: a move is written to the server's home marker (in the background), and
# quitting keeps the focused post beside the timeline cache.
keys Escape; said "Home timeline"
ids="$(api '/api/v1/timelines/home?limit=40' | json '" ".join(s["id"] for s in data)')"
# The demo server is new each start (new ids): wait until its posts replaced the cached ones.
said "200 new posts."
mark; keys Home; said_after_mark "Welcome to the loowi demo"
mark; keys Down; said_after_mark "2 of 200"
mark; keys Down; said_after_mark "3 of 200"
third="$(echo "$ids" | cut -d' ' -f3)"
marked=""
for _ in $(seq 100); do
  marked="$(api '/api/v1/markers?timeline[]=home' | json 'data.get("home", {}).get("last_read_id", "")')"
  [ -n "$marked" ] && break
  sleep 0.1
done
# The first move is written at once (Home finds the wheel already on the first post: the
# cached one it was on is not on the new server); the one after it waits for the 30 s interval.
[ "$marked" = "$(echo "$ids" | cut -d' ' -f2)" ] || fail "the home marker is $marked, not the second post"
echo "ok: the home marker is written while reading"

keys F10; keys Enter; said "EXIT 0"
saved="$(cat "$XDG_CACHE_HOME"/loowi/position-*.json 2>/dev/null | json 'data["home"]')"
[ "$saved" = "$third" ] || fail "quitting kept '$saved', not the third post $third"
echo "ok: quitting keeps where you were"
echo "app use cases passed"
