#!/usr/bin/env bash
# Issue 9, defect 1: nothing is posted twice. loowi posts through a proxy that drops
# Idempotency-Key (as GoToSocial ignores it) and loses the first answer after the server has
# published; running the same command again must find the post, not publish a copy.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
py="$root/.venv/bin/python"
proxy_port=$(free_port)
via="http://127.0.0.1:$proxy_port"
# The mock names the proxy as its domain, so Link headers point through the proxy.
start_mock --domain "127.0.0.1:$proxy_port" --config "$root/Demo/seed.toml"
start_proxy() {
  "$py" "$root/Tests/e2e/support/lossy_proxy.py" "$proxy_port" "$base" >>"$E2E_TMP/proxy.log" 2>&1 &
  proxy_pid=$!
  for _ in $(seq 100); do curl -sf "$via/health" >/dev/null && return; sleep 0.1; done
  echo "  FAIL: the proxy did not start"; cat "$E2E_TMP/proxy.log"; exit 1
}
start_proxy
trap 'kill "$proxy_pid" 2>/dev/null; stop_mock; rm -rf "$E2E_TMP"' EXIT

demo_base="$via"  # loowi goes through the lossy proxy
me=$(curl -sf -H "Authorization: Bearer demo_token" "$base/api/v1/accounts/verify_credentials" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
copies() {  # how many of the demo user's posts hold this text (asked of the mock directly)
  curl -sf -H "Authorization: Bearer demo_token" "$base/api/v1/accounts/$me/statuses?limit=40" |
    python3 -c 'import json,sys; t=sys.argv[1]; print(sum(1 for s in json.load(sys.stdin) if t in s["content"]))' "$1"
}
export -f copies; export base me

# The proxy really reproduces the defect: one key, two requests, two posts.
for _ in 1 2; do
  curl -sf -H "Authorization: Bearer demo_token" -H "Idempotency-Key: same-key-1" "$via/api/v1/statuses" \
    --data-urlencode "status=Proxy check one key" -o /dev/null
done
check "through the proxy one Idempotency-Key makes two posts (the key is dropped)" bash -c "[ \$(copies 'Proxy check one key') -eq 2 ]"

text="Only once through a lossy proxy $RANDOM"
curl -sf -X POST "$via/_proxy/lose-next-post" -o /dev/null
run_capture first as_demo post "$text"
check "the lost answer fails the command" bash -c "[ $(rc first) -ne 0 ]"
check "it says the post may be out and that the same command finishes it without a copy" \
  grep -q "^loowi sent the post but the server's answer was lost. So the post may already be out. Run the same command again: loowi first looks for it among your posts and finishes it without a copy.$" "$E2E_TMP/first.err"
check "the server published it once" bash -c "[ \$(copies '$text') -eq 1 ]"
run_capture list as_demo outbox
check "loowi outbox lists it as waiting, with the lost answer" grep -q "^1\. Post \"$text\", written .*; an answer was lost; sending looks for it first; 1 attempt\.$" "$E2E_TMP/list.out"
run_capture again as_demo post "$text"
check "the same command again succeeds" bash -c "[ $(rc again) -eq 0 ]"
check "it says the post had already been published" grep -q '^Your post had already been published (id [0-9]*); the server.s answer was lost last time, and it was not sent again\.$' "$E2E_TMP/again.out"
check "still exactly one copy on the server" bash -c "[ \$(copies '$text') -eq 1 ]"
run_capture empty as_demo outbox list
check "the outbox is empty afterwards" grep -q '^The outbox is empty' "$E2E_TMP/empty.out"

# A direct message: lost, then sent from the outbox without a copy.
dm="Lost answer direct message $RANDOM"
curl -sf -X POST "$via/_proxy/lose-next-post" -o /dev/null
run_capture dm as_demo dm @grace "$dm"
check "the DM's lost answer is said" grep -q 'may already be out' "$E2E_TMP/dm.err"
run_capture send as_demo outbox send
check "loowi outbox send finds the DM already published" grep -q '^Your post had already been published' "$E2E_TMP/send.out"
check "the DM exists once" bash -c "[ \$(copies '$dm') -eq 1 ]"

# A post that never got an answer and was never published is sent, once.
curl -sf -X POST "$via/_proxy/lose-next-post" -o /dev/null
run_capture third as_demo post "Third $text"
kill "$proxy_pid"; wait "$proxy_pid" 2>/dev/null
run_capture down as_demo outbox send
check "with the server unreachable, sending fails and says the post may be out" \
  bash -c "[ $(rc down) -ne 0 ] && grep -q 'may already be out' '$E2E_TMP/down.err'"
start_proxy
check "the outbox still holds it" grep -q '^1\. Post "Third' <(as_demo outbox 2>/dev/null)
check "the outbox file is private" bash -c "[ \$(stat -c %a '$XDG_STATE_HOME'/loowi/outbox-*.json) = 600 ]"
run_capture last as_demo outbox send
check "then it is found, not re-posted" bash -c "[ $(rc last) -eq 0 ] && [ \$(copies 'Third $text') -eq 1 ]"

finish
