#!/usr/bin/env bash
# Issue 35, items 6-8, with two real loowi apps on one account (LOOWI_INSTANCE/LOOWI_TOKEN)
# in tmux panes against mastodon-mock: each keeps its own draft (a new post in one, a reply
# in the other), the reply that could not be sent waits in the outbox the command line
# sees, `loowi outbox send` publishes it, and the next start offers only the draft still
# unsent. A temporary file left by a write killed half-way is gone after the start.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
source "$(dirname "$0")/tmux-helpers.sh"
start_mock --config "$root/Demo/seed.toml"
trap 'cleanup; stop_mock; rm -rf "$E2E_TMP"' EXIT
state="$XDG_STATE_HOME/loowi"
mkdir -p "$state"
# A write killed half-way (no process has this pid) and one under way (this shell's).
dead="$state/.drafts-x.json.2147483000-1.tmp"
alive="$state/.drafts-x.json.$$-2.tmp"
echo '{"half":' >"$dead"; echo '{"half":' >"$alive"

app() {  # app NAME: `loowi run --line --silent` on the environment account in session NAME
  SESSION="$1"
  tm new-session -d -s "$1" -x 100 -y 30 "env XDG_CONFIG_HOME='$XDG_CONFIG_HOME' XDG_STATE_HOME='$XDG_STATE_HOME' XDG_CACHE_HOME='$XDG_CACHE_HOME' LOOWI_INSTANCE='$base' LOOWI_TOKEN=demo_token '$LOOWI_BIN' run --line --silent; echo \"EXIT \$?\"; sleep 60"
  LINES_BEFORE=0; said_after_mark "Home timeline. Posts, list"
}
quit() { SESSION="$1"; keys F10; keys Enter; wait_text "EXIT 0"; }

app first
check "the leftover temporary file of a dead writer is removed at start" test ! -e "$dead"
check "a live writer's temporary file is left alone" test -e "$alive"
rm -f "$alive"
app second

SESSION=first
mark; keys n; said_after_mark "New post. Post text, text field"
keys -l "Kitchen notes from the first app"; sleep 0.3
mark; keys Escape; said_after_mark "Home timeline"

SESSION=second
mark; keys r; said_after_mark "Post text, text field"
keys -l "Reply from the second app"; sleep 0.3
stop_mock
mark; keys C-s; said_after_mark "waits in the outbox"
mark; keys Escape; said_after_mark "Your text is kept as a draft"
quit second
quit first

drafts() { python3 -c 'import glob, json, sys; print("|".join(sorted(d["text"] for f in glob.glob(sys.argv[1] + "/drafts-*.json") for d in json.load(open(f)).values())))' "$state"; }
check "both apps' drafts are in the drafts file" bash -c "[[ '$(drafts)' == *'Kitchen notes from the first app'* && '$(drafts)' == *'Reply from the second app'* ]]"

# The server again, on the same address; the command line sees the app's waiting reply.
"$mock" serve --in-memory --host 127.0.0.1 --port "$port" --domain "127.0.0.1:$port" --log-level warning --config "$root/Demo/seed.toml" >>"$E2E_TMP/mock.log" 2>&1 &
mock_pid=$!
for _ in $(seq 300); do curl -sf "$base/health" >/dev/null && break; sleep 0.2; done
run_capture list as_demo outbox list
check "loowi outbox lists the reply the app could not send" grep -q '^1\. Reply ".*Reply from the second app", written .*; not sent yet' "$E2E_TMP/list.out"
run_capture send as_demo outbox send
check "loowi outbox send publishes it" bash -c "[ $(rc send) -eq 0 ] && grep -q '^Posted (id ' '$E2E_TMP/send.out'"
me=$(api demo_token /api/v1/accounts/verify_credentials | json 'data["id"]')
copies=$(api demo_token "/api/v1/accounts/$me/statuses?limit=40" | json 'sum(1 for s in data if "Reply from the second app" in s["content"])')
check "the server has it once" test "$copies" -eq 1

app third
said_after_mark "You have an unsent post: Kitchen notes from the first app"
pane | grep -qF "Reply from the second app" && fail "the reply the command line published is offered as unsent"
echo "  ok: the next start offers the first app's draft, not the published reply"
quit third

# Item 7 on the command line: two posts wait (no server), the file is damaged, and loowi
# outbox takes back the readable one, says one could not be read, and where the copy is.
stop_mock
as_demo post "Waiting while the server is away" >/dev/null 2>&1
as_demo post "Another one while it is away" >/dev/null 2>&1
outbox_file=$(ls "$state"/outbox-environment@*.json)
python3 - "$outbox_file" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path).read()
# The second post's date loses its opening quote: the file is no longer JSON.
starts = [m.start() for m in re.finditer(r'"queuedAt" : "', text)]
assert len(starts) == 2, starts
cut = starts[1] + len('"queuedAt" : ')
open(path, "w").write(text[:cut] + text[cut + 1:])
PY
run_capture damaged as_demo outbox list
check "loowi outbox says what it recovered, what it could not read and where the copy is" \
  grep -q "The outbox file was damaged; loowi recovered 1 waiting post.*but 1 could not be read and may not have reached the server\. The damaged file is kept at .*outbox-environment@.*\.json\.unreadable-" "$E2E_TMP/damaged.err"
check "the readable post waits in the outbox again" grep -q '^1\. Post "Waiting while the server is away"' "$E2E_TMP/damaged.out"
as_demo outbox discard 1 >/dev/null 2>&1
run_capture empty as_demo outbox list
check "an empty outbox beside a damaged copy never says every post reached the server" \
  bash -c "grep -q '^The outbox is empty, but a damaged outbox file is kept at ' '$E2E_TMP/empty.out' && ! grep -q 'every post' '$E2E_TMP/empty.out'"
finish
