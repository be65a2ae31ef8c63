#!/usr/bin/env bash
# No silent key in line mode: `loowi demo --line --silent` in a tmux pane; a key that does
# nothing on the timeline (z) prints its sound's word on a line of its own, in English and
# in Spanish (config.toml's language), and `sound_words = false` leaves the word out.
set -uo pipefail
cd "$(dirname "$0")"
source ./tmux-helpers.sh


# z is bound to nothing on the timeline: the soft-error sound, and its word alone on a line.
run_demo en '' "Home timeline. Posts, list"
mark; keys z; said_after_mark "[no action]"
pane | grep -qxF "[no action]" || fail "[no action] is not a line of its own"
# Up on the first post: the boundary sound says which edge.
mark; keys Up; said_after_mark "[top]"
echo "ok: an unbound key prints [no action], the list's edge [top] (English)"

run_demo es 'language = "es"
' "Cronología de inicio."
mark; keys z; said_after_mark "[sin acción]"
pane | grep -qxF "[sin acción]" || fail "[sin acción] is not a line of its own"
echo "ok: an unbound key prints [sin acción] (Spanish)"

run_demo off 'sound_words = false
' "Home timeline. Posts, list"
keys z; sleep 1
mark; keys F2; said_after_mark "Home timeline"
pane | grep -qF "[no action]" && fail "sound_words = false still prints [no action]"
echo "ok: sound_words = false prints no word"
