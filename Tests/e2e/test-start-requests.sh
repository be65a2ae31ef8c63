#!/usr/bin/env bash
# What a start asks of the server (issue 14, "Start"): the app, logged in as the demo user of
# the seed, opens in line mode in a tmux pane and quits; the server's access log says what it
# asked. Who you are (verify_credentials) is asked at most once; the instance at most once a
# day per server (kept in the cache), so a second start asks nothing of it; `loowi post`
# asks for neither when the cache knows them. And an open app with nothing to do does not
# wake (issue 14, "Idle"): its threads' context switches are counted over 5 s.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
source "$(dirname "$0")/tmux-helpers.sh"
trap 'cleanup; stop_mock; rm -rf "$E2E_TMP"' EXIT
start_mock --config "$root/Demo/seed.toml" --log-level info

# Requests to a path since line $1 of the access log.
api_lines() { grep -E '"(GET|POST|PUT|PATCH|DELETE) /api/' "$E2E_TMP/mock.log"; }
count_since() { api_lines | tail -n +"$(($1 + 1))" | grep -cE "$2"; }

# Each thread's voluntary and involuntary context switches (a thread that ended is left out).
switches() { for f in /proc/"$1"/task/*; do echo "$(basename "$f") $(awk '/ctxt_switches/ {s+=$2} END {print s}' "$f/status" 2>/dev/null)"; done; }

open_and_quit() {
  start "env LOOWI_INSTANCE='$base' LOOWI_TOKEN=demo_token XDG_CONFIG_HOME='$XDG_CONFIG_HOME' XDG_STATE_HOME='$XDG_STATE_HOME' XDG_CACHE_HOME='$XDG_CACHE_HOME' '$LOOWI_BIN' run --line --silent; echo \"EXIT \$?\"; sleep 30"
  wait_text "Home timeline. Posts, list"
  # Live updates and the notification buffers' loads come after the first post: let them.
  sleep 3
  if [ "${measure_idle:-}" = 1 ]; then
    local pid; pid=$(pgrep -n -f "$LOOWI_BIN run --line")
    switches "$pid" >"$E2E_TMP/idle.before"; sleep 5; switches "$pid" >"$E2E_TMP/idle.after"
    idle_wakes=$(awk 'NR==FNR {a[$1]=$2; next} {d += $2 - ($1 in a ? a[$1] : 0)} END {print d + 0}' "$E2E_TMP/idle.before" "$E2E_TMP/idle.after")
  fi
  keys F10
  wait_text "Quit?"
  keys Enter
  wait_text "EXIT 0"
  tm kill-server 2>/dev/null
}

before=$(api_lines | wc -l)
measure_idle=1 open_and_quit
echo "an idle app: $idle_wakes context switches in 5 s"
# About 1200 with the old 50 ms ticker; about 15 now. The bound leaves room for a loaded machine.
check "an open app with nothing to do barely wakes (under 150 in 5 s)" [ "$idle_wakes" -lt 150 ]
first_verify=$(count_since "$before" 'verify_credentials')
first_instance=$(count_since "$before" ' /api/v(1|2)/instance[ ?]')
echo "first start: $first_verify verify_credentials, $first_instance instance; $(count_since "$before" .) requests in all"
check "the first start asks who you are at most once" [ "$first_verify" -le 1 ]
check "the first start asks for the instance at most once" [ "$first_instance" -le 1 ]

before=$(api_lines | wc -l)
open_and_quit
second_verify=$(count_since "$before" 'verify_credentials')
second_instance=$(count_since "$before" ' /api/v(1|2)/instance[ ?]')
echo "second start: $second_verify verify_credentials, $second_instance instance; $(count_since "$before" .) requests in all"
check "a second start asks who you are at most once" [ "$second_verify" -le 1 ]
check "a second start the same day does not ask for the instance" [ "$second_instance" -eq 0 ]

before=$(api_lines | wc -l)
run_capture post as_demo post "Started quickly"
post_instance=$(count_since "$before" ' /api/v(1|2)/instance[ ?]')
check "loowi post does not ask for the instance the cache knows" bash -c "[ $(rc post) -eq 0 ] && [ $post_instance -eq 0 ]"

finish
