#!/usr/bin/env bash
# The terminal is never left in raw mode: after SIGTERM, after SIGINT sent from outside, and
# after a normal quit, `stty -g` in the pane is what it was before. And with standard input
# that is not a terminal, practice says so and exits cleanly.
set -uo pipefail
cd "$(dirname "$0")"
source ./tmux-helpers.sh

# Without a terminal: a plain message, exit status 1, no escape sequences.
out="$(echo | "$LOOWI_BIN" practice --line 2>&1)"; rc=$?
[ "$rc" -eq 1 ] || fail "non-terminal stdin: exit status $rc, expected 1"
[ "$out" = "loowi needs a terminal to read keys from, and standard input is not one. Run it in a terminal, or use a command that needs no keys." ] \
  || fail "non-terminal stdin said: $out"

# Runs practice in a pane, records stty before and after, and ends it with $1.
check_restored() {
  local how="$1" mode="$2"
  # A fresh tmux server for each check: reusing the socket races with the old server's exit
  # after its last session is killed (seen on CI as "no server running").
  checks=$((checks + 1)); SOCKET="loowi-e2e-$$-$checks"
  rm -f "$WORK"/before "$WORK"/after
  start "stty -g > '$WORK/before'; '$LOOWI_BIN' practice $mode; stty -g > '$WORK/after'; echo DONE; sleep 30"
  if [ "$mode" = "--line" ]; then wait_text "Practice. Welcome"; else sleep 1; fi
  local tty; tty="$(tm display-message -p -t "$SESSION" '#{pane_tty}')"
  stty -F "$tty" -a | grep -q -- "-icanon" || fail "$how: raw mode was not set while running"
  local shell_pid; shell_pid="$(tm display-message -p -t "$SESSION" '#{pane_pid}')"
  local loowi_pid; loowi_pid="$(pgrep -P "$shell_pid" -x loowi | head -n1)"
  case "$how" in
    SIGTERM) kill -TERM "$loowi_pid" ;;
    SIGINT) kill -INT "$loowi_pid" ;;
    quit) keys F10; sleep 0.3; keys Enter ;;
  esac
  for _ in $(seq 50); do [ -s "$WORK/after" ] && break; sleep 0.1; done
  [ -s "$WORK/after" ] || fail "$how: loowi did not end"
  [ "$(cat "$WORK/before")" = "$(cat "$WORK/after")" ] || fail "$how ($mode): terminal not restored: $(cat "$WORK/before") vs $(cat "$WORK/after")"
  tm kill-server
  echo "restored after $how ($mode)"
}

checks=0
check_restored SIGTERM --line
check_restored SIGTERM ""
check_restored SIGINT --line
check_restored quit ""
echo "terminal restore test passed"
