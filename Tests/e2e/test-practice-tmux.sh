#!/usr/bin/env bash
# Drives `loowi practice --line` as a person would: keys through tmux, and the spoken lines
# read back from the pane (line mode prints each utterance as one line).
set -uo pipefail
cd "$(dirname "$0")"
source ./tmux-helpers.sh

start "'$LOOWI_BIN' practice --line --keypad multi-tap; echo \"EXIT \$?\"; sleep 30"

wait_text "Practice. Welcome, text, This is loowi practice."

# The menu: Tab to the first button and open the Buttons screen.
keys Tab;   wait_line "Buttons, button. Enter or Space activates."
keys Enter; wait_line "Buttons. Say hello, button. Enter or Space says hello back."
keys Space; wait_line "Hello to you too!"
keys Tab;   wait_line "Sounds, toggle button, on. Enter or Space switches it."
keys Enter; wait_line "off"
keys Tab;   wait_line "Send, button, unavailable, there is nothing to send yet."
keys Enter; wait_line "Send, unavailable, there is nothing to send yet"
keys F2;    wait_line "Buttons. Send, button, unavailable, there is nothing to send yet. Control 3 of 5."
# Back on the menu the button's hint is not said again: it was heard on this screen already.
keys Escape; wait_line "Practice. Buttons, button."

# The phone keypad, multi-tap: 4 4 and a pause writes h; 4 4 4 and a pause writes i.
keys Tab;   wait_line "Phone keypad, button."
keys Enter; wait_text "Phone keypad. Keypad, keypad, lower case."
keys 4 4;   wait_line "h"; sleep 1.5
keys 4 4 4; wait_line "i"; sleep 1.5
# The arrows explore from the last key pressed (4).
keys Up;    wait_line "1, dot comma question mark exclamation mark 1"
keys Right; wait_line "2, a b c 2"
keys Down;  wait_line "5, j k l 5"
keys Tab;   wait_line "Message, text field, hi, cursor at end. Type to write. Left and Right move the cursor, Alt-b and Alt-f by word, Home and End to the ends."
keys Left;  wait_line "i"
keys Home;  wait_line "start"
keys Escape; wait_line "Practice. Phone keypad, button."

# A key bound to nothing gives the soft-error sound, prints nothing, and the program carries on.
keys F12
keys Tab;   wait_line "Days and colours, button."
keys Enter; wait_text "Days and colours. Day, options, Monday, 1 of 7."
keys Down;  wait_line "Tuesday, 2 of 7"
keys Enter; wait_line "Tuesday selected"

# Waits up to 5 s until the line $1 has been printed $2 times.
wait_count() {
  for _ in $(seq 50); do
    [ "$(pane | grep -cxF -- "$1")" -ge "$2" ] && return 0
    sleep 0.1
  done
  fail "heard fewer than $2 times: $1"
}

# A paste that never ends (ESC [200~ and no ESC [201~): after a second of quiet the user
# hears that it ended, and F10 inside an open paste still reaches the app.
keys -H 1b 5b 32 30 30 7e 61 62; wait_line "Paste ended: nothing more came."
keys -H 1b 5b 32 30 30 7e 61 62; sleep 0.2
keys F10;   wait_line "Paste ended."
wait_count "Quit? Enter: yes. Any other key: no." 1
keys x;     wait_count "Not quitting." 1

# Quit asks first (the question and "Not quitting." were heard once already, after the paste).
keys F10;   wait_count "Quit? Enter: yes. Any other key: no." 2
keys x;     wait_count "Not quitting." 2

# The command line: GNU readline, opened when the prompt first takes focus (it is not linked),
# edits the line, and what it did is spoken.
keys Escape; wait_line "Practice. Days and colours, button."
keys Tab Tab Tab Tab; wait_line "Command line, button."
keys Enter; wait_text "Command line. Command, text field"
# Line mode's echo is words (a braille line is not flooded by one line per letter).
mark; keys o k Space; said_after_mark_re '^ok$'
pane | grep . | tail -n +"$((LINES_BEFORE + 1))" | grep -qx "o" && fail "line mode echoed a letter"
mark; keys C-a; said_after_mark_re '^start$'
mark; keys Enter; said_after_mark_re "You entered ok ?\."
keys Escape; wait_line "Practice. Command line, button."
keys C-q;   wait_count "Quit? Enter: yes. Any other key: no." 3
keys Enter; wait_line "Goodbye."
wait_line "EXIT 0"
echo "practice tmux test passed"
