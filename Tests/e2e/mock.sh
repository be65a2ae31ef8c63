# The e2e scripts' shared server set-up, sourced after lib.sh: mastodon-mock on a free
# loopback port, stopped by pid on every exit; loowi's config, state (drafts, outbox) and
# cache folders inside the test's own temporary folder, never the user's.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
mock="$root/.venv/bin/mastodon_mock"
[ -x "$mock" ] || { echo "  FAIL: $mock is missing: run scripts/setup"; exit 1; }
export XDG_CONFIG_HOME="$E2E_TMP/config" XDG_STATE_HOME="$E2E_TMP/state" XDG_CACHE_HOME="$E2E_TMP/cache"
unset LOOWI_INSTANCE LOOWI_TOKEN LOOWI_CA_FILE

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# run_capture NAME ARGS...: stdout in $E2E_TMP/NAME.out, stderr in NAME.err, status in NAME.rc
run_capture() {
  local name="$1"; shift
  "$@" >"$E2E_TMP/$name.out" 2>"$E2E_TMP/$name.err"; echo $? >"$E2E_TMP/$name.rc"
}
rc() { cat "$E2E_TMP/$1.rc"; }
# loowi as the demo user of the seed, through $base (a script may point it elsewhere first).
as_demo() { LOOWI_INSTANCE="${demo_base:-$base}" LOOWI_TOKEN=demo_token "$LOOWI_BIN" "$@"; }
api() {  # api TOKEN PATH [curl args...]: the mock's API as one of its users
  local token="$1" path="$2"; shift 2
  curl -sf -H "Authorization: Bearer $token" "$base$path" "$@"
}
json() { python3 -c "import json, sys; data = json.load(sys.stdin); print($1)"; }

# start_mock [--domain HOST:PORT] [--scheme https] [mastodon_mock serve options...]: sets port,
# base and mock_pid, and waits for /health (curl options for it in $mock_curl_options).
start_mock() {
  local domain="" scheme="http"
  while [ $# -gt 0 ]; do
    case "$1" in
      --domain) domain="$2"; shift 2 ;;
      --scheme) scheme="$2"; shift 2 ;;
      *) break ;;
    esac
  done
  port=$(free_port)
  base="$scheme://127.0.0.1:$port"
  "$mock" serve --in-memory --host 127.0.0.1 --port "$port" --domain "${domain:-127.0.0.1:$port}" \
    --log-level warning "$@" >"$E2E_TMP/mock.log" 2>&1 &
  mock_pid=$!
  # Added to the caller's EXIT trap, not put in its place: a tmux test's trap stops its tmux
  # server, and a trap set before start_mock and lost left that server running.
  local previous; previous="$(trap -p EXIT)"
  if [ -n "$previous" ]; then eval "set -- $previous"; previous="$3"; fi
  case "$previous" in
    *stop_mock*) ;;
    *) trap "stop_mock; ${previous:+$previous; }rm -rf \"\$E2E_TMP\"" EXIT ;;
  esac
  for _ in $(seq 300); do curl -sf ${mock_curl_options:-} "$base/health" >/dev/null && return 0; sleep 0.2; done
  echo "  FAIL: mastodon-mock did not start"; cat "$E2E_TMP/mock.log"; exit 1
}

stop_mock() {  # by pid: SIGTERM, again, then SIGKILL
  kill "$mock_pid" 2>/dev/null || return 0
  for _ in $(seq 30); do kill -0 "$mock_pid" 2>/dev/null || return 0; sleep 0.1; done
  kill "$mock_pid" 2>/dev/null; sleep 1; kill -9 "$mock_pid" 2>/dev/null; true
}
