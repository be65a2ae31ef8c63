#!/usr/bin/env bash
# Hostile content through the real binary. A followed account on mastodon-mock gets a display
# name, posts, a content warning and a link carrying CSI (ESC[2J, ESC[31m), an OSC window
# title (ESC]0;pwned BEL), an 8-bit CSI (U+009B), a bidi override (U+202E), NUL, SSML and
# eSpeak phoneme markup. Then `loowi timeline`, the app in line mode and the app in full
# screen (tmux, raw bytes captured with pipe-pane) must show the words and none of the
# sequences: the only escape sequences allowed in the raw bytes are the app's own, listed
# exactly below (Terminal.swift's enter/leave strings and ANSIScreen's renderer; its cursor
# moves by their form).
set -uo pipefail
cd "$(dirname "$0")"
source ./tmux-helpers.sh
root="$(cd ../.. && pwd)"
mock="$root/.venv/bin/mastodon_mock"
[ -x "$mock" ] || { echo "  FAIL: $mock is missing: run scripts/setup"; exit 1; }

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
base="http://127.0.0.1:$port"
"$mock" serve --in-memory --config "$root/Demo/seed.toml" --host 127.0.0.1 --port "$port" \
  --domain "127.0.0.1:$port" --log-level warning >"$WORK/mock.log" 2>&1 &
mock_pid=$!
stop_mock() {  # by pid: SIGTERM, again, then SIGKILL
  kill "$mock_pid" 2>/dev/null || return 0
  for _ in $(seq 30); do kill -0 "$mock_pid" 2>/dev/null || return 0; sleep 0.1; done
  kill -9 "$mock_pid" 2>/dev/null; true
}
trap 'stop_mock; cleanup' EXIT
for _ in $(seq 300); do curl -sf "$base/health" >/dev/null && break; sleep 0.2; done
curl -sf "$base/health" >/dev/null || { echo "FAIL: mastodon-mock did not start"; cat "$WORK/mock.log"; exit 1; }

export XDG_CONFIG_HOME="$WORK/config" XDG_STATE_HOME="$WORK/state" XDG_CACHE_HOME="$WORK/cache"
failures=0
check() {  # check DESCRIPTION COMMAND...
  local what="$1"; shift
  if "$@"; then echo "  ok: $what"; else echo "  FAIL: $what"; failures=$((failures + 1)); fi
}

# --- the hostile account and posts (Grace; the demo user follows her) -----------------------
# Built in Python so every character is exact (NUL and U+009B included) and sent as JSON.
BASE="$base" python3 - <<'PY' || { echo "FAIL: could not create the hostile content"; exit 1; }
import json, os, urllib.parse, urllib.request
base = os.environ["BASE"]
def call(method, path, body):
    # update_credentials takes a form (the mock ignores a JSON body there); statuses take JSON.
    form = method == "PATCH"
    data = urllib.parse.urlencode(body).encode() if form else json.dumps(body).encode()
    kind = "application/x-www-form-urlencoded" if form else "application/json"
    request = urllib.request.Request(base + path, data=data, method=method,
        headers={"Authorization": "Bearer grace_token", "Content-Type": kind})
    return json.load(urllib.request.urlopen(request))
osc, csi_clear, csi_red, c1, rlo = "\x1b]0;pwned\x07", "\x1b[2J", "\x1b[31m", "\u009b2J", "\u202e"
name = call("PATCH", "/api/v1/accounts/update_credentials",
     {"display_name": f"Grace {osc}Okafor {csi_red}Zulu {rlo}Yankee {c1}Xray"})["display_name"]
assert osc in name and rlo in name, f"the mock did not keep the hostile name: {name!r}"
call("POST", "/api/v1/statuses", {"status": f"Kilo {osc}Lima {rlo}Mike", "spoiler_text": f"Hotel {csi_red}India {rlo}Juliet {c1}Quebec"})
# Tagged Spanish, so loowi marks its words for the Spanish voice (LanguageMarks) under the
# English interface; with a forged mark of its own (U+E0001 and tags spelling "ca").
forged = "\U000e0001\U000e0063\U000e0061"
call("POST", "/api/v1/statuses", {"language": "es", "status":
     f"Alpha {csi_clear}Bravo {csi_red}Charlie {osc}Delta {c1}Echo {rlo}Foxtrot \u0000Golf {forged}Sierra "
     "<speak><prosody rate=\"x-slow\">slow words</prosody></speak> [[h@l'oU]] "
     f"see https://example.com/{csi_clear}path"})
