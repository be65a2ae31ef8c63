#!/usr/bin/env bash
# The terminal is never left in raw mode: after SIGTERM, after SIGINT sent from outside, after
# a crash (SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP: also out of the alternate screen
# with the cursor shown), and after a normal quit, `stty -g` in the pane is what it was before. And with standard input
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

# A crash in full screen: the real signal is sent to the running process. Afterwards the pane
# has left the alternate screen, the cursor shows, and the tty is back in canonical mode with
# echo, as before.
check_crash() {
  local sig="$1"
  checks=$((checks + 1)); SOCKET="loowi-e2e-$$-$checks"
  rm -f "$WORK"/before "$WORK"/after "$WORK"/after-a
  # No core file from the crash, and the Swift crash report without its interactive prompt
  # (it would wait 30 s for a key); stty -a after, for icanon and echo.
  start "ulimit -c 0; stty -g > '$WORK/before'; SWIFT_BACKTRACE=interactive=no '$LOOWI_BIN' practice; stty -a > '$WORK/after-a'; stty -g > '$WORK/after'; echo DONE; sleep 30"
  for _ in $(seq 50); do [ "$(tm display-message -p -t "$SESSION" '#{alternate_on}')" = 1 ] && break; sleep 0.1; done
  sleep 0.5
  [ "$(tm display-message -p -t "$SESSION" '#{alternate_on}')" = 1 ] || fail "$sig: full screen never started"
  [ "$(tm display-message -p -t "$SESSION" '#{cursor_flag}')" = 0 ] || fail "$sig: the cursor was not hidden while running"
  local shell_pid; shell_pid="$(tm display-message -p -t "$SESSION" '#{pane_pid}')"
  local loowi_pid; loowi_pid="$(pgrep -P "$shell_pid" -x loowi | head -n1)"
  [ -n "$loowi_pid" ] || fail "$sig: no loowi process"
  kill "-$sig" "$loowi_pid"
  # The Swift runtime's crash report may take a few seconds after the restore.
  for _ in $(seq 300); do [ -s "$WORK/after" ] && break; sleep 0.1; done
  [ -s "$WORK/after" ] || fail "$sig: loowi did not end"
  kill -0 "$loowi_pid" 2>/dev/null && fail "$sig: loowi still runs"
  [ "$(tm display-message -p -t "$SESSION" '#{alternate_on}')" = 0 ] || fail "$sig: still in the alternate screen"
  [ "$(tm display-message -p -t "$SESSION" '#{cursor_flag}')" = 1 ] || fail "$sig: the cursor is still hidden"
  grep -qE -- '(^|[[:space:]])icanon([[:space:]]|$)' "$WORK/after-a" || fail "$sig: not back in canonical mode: $(cat "$WORK/after-a")"
  grep -qE -- '(^|[[:space:]])echo([[:space:]]|$)' "$WORK/after-a" || fail "$sig: echo not back: $(cat "$WORK/after-a")"
  [ "$(cat "$WORK/before")" = "$(cat "$WORK/after")" ] || fail "$sig: terminal not restored: $(cat "$WORK/before") vs $(cat "$WORK/after")"
  tm kill-server
  echo "restored after a crash by SIG$sig (full screen)"
}

checks=0
for sig in SEGV ILL ABRT BUS FPE TRAP; do check_crash "$sig"; done
check_restored SIGTERM --line
check_restored SIGTERM ""
check_restored SIGINT --line
check_restored quit ""
echo "terminal restore test passed"
