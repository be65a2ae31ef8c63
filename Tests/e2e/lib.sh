# Shared helpers for the end-to-end tests. Each test sources this, then calls `check`.
set -uo pipefail
# scripts/test gives the release binary; run alone, a script takes the debug build's.
LOOWI_BIN="${LOOWI_BIN:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && swift build --show-bin-path)/loowi}"
E2E_TMP="$(mktemp -d)"
trap 'rm -rf "$E2E_TMP"' EXIT
# loowi keeps things in its cache folder (the voices eSpeak NG chose, a server's details):
# each test has its own, never the user's.
export XDG_CACHE_HOME="$E2E_TMP/cache"
e2e_failures=0

check() {  # check DESCRIPTION COMMAND...
  local what="$1"; shift
  if "$@"; then echo "  ok: $what"; else echo "  FAIL: $what"; e2e_failures=$((e2e_failures + 1)); fi
}

# RMS amplitude of a WAV file (0..1), from sox.
wav_rms() { sox "$1" -n stat 2>&1 | awk '/RMS     amplitude/ {print $3}'; }
wav_seconds() { soxi -D "$1"; }
# awk comparisons: gt A B, between X LOW HIGH
gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'; }
between() { awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(x >= lo && x <= hi) }'; }

finish() {
  [ "$e2e_failures" -eq 0 ]
}