PY
echo "hostile content posted on $base"

# Fails (and prints why) when the raw bytes hold anything but the app's own sequences.
# Usage: raw_is_clean FILE FULL_SCREEN_STARTS
raw_is_clean() {
  python3 - "$1" "$2" <<'PY'
import re, sys
data = open(sys.argv[1], "rb").read()
starts = int(sys.argv[2])
problems = []
# Every escape sequence loowi itself writes (Terminal.swift, ANSIScreen.swift and
# ANSIScreen+Diff.swift: the styles from the defaults and between each other, and CUP).
own = {b"\x1b[?2004h", b"\x1b=", b"\x1b[?1049h", b"\x1b[?25l", b"\x1b[0;97;40m", b"\x1b[2J",
       b"\x1b[?2004l", b"\x1b>", b"\x1b[0m", b"\x1b[?25h", b"\x1b[?1049l", b"\x1b[H",
       b"\x1b[0;1;97;40m", b"\x1b[0;1;7;97;40m", b"\x1b[K",
       b"\x1b[97;40m", b"\x1b[1;97;40m", b"\x1b[1;7;97;40m",
       b"\x1b[1m", b"\x1b[1;7m", b"\x1b[22m", b"\x1b[7m", b"\x1b[22;27m", b"\x1b[27m",
       b"\x1b[?7l", b"\x1b[?7h",
       # The high-contrast theme (yellow on black) and the plain one (NO_COLOR, the
       # terminal's colours): the same styles with other colours, or none (Palette.swift).
       b"\x1b[0;93;40m", b"\x1b[0;1;93;40m", b"\x1b[0;1;7;93;40m",
       b"\x1b[93;40m", b"\x1b[1;93;40m", b"\x1b[1;7;93;40m",
       b"\x1b[0;1m", b"\x1b[0;1;7m"}
cursor = re.compile(rb"\x1b\[[1-9][0-9]{0,3}(;[1-9][0-9]{0,3})?H")
for match in re.finditer(rb"\x1b(\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?|\][^\x07\x1b]*|.)", data, re.S):
    if match.group(0) not in own and not cursor.fullmatch(match.group(0)):
        problems.append(f"foreign escape sequence {match.group(0)!r} at byte {match.start()}")
# The app clears the screen once per full-screen start; another ESC[2J would be the post's.
clears = data.count(b"\x1b[2J")
if clears > starts:
    problems.append(f"ESC[2J written {clears} times for {starts} full-screen start(s)")
if b"\x00" in data: problems.append("a NUL byte")
if b"pwned" in data: problems.append("the OSC title text 'pwned'")
text = data.decode("utf-8", errors="replace")
for ch in sorted(set(text)):
    code = ord(ch)
    if 0x80 <= code <= 0x9f: problems.append(f"C1 control U+{code:04X}")
    if code in (0x061c, 0x200e, 0x200f) or 0x202a <= code <= 0x202e or 0x2066 <= code <= 0x2069:
        problems.append(f"bidi control U+{code:04X}")
    if code < 0x20 and ch not in "\r\n\x1b\x07\x08":
        problems.append(f"C0 control U+{code:04X}")
for problem in problems: print("    " + problem)
sys.exit(1 if problems else 0)
PY
}
export -f raw_is_clean
has_words() {  # has_words FILE WORD...
  local file="$1"; shift
  for word in "$@"; do LC_ALL=C grep -qF -- "$word" "$file" || { echo "    missing: $word"; return 1; }; done
}

# The check itself must see an injected sequence, or it proves nothing.
printf 'Alpha \e]0;pwned\aBravo \e[31mCharlie' >"$WORK/injected.bin"
check "the raw-byte check refuses an injected OSC title and colour" bash -c "! raw_is_clean '$WORK/injected.bin' 0 >/dev/null"

