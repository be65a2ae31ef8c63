#!/usr/bin/env bash
# `loowi man` prints loowi(1): groff reads it without a warning, man renders it (also gzipped,
# as the package installs it), and the rendered page reads as whole words.
source "$(dirname "$0")/lib.sh"

page="$E2E_TMP/loowi.1"
"$LOOWI_BIN" man >"$page"
check "loowi man exits 0" test $? -eq 0
check "it starts with .TH LOOWI 1" bash -c "head -1 '$page' | grep -q '^\\.TH LOOWI 1 '"

groff -ww -man -z "$page" 2>"$E2E_TMP/groff.err"
check "groff -ww -man exits 0" test $? -eq 0
check "groff has no warning" test ! -s "$E2E_TMP/groff.err"
cat "$E2E_TMP/groff.err"

MANWIDTH=80 man --warnings -l - <"$page" >"$E2E_TMP/man.txt" 2>"$E2E_TMP/man.err"
check "man --warnings -l renders it" test $? -eq 0
check "man has no warning" test ! -s "$E2E_TMP/man.err"
cat "$E2E_TMP/man.err"
for heading in NAME SYNOPSIS DESCRIPTION COMMANDS OPTIONS KEYS SETTINGS FILES ENVIRONMENT "EXIT STATUS" "SEE ALSO"; do
  check "the page has $heading" grep -qx "$heading" "$E2E_TMP/man.txt"
done
check "NAME says what loowi is" grep -q 'loowi - a self-voicing Mastodon client for the terminal' "$E2E_TMP/man.txt"
check "options are printed with plain hyphens, to be copied" grep -q -- '--visibility' "$E2E_TMP/man.txt"
# A word split across two lines reads as two words on a braille display.
check "no word is hyphenated at a line's end" bash -c "! grep -q '‐\$' '$E2E_TMP/man.txt'"
check "the settings have their ranges and defaults" \
  bash -c "grep -A2 '^       rate ' '$E2E_TMP/man.txt' | tr -s ' \n' ' ' | grep -q 'Speech rate in words per minute. Values: 80 to 450. Default: 175.'"
check "a key with its action's name" grep -qE '^ +F1, \? +.*\(info\)' "$E2E_TMP/man.txt"

"$LOOWI_BIN" man | gzip -9n >"$E2E_TMP/loowi.1.gz"
check "gzipped, as the package installs it, man still reads it" \
  bash -c "MANWIDTH=80 man -l '$E2E_TMP/loowi.1.gz' 2>/dev/null | grep -q '^EXIT STATUS'"

finish
