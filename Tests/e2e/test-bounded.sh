#!/usr/bin/env bash
# Bounded by design (issue 35, items 9 to 11), measured with /usr/bin/time -v:
# - loowi watch against a server whose stream is one endless line stays under 300 MiB
#   (it grew to 5 GB in 12 s when the chunks queued without limit);
# - loowi post --media with a 60 MB photo against mastodon-mock (image_size_limit 10 MB) is
#   refused before any upload, says both sizes, and peaks under 100 MiB; a photo under the
#   limit is uploaded from disk, byte for byte, without memory growing with it;
# - a LOOWI_TOKEN holding CR LF sends no request at all; a damaged accounts.json is named as
#   damaged and set aside, and a new login saves its token.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
# peak_kib FILE: "Maximum resident set size" from /usr/bin/time -v's report (KiB).
peak_kib() { awk -F': ' '/Maximum resident set size/ {print $2}' "$1"; }

# --- The flood: a front server whose streams never end a line. ---
port=$(free_port)
base="http://127.0.0.1:$port"
"$root/.venv/bin/python" "$root/Tests/e2e/support/flood_mock.py" "$root/Demo/seed.toml" "$port" >"$E2E_TMP/flood.log" 2>&1 &
flood_pid=$!
trap 'kill "$flood_pid" 2>/dev/null; stop_mock; rm -rf "$E2E_TMP"' EXIT
for _ in $(seq 300); do curl -sf "$base/health" >/dev/null && break; sleep 0.2; done
check "the flooding server answers" curl -sf "$base/health" -o /dev/null
# 12 s, as long as the 5 GB took (FLOOD_SECONDS to measure an old build for less); then
# Ctrl-C (timeout sends SIGINT).
flood_seconds="${FLOOD_SECONDS:-12}"
/usr/bin/time -v -o "$E2E_TMP/watch.time" timeout -s INT "$flood_seconds" \
  env LOOWI_INSTANCE="$base" LOOWI_TOKEN=demo_token "$LOOWI_BIN" watch >"$E2E_TMP/watch.out" 2>"$E2E_TMP/watch.err"
watch_kib=$(peak_kib "$E2E_TMP/watch.time")
echo "    loowi watch against the flood: peak RSS $((watch_kib / 1024)) MiB in $flood_seconds s"
check "the stream opened (loowi listened)" grep -q '^Listening for new posts' "$E2E_TMP/watch.out"
check "peak RSS under 300 MiB" [ "${watch_kib:-999999999}" -lt $((300 * 1024)) ]
kill "$flood_pid" 2>/dev/null; wait "$flood_pid" 2>/dev/null

# --- The 60 MB photo. ---
# At info level the mock logs each request, so an upload shows in mock.log.
start_mock --config "$root/Demo/seed.toml" --log-level info
big="$E2E_TMP/big.jpg"
printf '\xff\xd8\xff\xe0' >"$big" && truncate -s 60M "$big"  # sparse: takes no disk
before=$(api demo_token "/api/v1/accounts/$(api demo_token /api/v1/accounts/verify_credentials | json 'data["id"]')/statuses?limit=1" | json 'data[0]["id"] if data else ""')
/usr/bin/time -v -o "$E2E_TMP/big.time" env LOOWI_INSTANCE="$base" LOOWI_TOKEN=demo_token \
  "$LOOWI_BIN" post --media "$big" --alt "A loaf the size of a house" "Look at this loaf" >"$E2E_TMP/big.out" 2>"$E2E_TMP/big.err"
big_rc=$?
big_kib=$(peak_kib "$E2E_TMP/big.time")
echo "    loowi post --media (60 MB, refused): peak RSS $((big_kib / 1024)) MiB"
check "refused with a non-zero status" [ "$big_rc" -ne 0 ]
check "the limit in plain words" grep -q 'The photo is 60 MB; this server takes up to 10 MB\.' "$E2E_TMP/big.err"
check "nothing was uploaded (the mock saw no POST /api/v2/media)" bash -c "! grep -q 'POST /api/v2/media' '$E2E_TMP/mock.log'"
after=$(api demo_token "/api/v1/accounts/$(api demo_token /api/v1/accounts/verify_credentials | json 'data["id"]')/statuses?limit=1" | json 'data[0]["id"] if data else ""')
check "and no post was made" [ "$before" = "$after" ]
check "peak RSS under 100 MiB" [ "${big_kib:-999999999}" -lt $((100 * 1024)) ]

