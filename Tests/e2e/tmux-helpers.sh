# Shared by the tmux end-to-end tests (sourced, not run: its name does not match test-*.sh).
# Each test gets its own tmux server socket, so it never touches another tmux session.

: "${LOOWI_BIN:?LOOWI_BIN must point at the built loowi binary}"
command -v tmux >/dev/null || { echo "tmux is not installed"; exit 1; }

SOCKET="loowi-e2e-$$"
SESSION="practice"
WORK="$(mktemp -d)"
tm() { tmux -L "$SOCKET" "$@"; }
cleanup() { tm kill-server 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT

fail() { echo "FAIL: $*"; echo "--- pane:"; tm capture-pane -p -J -S -200 -t "$SESSION" 2>/dev/null; exit 1; }

# Starts a command in a 100x30 pane.
start() { tm new-session -d -s "$SESSION" -x 100 -y 30 "$1"; }

# The pane's text with wrapped lines joined, the whole scrollback.
pane() { tm capture-pane -p -J -S -500 -t "$SESSION"; }

# Waits up to 15 s for a line that is exactly $1 (the sanitizers' builds share the machine).
wait_line() {
  for _ in $(seq 150); do
    pane | grep -qxF -- "$1" && return 0
    sleep 0.1
  done
  fail "never heard: $1"
}

# Waits up to 15 s for text containing $1.
wait_text() {
  for _ in $(seq 150); do
    pane | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  fail "never saw: $1"
}

keys() { tm send-keys -t "$SESSION" "$@"; }

# What is said after a key: `mark` counts the lines so far; `said_after_mark` waits up to 20 s
# (network answers on a loaded machine) for $1 in the lines after it, `said_after_mark_re` for
# an extended regular expression.
mark() { LINES_BEFORE="$(pane | grep -c .)"; }
said_after_mark() {
  for _ in $(seq 200); do
    pane | grep . | tail -n +"$((LINES_BEFORE + 1))" | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  fail "never heard after the key: $1"
}
said_after_mark_re() {
  for _ in $(seq 200); do
    pane | grep . | tail -n +"$((LINES_BEFORE + 1))" | grep -qE -- "$1" && return 0
    sleep 0.1
  done
  fail "never heard after the key: /$1/"
}

# Tab until $1 is heard (at most 20 times): a screen whose controls depend on the account
# (a bio, profile fields) is walked without counting.
tab_until() { key_until Tab "$1"; }
# Presses key $1 until $2 is heard after it (at most 20 times): a list walked without counting.
key_until() {
  for _ in $(seq 20); do
    mark; keys "$1"
    for _ in $(seq 20); do pane | grep . | tail -n +"$((LINES_BEFORE + 1))" | grep -qF -- "$2" && return 0; sleep 0.05; done
  done
  fail "never reached by $1: $2"
}

# `loowi demo --line --silent` in the pane with its own config.toml ($2, kept at $CONFIG),
# state, cache and port ($1 names them); waits for $3, the timeline's first words.
run_demo() {
  local home="$WORK/$1" port
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  mkdir -p "$home/config/loowi"
  printf '%s' "$2" >"$home/config/loowi/config.toml"
  CONFIG="$home/config/loowi/config.toml"
  # A new session before the old one goes: killing the server's last session makes it exit,
  # and a session started while it exits fails with "server exited unexpectedly".
  local previous="$SESSION"
  SESSION="demo-$1-$port"
  start "env LOOWI_DEMO_PACE=off XDG_CONFIG_HOME='$home/config' XDG_STATE_HOME='$home/state' XDG_CACHE_HOME='$home/cache' '$LOOWI_BIN' demo --line --silent --port $port; sleep 60"
  [ "$previous" != "$SESSION" ] && tm kill-session -t "$previous" 2>/dev/null
  for _ in $(seq 150); do
    pane | grep -qF -- "$3" && return 0
    sleep 0.1
  done
  fail "the demo never opened: $3"
}
