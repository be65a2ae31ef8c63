#!/usr/bin/env bash
# Rate limits on the command line, against mastodon-mock's fault injection (issue 9,
# defects 3 and 6): a wait is said at once on stderr (what for, until when) and the command
# then succeeds; --no-wait and a long reset exit with EX_TEMPFAIL (75) and the time to try
# again; nothing promises "loowi will try again"; hostile numbers (1e300) do not crash.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
start_mock --config "$root/Demo/seed.toml"

no_trace() { ! grep -qiE 'fatal error|stack|backtrace|crashed|\.swift:[0-9]' "$E2E_TMP/$1.err"; }
no_promise() { ! grep -qi 'will try again' "$E2E_TMP/$1.err"; }
# fault PATH HEADERS-JSON: the next request to PATH gets a 429 with these headers (the mock
# adds X-RateLimit-Remaining 0 and a reset 300 s on where they are missing).
fault() {
  curl -sf -X POST "$base/api/v1/_mock/faults" -H 'Content-Type: application/json' \
    -d "{\"match\": {\"path\": \"$1\"}, \"effect\": {\"type\": \"ratelimit\", \"headers\": $2}, \"count\": 1}" -o /dev/null
}
clock() { date -d "@$1" +%-H:%M; }  # the time of day as loowi says it (local zone, 24 h)
# A rule a command did not use up must not fall on the next check.
clear_faults() { curl -sf -X DELETE "$base/api/v1/_mock/faults" -o /dev/null; }

# --- a short wait: said at once on stderr, then the command goes on ---------------------------
reset=$(( $(date +%s) + 4 ))
fault /api/v1/timelines/home "{\"X-RateLimit-Reset\": \"$reset\", \"Retry-After\": \"4\"}"
as_demo timeline --count 3 >"$E2E_TMP/wait.out" 2>"$E2E_TMP/wait.err" &
pid=$!
sleep 1.5
check "the wait is on stderr while the command still waits" \
  bash -c "kill -0 $pid 2>/dev/null && grep -qE '^loowi: The server asks loowi to wait until ($(clock $reset)|$(clock $((reset - 1)))), in [1-4] seconds, before asking again\. Waiting; Ctrl-C stops' '$E2E_TMP/wait.err'"
wait "$pid"; echo $? >"$E2E_TMP/wait.rc"
check "after the wait the command succeeds (3 posts, status 0)" \
  bash -c "[ $(rc wait) -eq 0 ] && [ \$(wc -l <'$E2E_TMP/wait.out') -eq 3 ]"
check "the wait is said once, with no promise" bash -c "[ \$(grep -c 'asks loowi to wait' '$E2E_TMP/wait.err') -eq 1 ] && ! grep -qi 'will try again' '$E2E_TMP/wait.err'"

clear_faults
# --- --no-wait: exit 75 at once, with the reset time ------------------------------------------
now=$(date +%s)
fault /api/v1/timelines/home '{}'
start=$(date +%s)
run_capture nowait as_demo timeline --count 3 --no-wait
check "--no-wait exits with EX_TEMPFAIL (75) at once" bash -c "[ $(rc nowait) -eq 75 ] && [ \$(( \$(date +%s) - $start )) -lt 10 ]"
check "--no-wait says when to try again" \
  grep -qE "^loowi: The server asks loowi to slow down\. You can try again at ($(clock $((now + 300)))|$(clock $((now + 301)))), in 5 minutes\.$" "$E2E_TMP/nowait.err"
check "--no-wait promises nothing and prints no trace" bash -c "$(declare -f no_promise no_trace); E2E_TMP='$E2E_TMP'; no_promise nowait && no_trace nowait"
check "--no-wait prints nothing on stdout" bash -c "[ ! -s '$E2E_TMP/nowait.out' ]"

clear_faults
# --- post --no-wait: the limit met on the instance request still holds the post back ---------
fault '/api/v1/*' '{}'
run_capture post as_demo post --no-wait "Not sent while the server says wait"
check "post --no-wait exits 75 and posts nothing" \
  bash -c "[ $(rc post) -eq 75 ] && grep -q 'You can try again at' '$E2E_TMP/post.err' && ! grep -q 'Posted' '$E2E_TMP/post.out'"

clear_faults
# --- a reset an hour away: not waited, exit 75, no "try again in 1 hour" promise ---------------
now=$(date +%s)
fault /api/v1/timelines/home "{\"X-RateLimit-Reset\": \"$((now + 3600))\", \"Retry-After\": \"3600\"}"
run_capture hour as_demo timeline --count 3
check "a reset an hour away exits 75 with the time" \
  bash -c "[ $(rc hour) -eq 75 ] && grep -qE 'You can try again at ($(clock $((now + 3600)))|$(clock $((now + 3601)))), in 1 hour\.' '$E2E_TMP/hour.err'"
check "no 'loowi will try again' from a one-shot command" bash -c "! grep -qi 'will try again' '$E2E_TMP/hour.err'"

clear_faults
# --- hostile numbers: 1e300, Int64.max, inf and nan do not crash -------------------------------
for value in 1e300 2e20 9223372036854775807 inf nan -1 garbage; do
  fault /api/v1/timelines/home "{\"X-RateLimit-Reset\": \"$value\", \"Retry-After\": \"$value\", \"X-RateLimit-Limit\": \"$value\", \"X-RateLimit-Remaining\": \"$value\"}"
  run_capture "hostile" as_demo timeline --count 2 --no-wait
  check "X-RateLimit-*/Retry-After $value: exit 75 with a time, no crash" \
    bash -c "[ $(rc hostile) -eq 75 ] && grep -qE 'You can try again at [0-9]{1,2}:[0-9]{2}, in ([0-9]+ (second|seconds|minute|minutes|hour|hours))\.' '$E2E_TMP/hostile.err' && ! grep -qiE 'fatal error|crashed|Illegal' '$E2E_TMP/hostile.err'"
  clear_faults
done
run_capture after as_demo timeline --count 2
check "with the faults gone, the timeline works again" bash -c "[ $(rc after) -eq 0 ] && [ \$(wc -l <'$E2E_TMP/after.out') -eq 2 ]"

finish
