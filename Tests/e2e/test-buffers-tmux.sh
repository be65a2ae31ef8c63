#!/usr/bin/env bash
# The first screen's buffers, as a person uses them (issue 10): mastodon-mock with the demo
# seed; other people mention the demo user, write to them directly (with Tom), follow them
# and answer one of their posts (a reply thread), all through the API with the seed's tokens.
# Threads open with t (from a mention) and Enter (on a conversation, which the server then
# has as read), as buffer 8 that Escape closes.
# Then the app, logged in as the demo user, runs in line mode in a tmux pane: each buffer's
# key is pressed and what it says is read from the pane; a direct reply is sent and checked
# on the server; a refresh with nothing new is counted in the server's request log; the
# home marker is read back after quitting, on the newest post with everything under it heard.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
source "$(dirname "$0")/tmux-helpers.sh"
# Both are wanted: tmux-helpers' cleanup (its tmux server) and stopping the mock.
trap 'cleanup; stop_mock; rm -rf "$E2E_TMP"' EXIT
# The access log (one line per request) is what counts the app's requests.
start_mock --config "$root/Demo/seed.toml" --log-level info

# The app's requests so far, from the server's access log ("GET /api/v1/... HTTP/1.1").
requests() { grep -cE '"(GET|POST|PUT|PATCH|DELETE) /api/' "$E2E_TMP/mock.log"; }
requests_since() { grep -E '"(GET|POST|PUT|PATCH|DELETE) /api/' "$E2E_TMP/mock.log" | tail -n +"$(($1 + 1))"; }

# --- what other people do, through the API ------------------------------------------------------
me=$(api demo_token /api/v1/accounts/verify_credentials | json 'data["id"]')
mine=$(api demo_token /api/v1/statuses --data-urlencode "status=Which bakery has the best croissants?" | json 'data["id"]')
answer=$(api oliver_token /api/v1/statuses --data-urlencode "status=@demo The one by the station." \
  --data-urlencode "in_reply_to_id=$mine" | json 'data["id"]')
api lucia_token /api/v1/statuses --data-urlencode "status=@oliver @demo I agree, their rye is good too." \
  --data-urlencode "in_reply_to_id=$answer" -o /dev/null
api pau_token "/api/v1/accounts/$me/follow" -X POST -o /dev/null
api grace_token /api/v1/statuses --data-urlencode "status=@demo Are you coming to the market on Saturday?" -o /dev/null
dm=$(api grace_token /api/v1/statuses --data-urlencode "status=@demo @tom Dinner at eight?" \
  --data-urlencode visibility=direct | json 'data["id"]')
[ -n "$dm" ] || fail "the direct message could not be created"
echo "mock on $base: a reply thread on $mine, a mention, a follow and the direct message $dm"

# --- the app, logged in as the demo user -----------------------------------------------------------
start "env LOOWI_INSTANCE='$base' LOOWI_TOKEN=demo_token XDG_CONFIG_HOME='$XDG_CONFIG_HOME' XDG_STATE_HOME='$XDG_STATE_HOME' XDG_CACHE_HOME='$XDG_CACHE_HOME' '$LOOWI_BIN' run --line --silent; echo \"EXIT \$?\"; sleep 60"
mark; said_after_mark "Home timeline. Posts, list, Grace Okafor. @demo Are you coming to the market on Saturday?"
echo "ok: home opens on the newest post"

# Notifications: the direct message is the newest, said as one; the follow and the reply follow.
mark; keys 2; said_after_mark "Notifications. Grace Okafor sent you a direct message: @demo @tom Dinner at eight?"
mark; keys Down; said_after_mark "Grace Okafor mentioned you: @demo Are you coming to the market on Saturday?"
# mastodon-mock groups follows (v2): the seed's followers are in Pau's group.
mark; keys Down; said_after_mark_re "Pau Soler and [0-9]+ others followed you\."
mark; keys Down; said_after_mark "Lucía Fernández mentioned you:"
said_after_mark "@oliver @demo I agree, their rye is good too."
mark; keys Down; said_after_mark "Oliver Bennett mentioned you:"
said_after_mark "@demo The one by the station."
echo "ok: notifications: the direct message, the mention, the follow and the reply thread"

# Mentions: posts; the direct one says so (any status buffer, as home would).
mark; keys 3; said_after_mark "Mentions. Grace Okafor. Direct message. @demo @tom Dinner at eight?"
mark; keys Down; said_after_mark "Grace Okafor. @demo Are you coming to the market on Saturday?"
echo "ok: mentions, the direct one marked as such"

