#!/usr/bin/env bash
# The post view and a post's links, as a person uses them (issue 13): mastodon-mock with the
# demo seed, the app logged in as the demo user in line mode in a tmux pane whose raw bytes
# are kept (pipe-pane). Enter on a poll reads it whole; its vote item sends one vote, checked
# on the server; Bookmark in the post view is checked on the server; o lists a post's links
# and c copies the address to the terminal's clipboard with OSC 52 (in the raw bytes, base64).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
source "$(dirname "$0")/tmux-helpers.sh"
trap 'cleanup; stop_mock; rm -rf "$E2E_TMP"' EXIT
start_mock --config "$root/Demo/seed.toml"

link="https://www.openstreetmap.org/way/42"
map=$(api grace_token /api/v1/statuses --data-urlencode "status=The market moved: $link" | json 'data["id"]')
poll=$(api grace_token /api/v1/statuses -H 'Content-Type: application/json' \
  -d '{"status": "Tea or coffee at the meetup?", "poll": {"options": ["Tea", "Coffee"], "expires_in": 7200}}' | json 'data["id"]')
[ -n "$map" ] && [ -n "$poll" ] || fail "the posts could not be created"

# A console user's browser (issue 35, item 5): $BROWSER's first entry is not there, the second
# is a stand-in for w3m that needs the terminal: it shows the address and reads a line typed
# at it, then ends.
cat > "$WORK/w3m" <<SCRIPT
#!/bin/sh
printf 'FAKE-W3M %s\\n' "\$*"
read line
printf '%s|%s\\n' "\$*" "\$line" > '$WORK/browser.log'
SCRIPT
chmod +x "$WORK/w3m"
tm new-session -d -s "$SESSION" -x 100 -y 30 "read _; env -u DISPLAY -u WAYLAND_DISPLAY BROWSER='$WORK/nothere %s:$WORK/w3m' LOOWI_INSTANCE='$base' LOOWI_TOKEN=demo_token XDG_CONFIG_HOME='$XDG_CONFIG_HOME' XDG_STATE_HOME='$XDG_STATE_HOME' XDG_CACHE_HOME='$XDG_CACHE_HOME' '$LOOWI_BIN' run --line --silent; sleep 60"
# The pane waits for Enter, so pipe-pane is attached before loowi writes a byte.
tm pipe-pane -o -t "$SESSION" "cat >> '$WORK/raw.bin'"
keys Enter
mark; said_after_mark "Home timeline. Posts, list, Grace Okafor. Tea or coffee at the meetup?"

# --- a vote from the post view ----------------------------------------------------------------------
mark; keys Enter; said_after_mark "Tea or coffee at the meetup? Poll, one choice: Tea, 0 votes; Coffee, 0 votes. Closes in"
key_until Down "Vote: Coffee"
mark; keys Enter; said_after_mark "Vote sent: Coffee."
votes=$(api demo_token "/api/v1/statuses/$poll" | json '",".join(str(o["votes_count"]) for o in data["poll"]["options"]) + " " + str(data["poll"]["own_votes"])')
[ "$votes" = "0,1 [1]" ] || fail "the server counted: $votes"
echo "ok: a vote from the post view reaches the server once, as choice 2"
mark; keys Home; said_after_mark "You voted: Coffee."
echo "ok: the post then says your vote"

# --- bookmark from the post view -----------------------------------------------------------------
mark; keys Escape; said_after_mark "Home timeline"
mark; keys Down; said_after_mark "Grace Okafor. The market moved: link to openstreetmap.org"
mark; keys Enter; said_after_mark "Post by Grace Okafor."
key_until Down "Bookmark"
mark; keys Enter; said_after_mark "Bookmarked."
[ "$(api demo_token "/api/v1/statuses/$map" | json 'data["bookmarked"]')" = True ] || fail "the server has no bookmark"
echo "ok: bookmark from the post view, checked on the server"

# --- links: o, then c copies with OSC 52 -----------------------------------------------------------
mark; keys Escape; said_after_mark "Home timeline"
mark; keys o; said_after_mark "Links in the post by Grace Okafor. Links, list, link to openstreetmap.org"
mark; keys c; said_after_mark "Copied."
encoded=$(printf '%s' "$link" | base64 -w0)
for _ in $(seq 50); do grep -qaF "]52;c;$encoded" "$WORK/raw.bin" && break; sleep 0.1; done
grep -qaF $'\e]52;c;'"$encoded"$'\a' "$WORK/raw.bin" || fail "no OSC 52 with the address in the raw bytes"
echo "ok: c copies the address with OSC 52 (base64, ended by BEL)"
mark; keys a; said_after_mark "$link"
echo "ok: a says the whole address"
# Enter without a desktop: $BROWSER's entries in turn, the one that starts gets the terminal.
mark; keys Enter; said_after_mark "FAKE-W3M $link"
mark; tm send-keys -t "$SESSION" -l "typed in the browser"; keys Enter
said_after_mark "Back in loowi."
[ "$(cat "$WORK/browser.log")" = "$link|typed in the browser" ] || fail "the browser got: $(cat "$WORK/browser.log" 2>/dev/null)"
echo "ok: with no desktop, the console browser from \$BROWSER gets the terminal and the address, and loowi comes back"
mark; keys a; said_after_mark "$link"
echo "ok: keys reach loowi again after the browser"
# Ctrl-C in the browser stops the browser only: loowi ignores it while the terminal is lent.
mark; keys Enter; said_after_mark "FAKE-W3M $link"
mark; keys C-c; said_after_mark "Back in loowi."
mark; keys a; said_after_mark "$link"
echo "ok: Ctrl-C in the browser ends it, and loowi carries on"

finish