# --- A photo under the limit goes out from disk, whole. ---
# The baseline: the same post without a file.
/usr/bin/time -v -o "$E2E_TMP/plain.time" env LOOWI_INSTANCE="$base" LOOWI_TOKEN=demo_token \
  "$LOOWI_BIN" post "A loaf in words only" >/dev/null 2>&1
plain_kib=$(peak_kib "$E2E_TMP/plain.time")
small="$E2E_TMP/small.jpg"
{ printf '\xff\xd8\xff\xe0'; head -c $((9 * 1024 * 1024)) /dev/urandom; } >"$small"
/usr/bin/time -v -o "$E2E_TMP/small.time" env LOOWI_INSTANCE="$base" LOOWI_TOKEN=demo_token \
  "$LOOWI_BIN" post --media "$small" --alt "A smaller loaf" "A loaf that fits" >"$E2E_TMP/small.out" 2>"$E2E_TMP/small.err"
small_rc=$?
small_kib=$(peak_kib "$E2E_TMP/small.time")
echo "    loowi post --media (9 MB, sent): peak RSS $((small_kib / 1024)) MiB; the same post without it: $((plain_kib / 1024)) MiB"
check "a 9 MB photo is posted" [ "$small_rc" -eq 0 ]
check "(the mock's log does show an upload when there is one)" grep -q 'POST /api/v2/media' "$E2E_TMP/mock.log"
media_url=$(api demo_token "/api/v1/accounts/$(api demo_token /api/v1/accounts/verify_credentials | json 'data["id"]')/statuses?limit=1" | json 'data[0]["media_attachments"][0]["url"]')
check "the server holds the file byte for byte" bash -c "curl -sf '$media_url' | cmp -s - '$small'"
# Holding the 9 MB file once would already be 9 MiB more than the post without it.
check "its upload did not hold the file in memory (under 5 MiB more than the post without it)" \
  [ "${small_kib:-999999999}" -lt $(( ${plain_kib:-0} + 5 * 1024 )) ]

# --- Tokens. ---
requests_before=$(grep -c 'HTTP/1.1"' "$E2E_TMP/mock.log")
run_capture crlf env LOOWI_INSTANCE="$base" LOOWI_TOKEN=$'demo_token\r\nX-Injected: yes' "$LOOWI_BIN" timeline
requests_after=$(grep -c 'HTTP/1.1"' "$E2E_TMP/mock.log")
check "a token with CR LF is refused in plain words" \
  bash -c "[ $(rc crlf) -ne 0 ] && grep -q 'The token holds a line break or another control character, so loowi sent nothing with it\.' '$E2E_TMP/crlf.err'"
check "and no request reached the server ($requests_before, then $requests_after)" [ "$requests_before" -eq "$requests_after" ]
check "the token is not printed" bash -c "! grep -q demo_token '$E2E_TMP/crlf.err' '$E2E_TMP/crlf.out'"

accounts="$XDG_CONFIG_HOME/loowi/accounts.json"
mkdir -p "$(dirname "$accounts")" && chmod 700 "$(dirname "$accounts")"
printf '{"accounts":[{"server":"%s","accessToken":"demo_tok' "$base" >"$accounts" && chmod 600 "$accounts"
run_capture damaged "$LOOWI_BIN" timeline
check "a damaged accounts.json is named as damaged, not as a folder problem" \
  bash -c "grep -q 'The login file $accounts was damaged; loowi set it aside as $accounts.unreadable-' '$E2E_TMP/damaged.err' && ! grep -q 'is yours' '$E2E_TMP/damaged.err'"
check "it was set aside, its bytes kept" bash -c "ls '$accounts'.unreadable-* >/dev/null && grep -q demo_tok '$accounts'.unreadable-* && [ ! -e '$accounts' ]"
printf '{"accounts":[' >"$accounts" && chmod 600 "$accounts"
echo mockcode_demo | "$LOOWI_BIN" login "$base" --silent >"$E2E_TMP/login.out" 2>&1
check "a fresh login over a damaged file saves its new token" \
  bash -c "'$LOOWI_BIN' timeline >/dev/null 2>'$E2E_TMP/after-login.err' && python3 -c 'import json,sys; json.load(open(sys.argv[1]))' '$accounts'"

finish