# --- loowi timeline ----------------------------------------------------------------------------
LOOWI_INSTANCE="$base" LOOWI_TOKEN=demo_token "$LOOWI_BIN" timeline --count 5 >"$WORK/timeline.out" 2>"$WORK/timeline.err"
check "loowi timeline succeeds" test $? -eq 0
check "loowi timeline: the words are there" has_words "$WORK/timeline.out" Alpha Bravo Charlie Delta Echo Foxtrot Golf \
  Grace Okafor Zulu Yankee Xray Hotel India Juliet Quebec "link to example.com"
check "loowi timeline: no remote escape, C1, bidi or NUL byte" raw_is_clean "$WORK/timeline.out" 0
# A language mark (U+E0001 LANGUAGE TAG, F3 A0 80 81), loowi's own or forged, never printed.
no_language_mark() { ! LC_ALL=C grep -qaP '\xF3\xA0\x80\x81' "$1"; }
check "loowi timeline: a Spanish post's words are printed without their voice's marks" no_language_mark "$WORK/timeline.out"
check "loowi timeline: nothing at all on stderr" test ! -s "$WORK/timeline.err"

# --- the app, line mode and full screen, raw bytes from tmux ------------------------------------
# The pane starts waiting for Enter, so pipe-pane is attached before loowi writes a byte.
run_app() {  # run_app NAME ARGS...
  local name="$1"; shift
  tm new-session -d -s "$SESSION" -x 200 -y 40 \
    "read _; env LOOWI_INSTANCE='$base' LOOWI_TOKEN=demo_token XDG_CONFIG_HOME='$XDG_CONFIG_HOME' XDG_STATE_HOME='$XDG_STATE_HOME' XDG_CACHE_HOME='$XDG_CACHE_HOME' '$LOOWI_BIN' run --silent $*; echo \"EXIT \$?\"; sleep 60"
  tm pipe-pane -o -t "$SESSION" "cat >> '$WORK/$name.bin'"
  keys Enter
}
# Up to 15 s (network answers and a loaded machine included) for text containing $1.
wait_for() {
  for _ in $(seq 150); do pane | grep -qF -- "$1" && return 0; sleep 0.1; done
  fail "never saw: $1"
}
quit_app() { keys F10; keys Enter; wait_for "EXIT 0"; sleep 0.3; tm kill-server; }

run_app line --line
wait_for "Alpha"
keys Down; wait_for "Hotel"
quit_app
check "line mode: the post and the name are spoken as words" has_words "$WORK/line.bin" Alpha Bravo Charlie Delta Echo Foxtrot Golf Grace Okafor Xray
check "line mode: the content warning is spoken" has_words "$WORK/line.bin" "Content warning" Hotel India Juliet Quebec
check "line mode: SSML and phoneme markup are read as text, not obeyed" \
  has_words "$WORK/line.bin" '<speak><prosody rate="x-slow">slow words</prosody></speak>' "[[h@l'oU]]"
check "line mode: the link is read by its host" has_words "$WORK/line.bin" "link to example.com"
check "line mode: no remote escape, C1, bidi or NUL byte in the raw output" raw_is_clean "$WORK/line.bin" 0
check "line mode: a Spanish post's words are printed without their voice's marks" no_language_mark "$WORK/line.bin"
check "line mode: the words after a forged mark are there" has_words "$WORK/line.bin" "Golf Sierra"

SOCKET="$SOCKET-full"  # a fresh tmux server (reusing the socket races with the old one's exit)
run_app full
# It opens where the line-mode session left off (the post behind the warning); Home goes up.
wait_for "Hotel"
keys Home; wait_for "Alpha"
quit_app
check "full screen: the post and the name are on screen" has_words "$WORK/full.bin" Alpha Bravo Charlie Grace Okafor Hotel
check "full screen: the app's own sequences are there (enter and leave)" \
  has_words "$WORK/full.bin" $'\e[?1049h' $'\e[?1049l'
check "full screen: no remote escape, C1, bidi or NUL byte in the raw output" raw_is_clean "$WORK/full.bin" 1
check "full screen: no language mark on screen" no_language_mark "$WORK/full.bin"

[ "$failures" -eq 0 ] && echo "hostile content passed"
[ "$failures" -eq 0 ]
