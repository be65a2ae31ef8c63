#!/usr/bin/env bash
# The settings screen (F9) as a person uses it: `loowi demo --line --silent` in a tmux pane;
# each change is printed at once and saved at once in config.toml (English, then Spanish).
set -uo pipefail
cd "$(dirname "$0")"
source ./tmux-helpers.sh

# Waits up to 5 s for config.toml to hold the line $1 exactly.
saved() {
  for _ in $(seq 50); do
    grep -qxF -- "$1" "$CONFIG" && return 0
    sleep 0.1
  done
  echo "--- config.toml:"; cat "$CONFIG"
  fail "config.toml never held: $1"
}

run_demo en '# my settings
pitch = 50
' "Home timeline. Posts, list"
mark; keys F9; said_after_mark "Settings. What you hear and see, settings list, Voice: the language's own voice, 1 of 35"
mark; keys Down; said_after_mark "Speech rate: 175 words a minute, 2 of 35"
mark; keys Right; said_after_mark "200 words a minute"
saved "rate = 200"
grep -qxF "# my settings" "$CONFIG" || fail "the user's comment was lost"
echo "ok: Right on the speech rate says 200 words a minute and saves rate = 200, keeping the file's comment"
mark; keys Left; said_after_mark "175 words a minute"
saved "rate = 175"
# A key the list does not use is not silent in line mode.
mark; keys z; said_after_mark "[no action]"
for _ in $(seq 8); do keys Down; done
mark; keys Right; said_after_mark "Language: English (US)"
mark; keys Right; said_after_mark "Idioma: español"
saved 'language = "es"'
grep -qE '^(verbosity|positions|voice) ' "$CONFIG" && fail "config.toml gained settings nobody changed: $(cat "$CONFIG")"
echo "ok: the language changes at once (Idioma: español) and is saved, and nothing else is written"
mark; keys Escape; said_after_mark "Home timeline"
mark; keys F9; said_after_mark "Ajustes. Lo que oyes y ves, lista de ajustes"
echo "ok: F9 opens the settings again, in Spanish"

run_demo es 'language = "es"
' "Cronología de inicio."
mark; keys F9; said_after_mark "Ajustes. Lo que oyes y ves, lista de ajustes, Voz: la voz del idioma, 1 de 35"
mark; keys Down Right; said_after_mark "200 palabras por minuto"
saved "rate = 200"
for _ in $(seq 3); do keys Down; done
mark; keys Enter; said_after_mark "la mayoría. Ejemplo: (sí), no; ¡quizá! @ana #loowi"
saved 'punctuation = "most"'
echo "ok: in Spanish: the rate and the punctuation (with its sample) change and are saved"

# F1 in Spanish: the help as a list, stepped one key a line; Escape comes back to the settings.
mark; keys F1; said_after_mark_re "^Ayuda de Ajustes: [0-9]+ líneas; Abajo las lee\.$"
mark; keys Down; said_after_mark "Lo que oyes y ves, lista de ajustes: Arriba y Abajo eligen un ajuste"
mark; keys Down; said_after_mark "Loowi, teclas, 3 de"
mark; keys Down; said_after_mark "F9: ajustes, 4 de"
mark; keys Escape; said_after_mark "Ajustes. Lo que oyes y ves, lista de ajustes, Puntuación leída: la mayoría, 5 de 35"
echo "ok: F1 in Spanish steps through the keys, and Escape comes back to the same setting"
