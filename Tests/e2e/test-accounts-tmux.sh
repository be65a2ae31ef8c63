#!/usr/bin/env bash
# Accounts in the app (issue 12): two logins saved against mastodon-mock (the demo seed), then
# `loowi run --line` in a tmux pane: F11 lists them, Enter on the other reads it without
# restarting (its own home timeline), and each account keeps its own draft.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
source "$(dirname "$0")/tmux-helpers.sh"
start_mock --config "$root/Demo/seed.toml"
trap 'cleanup; stop_mock; rm -rf "$E2E_TMP"' EXIT
export XDG_CONFIG_HOME="$E2E_TMP/config" XDG_STATE_HOME="$E2E_TMP/state" XDG_CACHE_HOME="$E2E_TMP/cache"
unset LOOWI_INSTANCE LOOWI_TOKEN

echo mockcode_grace | "$LOOWI_BIN" login "$base" --silent >"$E2E_TMP/grace.out" 2>&1 || fail "login as grace: $(cat "$E2E_TMP/grace.out")"
echo mockcode_demo | "$LOOWI_BIN" login "$base" --silent >"$E2E_TMP/demo.out" 2>&1 || fail "login as demo: $(cat "$E2E_TMP/demo.out")"
grace="@grace@127.0.0.1:$port"
demo="@demo@127.0.0.1:$port"

start "env XDG_CONFIG_HOME='$XDG_CONFIG_HOME' XDG_STATE_HOME='$XDG_STATE_HOME' XDG_CACHE_HOME='$XDG_CACHE_HOME' '$LOOWI_BIN' run --line --silent; echo \"EXIT \$?\"; sleep 30"
wait_text "Home timeline. Posts, list"
# A draft on the demo account, kept when the account changes.
mark; keys n; said_after_mark "New post. Post text, text field"
keys -l "Demo's half thought"; sleep 0.3
mark; keys Escape; said_after_mark "Home timeline"

mark; keys F11; said_after_mark "Accounts. Saved accounts, list, $demo, current, 2 of 2"
mark; keys Up; said_after_mark "$grace, 1 of 2"
mark; keys Enter; said_after_mark "Now reading as $grace."
said_after_mark "Home timeline. Posts, list"
echo "  ok: F11 lists both accounts and Enter reads the other one without restarting"
# Grace's home is hers: the demo user's draft is not offered here.
sleep 1
pane | tail -n +"$((LINES_BEFORE + 1))" | grep -qF "Demo's half thought" && fail "the demo account's draft was offered to grace"
mark; keys F11; said_after_mark "$grace, current, 1 of 2"
mark; keys Down Enter; said_after_mark "Now reading as $demo."
said_after_mark "Demo's half thought"
echo "  ok: back on the demo account, its own draft is offered again"
keys F10; keys Enter; wait_text "EXIT 0"
echo "  ok: quits cleanly after switching"