# Direct messages: the conversation with both people, then a direct reply to everyone in it.
mark; keys 4; said_after_mark "Direct messages, "
# (The people in the server's order.)
said_after_mark_re "With (Grace Okafor and Tom Walsh|Tom Walsh and Grace Okafor), unread\. Grace Okafor wrote: @demo @tom Dinner at eight\?"
# Enter on the conversation opens its thread and marks it read on the server (before the reply:
# mastodon-mock names a conversation by its latest post, so replying renames it).
unread() { api demo_token /api/v1/conversations | json "[c['unread'] for c in data if any(a['acct'] == 'tom' for a in c['accounts'])][0]"; }
mark; keys Enter; said_after_mark "Thread of Grace Okafor."
for _ in $(seq 50); do [ "$(unread)" = False ] && break; sleep 0.1; done
[ "$(unread)" = False ] || fail "the conversation is still unread on the server after Enter opened it"
mark; keys 8; said_after_mark "Thread of Grace Okafor."
mark; keys Escape; said_after_mark_re "Direct messages(, [0-9]+ new)?\. With (Grace Okafor and Tom Walsh|Tom Walsh and Grace Okafor)\. Grace Okafor wrote: @demo @tom Dinner at eight\?"
echo "ok: Enter on a conversation opens its thread and marks it read; 8 reaches it, Escape goes back"
mark; keys r; said_after_mark "Direct reply to Grace Okafor and Tom Walsh. Post text, text field, @grace @tom , cursor at end."
keys -l "Eight is perfect"; tab_until "Send, button"
mark; keys Enter; said_after_mark "Sent, direct: only the people mentioned."
sent="$(api demo_token "/api/v1/accounts/$me/statuses?limit=1" |
  json 'data[0]["visibility"], data[0]["in_reply_to_id"], sorted(m["acct"] for m in data[0]["mentions"]), data[0]["content"]')"
case "$sent" in "direct $dm ['grace', 'tom'] "*"Eight is perfect"*) ;; *) fail "the server recorded this reply: $sent" ;; esac
echo "ok: the reply in the conversation went out direct to Grace and Tom"

# Sent: the reply is there, read as direct.
mark; keys 5; said_after_mark "Sent. Demo User. In reply to grace. Direct message. @grace @tom Eight is perfect"
echo "ok: sent holds the direct reply"

# --- threads: t and Enter open a post's thread as buffer 8; Escape goes back -----------------------
# Notifications kept its place: Oliver's answer, the last item.
mark; keys 2; said_after_mark "Notifications. Oliver Bennett mentioned you: In reply to you. @demo The one by the station."
mark; keys t; said_after_mark "Thread of Oliver Bennett. Oliver Bennett. In reply to you. @demo The one by the station."
said_after_mark ", 2 of 3"
mark; keys Up; said_after_mark "Demo User. Which bakery has the best croissants?"
mark; keys Down Down; said_after_mark "Lucía Fernández. In reply to Oliver Bennett. @oliver @demo I agree, their rye is good too."
said_after_mark ", 3 of 3"
mark; keys Escape; said_after_mark "Notifications. Oliver Bennett mentioned you: In reply to you. @demo The one by the station."
echo "ok: t on a mention opens its thread in reading order; Escape goes back to the same notification"


# --- refresh: nothing new is one request ----------------------------------------------------------
mark; keys 1; said_after_mark "Home. "
# Let anything the switches started settle (no request is expected from them).
sleep 0.5
before=$(requests)
mark; keys u; said_after_mark "No new posts."
sleep 0.5
made="$(requests_since "$before")"
[ "$(printf '%s\n' "$made" | grep -c .)" = 1 ] || fail "a refresh with nothing new made these requests: $made"
case "$made" in *'"GET /api/v1/timelines/home?'*min_id=*) ;; *) fail "the refresh did not ask only for what is newer: $made" ;; esac
echo "ok: a refresh with nothing new is one request (min_id)"

# --- where you left off: the home marker follows what was heard (issue 35, item 12) ---------------
# Two posts arrive above where home opened; read from the newest down to that post, everything
# between is heard, so quitting leaves the marker on the newer of the two.
api grace_token /api/v1/statuses --data-urlencode "status=Bread is ready." -o /dev/null
newer="$(api grace_token /api/v1/statuses --data-urlencode "status=Rolls are ready too." | json 'data["id"]')"
mark; keys u; said_after_mark_re "new posts?\."
mark; keys Home; said_after_mark "Rolls are ready too."
for _ in 1 2 3 4 5 6; do
  mark; keys Down; sleep 0.3
  pane | grep . | tail -n +"$((LINES_BEFORE + 1))" | grep -qF "Are you coming to the market" && break
done
keys F10; keys Enter; wait_text "EXIT 0"
marked="$(api demo_token '/api/v1/markers?timeline[]=home' | json 'data.get("home", {}).get("last_read_id", "")')"
[ "$marked" = "$newer" ] || fail "the home marker is '$marked', not the newest post heard $newer"
echo "ok: quitting wrote the newest post with everything under it heard to the home marker"
echo "buffers passed"
