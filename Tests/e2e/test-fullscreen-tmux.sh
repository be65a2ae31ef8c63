#!/usr/bin/env bash
# Low-vision full screen (issue 15, item 7), as a person would check it in a real terminal:
# with NO_COLOR=1 the raw bytes loowi writes hold no colour escape (focus still inverse), and
# a resized window is drawn again at once (SIGWINCH), not at the next poll (every 5 s); the
# practice follows config.toml's theme.
cd "$(dirname "$0")"
source ./lib.sh
source ./tmux-helpers.sh
export XDG_CONFIG_HOME="$WORK/config" XDG_STATE_HOME="$WORK/state" XDG_CACHE_HOME="$WORK/cache"

# The raw bytes are captured from loowi's first byte: it starts once pipe-pane is attached.
start "sleep 0.5; NO_COLOR=1 '$LOOWI_BIN' practice --silent; echo \"EXIT \$?\"; sleep 30"
tm pipe-pane -o -t "$SESSION" "cat >> '$WORK/raw'"
wait_text ">> Welcome: This is loowi practice."
for key in Tab Tab Enter Tab Escape Tab; do keys "$key"; sleep 0.2; done
sleep 0.3

# Every SGR parameter that sets a colour: 30-49, 90-107 (and so 38/48 with 5 or 2).
colours() {
  python3 - "$1" <<'PY'
import re, sys
data = open(sys.argv[1], "rb").read()
found = sorted({n for m in re.finditer(rb"\x1b\[([0-9;:]*)m", data)
                for n in (int(p) for p in re.split(rb"[;:]", m.group(1)) if p)
                if 30 <= n <= 49 or 90 <= n <= 107})
print(" ".join(map(str, found)))
PY
}
check "NO_COLOR: no colour escape in the raw bytes" test -z "$(colours "$WORK/raw")"
check "NO_COLOR: the focus is still bold and inverse" grep -qaF $'\e[0;1;7m' "$WORK/raw"
check "NO_COLOR: the screen was drawn" grep -qaF "This is loowi practice" "$WORK/raw"

# The toolbar on the pane's last row, laid out for the pane's width: "[ Info ]" starts a
# quarter of the way across, one column after its slot's marker.
info_column() { tm capture-pane -p -t "$SESSION" | tail -n 1 | awk '{ print index($0, "[ Info ]") - 1 }'; }
redrawn_within() {  # redrawn_within COLUMNS ROWS: milliseconds until the new layout shows
  local start now
  start=$(date +%s%N)
  tm resize-window -t "$SESSION" -x "$1" -y "$2"
  for _ in $(seq 100); do
    [ "$(info_column)" = "$(($1 / 4 + 1))" ] && { now=$(date +%s%N); echo $(((now - start) / 1000000)); return; }
    sleep 0.02
  done
  echo 9999
}
sleep 0.5
for size in "70 20" "90 26" "60 18" "100 30"; do
  # shellcheck disable=SC2086
  ms=$(redrawn_within $size)
  echo "  resized to ${size/ /x}: redrawn in $ms ms"
  check "a resize to ${size/ /x} is redrawn at once" test "$ms" -lt 500
done
check "after the resizes the title is still on the first row" bash -c "tmux -L '$SOCKET' capture-pane -p -t '$SESSION' | head -n 1 | grep -qx 'Practice'"

keys F10; sleep 0.3; keys Enter
wait_text "EXIT 0"

# The practice's first screen without NO_COLOR, in a session of its own: its colours in $SEEN.
practice_colours() {  # practice_colours NAME
  SESSION="$1"
  start "sleep 0.5; env -u NO_COLOR XDG_CONFIG_HOME='$XDG_CONFIG_HOME' '$LOOWI_BIN' practice --silent; sleep 30"
  tm pipe-pane -o -t "$SESSION" "cat >> '$WORK/$1'"
  wait_text ">> Welcome: This is loowi practice."
  sleep 0.3
  SEEN="$(colours "$WORK/$1")"
}

# Without NO_COLOR the same screen is in colour, so the check above can fail.
practice_colours colour
check "without NO_COLOR: white on black" test "$SEEN" = "40 97"

# The practice draws in the colours config.toml's theme chooses, as the app does.
mkdir -p "$XDG_CONFIG_HOME/loowi"
printf 'theme = "high-contrast"\n' >"$XDG_CONFIG_HOME/loowi/config.toml"
practice_colours contrast
check "theme high-contrast: the practice is yellow on black" test "$SEEN" = "40 93"
finish
