#!/usr/bin/env bash
# Full screen writes only the cells that changed (issue 14), and a real terminal must end up
# showing what a whole redraw shows: keys move the focus, open screens, type, turn a wheel and
# go back, each drawn as a difference; then the window is resized away and back, which makes
# loowi draw every cell again. The two pictures of the pane, with their colours and inverse
# video, must be the same. Blank cells are compared without their foreground colour: an erase
# (EL) leaves the terminal's default there, a written space white, and neither shows.
set -uo pipefail
cd "$(dirname "$0")"
source ./tmux-helpers.sh
export XDG_CONFIG_HOME="$WORK/config" XDG_STATE_HOME="$WORK/state" XDG_CACHE_HOME="$WORK/cache"

start "'$LOOWI_BIN' practice --silent; echo \"EXIT \$?\"; sleep 30"
wait_text "Practice"
for key in Tab Tab Enter Tab Tab Space Tab Escape Tab Tab Tab Tab Enter Down Down Up Tab Tab Escape Tab Tab Tab; do
  keys "$key"; sleep 0.2
done
wait_text "Info, button. Enter opens the help"
sleep 0.5

# The pane with its attributes, the foreground colour left out (see above).
picture() { tm capture-pane -e -p -t "$SESSION" | sed 's/\x1b\[39m//g; s/\x1b\[97m//g'; }
picture >"$WORK/differences"
grep -qF $'\e[1;7m>[ Info ]' "$WORK/differences" || fail "the focused button is not inverse and marked: $(cat -v "$WORK/differences")"

tm resize-window -t "$SESSION" -x 90 -y 25
sleep 0.5
tm resize-window -t "$SESSION" -x 100 -y 30
same=no
for _ in $(seq 50); do
  picture >"$WORK/whole"
  cmp -s "$WORK/differences" "$WORK/whole" && { same=yes; break; }
  sleep 0.1
done
[ "$same" = yes ] || fail "drawn by differences, the pane is not what a whole redraw shows: $(diff "$WORK/differences" "$WORK/whole" | cat -v)"
echo "the pane drawn by differences is the pane redrawn whole"

keys F10; sleep 0.3; keys Enter
wait_text "EXIT 0"
echo "redraw passed"
