#!/usr/bin/env bash
# The account commands against mastodon-mock with the project's demo seed: timeline, post,
# follow, unfollow, dm (to a follower, and refused to someone who is not), login with a code
# on standard input, accounts, logout, plain errors; and `loowi demo` starting and stopping
# its own server on every way out.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
start_mock --config "$root/Demo/seed.toml"

export base
export -f api json
no_trace() { ! grep -qiE 'fatal error|stack|backtrace|\.swift:[0-9]' "$E2E_TMP/$1.err"; }

for command in run demo login logout accounts timeline post dm follow unfollow; do
  check "loowi $command --help" bash -c "'$LOOWI_BIN' $command --help | grep -qi usage"
done

# --- timeline: one sanitised post per line --------------------------------------------------
# A hostile post: escape sequences (colour, window title, cursor moves) in the text.
hostile=$'Red \e[31malert\e[0m \e]0;owned\a and \e[2J cleared'
api grace_token /api/v1/statuses --data-urlencode "status=$hostile" -o /dev/null
# A post behind a content warning, and a boost (the seed cannot make either).
api tom_token /api/v1/statuses --data-urlencode "status=The narrator did it." --data-urlencode "spoiler_text=Finale spoilers" -o /dev/null
boosted=$(api priya_token /api/v1/statuses --data-urlencode "status=New cycling map is out" | json 'data["id"]')
api oliver_token "/api/v1/statuses/$boosted/reblog" -X POST -o /dev/null
run_capture timeline as_demo timeline --count 30
check "timeline prints 30 posts, one per line" bash -c "[ \$(wc -l <'$E2E_TMP/timeline.out') -eq 30 ] && [ $(rc timeline) -eq 0 ]"
check "timeline names authors and times" bash -c "grep -q '^Grace Okafor\. ' '$E2E_TMP/timeline.out' && grep -qE '(now|ago)\.?\$' '$E2E_TMP/timeline.out'"
check "timeline output has no escape or control bytes" bash -c "! LC_ALL=C grep -q \$'[\\x01-\\x08\\x0b-\\x1f\\x7f]' '$E2E_TMP/timeline.out'"
check "the hostile post is there, as plain words" grep -q 'Red alert' "$E2E_TMP/timeline.out"
check "a boost is read with who boosted it" grep -q '^Oliver Bennett boosted Priya Shah: New cycling map is out' "$E2E_TMP/timeline.out"
check "a content warning is read before the text" grep -q '^Tom Walsh\. Content warning: Finale spoilers\. The narrator did it\.' "$E2E_TMP/timeline.out"
# libcurl brings GnuTLS along (through librtmp and libldap) but loowi never uses it: the
# loader binds GnuTLS's question "skip the implicit set-up?" to loowi's own answer, so its
# constructor does nothing (about 0.6 MiB resident and 0.8 M instructions a print).
LD_DEBUG=bindings LD_DEBUG_OUTPUT="$E2E_TMP/bindings" as_demo timeline --count 1 >/dev/null 2>&1
gnutls_asks_loowi() { grep -qE 'binding file [^ ]*libgnutls[^ ]* \[0\] to [^ ]*loowi \[0\]: normal symbol .?_gnutls_global_init_skip' "$E2E_TMP"/bindings.*; }
check "GnuTLS, loaded with libcurl, is not set up (its skip question bound to loowi)" gnutls_asks_loowi
run_capture carmen as_demo timeline @carmen --count 5 --ids
check "timeline @carmen: only Carmen's posts, with ids" bash -c "[ \$(wc -l <'$E2E_TMP/carmen.out') -eq 5 ] && ! grep -vqE '^[0-9]+ Carmen Ruiz\. ' '$E2E_TMP/carmen.out'"
run_capture spoken as_demo timeline --count 3 --speak --wav "$E2E_TMP/timeline.wav"
check "timeline --speak --wav speaks the posts into the file (and prints nothing)" \
  bash -c "[ $(rc spoken) -eq 0 ] && [ ! -s '$E2E_TMP/spoken.out' ] && awk -v s=\$(soxi -D '$E2E_TMP/timeline.wav') 'BEGIN{exit !(s > 3)}'"

# --- post -------------------------------------------------------------------------------------
text="Testing loowi from the command line $RANDOM ✨"
run_capture post as_demo post "$text" --cw "A test"
check "post says it posted" bash -c "[ $(rc post) -eq 0 ] && grep -q '^Posted (id [0-9]*)\.' '$E2E_TMP/post.out'"
me=$(api demo_token /api/v1/accounts/verify_credentials | json 'data["id"]')
latest() { api demo_token "/api/v1/accounts/$me/statuses?limit=1" | json "$1"; }
check "the server recorded the post, with its content warning" \
  bash -c "[ \"\$(api demo_token /api/v1/accounts/$me/statuses?limit=1 | python3 -c 'import json,sys; s=json.load(sys.stdin)[0]; print(s[\"spoiler_text\"])')\" = 'A test' ]"
check "the post's text is on the server" bash -c "api demo_token '/api/v1/accounts/$me/statuses?limit=1' | grep -qF \"\$(printf %s '$text' | cut -c1-40)\""
parent=$(latest 'data[0]["id"]')
run_capture reply as_demo post "A reply to myself" --reply-to "$parent" --visibility unlisted
check "post --reply-to is recorded as a reply" bash -c "[ \"\$(api demo_token '/api/v1/accounts/$me/statuses?limit=1' | python3 -c 'import json,sys; s=json.load(sys.stdin)[0]; print(s[\"in_reply_to_id\"], s[\"visibility\"])')\" = '$parent unlisted' ]"
run_capture direct as_demo post "secret" --visibility direct
check "post --visibility direct points to loowi dm" bash -c "[ $(rc direct) -ne 0 ] && grep -q 'loowi dm' '$E2E_TMP/direct.err'"
# The account's own default visibility is used, never public unless chosen (issue 9, defect 8).
export me; export -f latest
api demo_token /api/v1/accounts/update_credentials -X PATCH --data "source[privacy]=private" -o /dev/null
run_capture private as_demo post "Only for my followers $RANDOM"
check "with a followers-only default, a post is followers-only" bash -c "[ $(rc private) -eq 0 ] && [ \"\$(latest 'data[0][\"visibility\"]')\" = private ]"
run_capture chosen as_demo post "Chosen public $RANDOM" --visibility public
check "--visibility public still makes it public" bash -c "[ \"\$(latest 'data[0][\"visibility\"]')\" = public ]"
private_parent=$(api demo_token "/api/v1/accounts/$me/statuses?limit=2" | json 'data[1]["id"]')
run_capture narrow as_demo post "A wider reply $RANDOM" --reply-to "$private_parent" --visibility public
check "a reply is never wider than the followers-only post it answers" bash -c "[ \"\$(latest 'data[0][\"visibility\"]')\" = private ]"
api demo_token /api/v1/accounts/update_credentials -X PATCH --data "source[privacy]=public" -o /dev/null

# --- follow / unfollow ------------------------------------------------------------------------
relationship() {  # relationship USERNAME FIELD
  local id; id=$(api demo_token "/api/v1/accounts/lookup?acct=$1" | json 'data["id"]')
  api demo_token "/api/v1/accounts/relationships?id[]=$id" | json "data[0][\"$2\"]"
}
export -f relationship
run_capture follow as_demo follow @pau
check "follow @pau: Now following Pau Soler." bash -c "[ \"\$(cat '$E2E_TMP/follow.out')\" = 'Now following Pau Soler.' ]"
check "the server records the follow" bash -c "[ \"\$(relationship pau following)\" = True ]"
run_capture locked as_demo follow @carmen
check "follow @carmen (locked): Follow requested." bash -c "grep -q '^Follow requested\.' '$E2E_TMP/locked.out' && [ \"\$(relationship carmen requested)\" = True ]"
run_capture unfollow as_demo unfollow @grace
check "unfollow @grace: Stopped following Grace Okafor." bash -c "[ \"\$(cat '$E2E_TMP/unfollow.out')\" = 'Stopped following Grace Okafor.' ] && [ \"\$(relationship grace following)\" = False ]"
run_capture unfollow2 as_demo unfollow @grace
check "unfollow @grace again: you were not following her" bash -c "[ \"\$(cat '$E2E_TMP/unfollow2.out')\" = 'You were not following Grace Okafor; nothing changed.' ]"

# --- dm ---------------------------------------------------------------------------------------
note="Are you coming on Saturday $RANDOM?"
run_capture dm as_demo dm @grace "$note"
check "dm to a follower is sent" bash -c "[ $(rc dm) -eq 0 ] && grep -q 'Direct message sent to Grace Okafor' '$E2E_TMP/dm.out'"
check "the server recorded it as a direct post" \
  bash -c "api demo_token '/api/v1/accounts/$me/statuses?limit=1' | python3 -c 'import json,sys; s=json.load(sys.stdin)[0]; assert s[\"visibility\"] == \"direct\" and \"$note\" in s[\"content\"], s'"
before=$(latest 'data[0]["id"]')
run_capture refused as_demo dm @priya "Hello Priya"
check "dm to someone who does not follow you is refused, plainly" \
  bash -c "[ $(rc refused) -ne 0 ] && grep -q '@priya does not follow you' '$E2E_TMP/refused.err' && [ ! -s '$E2E_TMP/refused.out' ]"
check "nothing was sent to Priya" bash -c "[ \"\$(api demo_token '/api/v1/accounts/$me/statuses?limit=1' | json 'data[0][\"id\"]')\" = '$before' ]"
check "the refusal names the setting that allows it" grep -qF 'loowi config set dm_followers_only false' "$E2E_TMP/refused.err"
"$LOOWI_BIN" config set dm_followers_only false >/dev/null
run_capture allowed as_demo dm @priya "Hello Priya"
check "with dm_followers_only false, dm to someone who does not follow you is sent" \
  bash -c "[ $(rc allowed) -eq 0 ] && grep -q 'Direct message sent to' '$E2E_TMP/allowed.out'"
"$LOOWI_BIN" config unset dm_followers_only >/dev/null

# --- plain errors -----------------------------------------------------------------------------
run_capture nobody as_demo follow @nobody
check "an unknown handle is named, with a non-zero exit" bash -c "[ $(rc nobody) -ne 0 ] && grep -q 'There is no account @nobody on 127.0.0.1:$port\\.' '$E2E_TMP/nobody.err' && $(declare -f no_trace); E2E_TMP='$E2E_TMP' no_trace nobody"
run_capture plainlogin "$LOOWI_BIN" login "127.0.0.1:$port" --silent </dev/null
check "login without http:// to a plain-HTTP server says it did not answer in HTTPS" \
  bash -c "[ $(rc plainlogin) -ne 0 ] && grep -q 'did not answer in HTTPS' '$E2E_TMP/plainlogin.err' && ! grep -q 'certificate' '$E2E_TMP/plainlogin.err'"
run_capture first "$LOOWI_BIN" timeline
check "no account: the first-run message" bash -c "[ $(rc first) -ne 0 ] && grep -q 'No account yet' '$E2E_TMP/first.err' && grep -q 'loowi login mastodon.social' '$E2E_TMP/first.err'"
run_capture norun "$LOOWI_BIN" run --silent
check "loowi with no account says the first-run message and exits 1" bash -c "[ $(rc norun) -eq 1 ] && grep -q 'No account yet' '$E2E_TMP/norun.err'"
run_capture down env LOOWI_INSTANCE=http://127.0.0.1:9 LOOWI_TOKEN=x "$LOOWI_BIN" timeline
check "a server that is down is a plain message" bash -c "[ $(rc down) -ne 0 ] && [ \$(wc -l <'$E2E_TMP/down.err') -eq 1 ] && grep -q '^loowi cannot reach the server\.' '$E2E_TMP/down.err'"
run_capture badtoken env LOOWI_INSTANCE="$base" LOOWI_TOKEN=wrong "$LOOWI_BIN" timeline
check "a bad token is a plain message" bash -c "[ $(rc badtoken) -ne 0 ] && grep -qi 'login is no longer valid' '$E2E_TMP/badtoken.err'"
run_capture half env LOOWI_INSTANCE="$base" "$LOOWI_BIN" timeline
check "LOOWI_INSTANCE without LOOWI_TOKEN is explained" grep -q 'LOOWI_TOKEN is not' "$E2E_TMP/half.err"

# --- login, accounts, logout ------------------------------------------------------------------
run_capture login bash -c "echo mockcode_grace | '$LOOWI_BIN' login '$base' --silent"
check "login with the code on stdin" bash -c "[ $(rc login) -eq 0 ] && grep -q '^Logged in as @grace@127.0.0.1:$port\.\$' '$E2E_TMP/login.out'"
check "login prints the authorisation address" grep -q "$base/oauth/authorize?" "$E2E_TMP/login.out"
accounts_file="$XDG_CONFIG_HOME/loowi/accounts.json"
check "the token file is mode 600" bash -c "[ \"\$(stat -c %a '$accounts_file')\" = 600 ]"
token=$(python3 -c "import json; print(json.load(open('$accounts_file'))['accounts'][0]['accessToken'])")
run_capture accounts "$LOOWI_BIN" accounts
check "accounts lists the login as current" bash -c "[ \"\$(cat '$E2E_TMP/accounts.out')\" = '@grace@127.0.0.1:$port (current)' ]"
run_capture saved "$LOOWI_BIN" timeline --count 3 --account grace
check "a saved account works (--account by username)" bash -c "[ $(rc saved) -eq 0 ] && [ \$(wc -l <'$E2E_TMP/saved.out') -eq 3 ]"
check "the token was never printed" bash -c "[ -n '$token' ] && ! cat '$E2E_TMP'/*.out '$E2E_TMP'/*.err | grep -qF '$token'"
run_capture eof bash -c "'$LOOWI_BIN' login '$base' --silent </dev/null"
check "login with no code (end of input) fails clearly" bash -c "[ $(rc eof) -ne 0 ] && grep -q 'No code was given' '$E2E_TMP/eof.err'"
run_capture logout "$LOOWI_BIN" logout
check "logout" bash -c "[ \"\$(cat '$E2E_TMP/logout.out')\" = 'Logged out of @grace@127.0.0.1:$port.' ]"
check "logout revoked the token on the server" bash -c "! api '$token' /api/v1/accounts/verify_credentials -o /dev/null"
run_capture after "$LOOWI_BIN" accounts
check "no saved accounts after logout" grep -q '^No saved accounts' "$E2E_TMP/after.out"

# --- demo: its own server, stopped on every way out ---------------------------------------------
mock_on() { pgrep -f -- "--port $1 " >/dev/null; }
gone_within() {  # gone_within PORT SECONDS
  local end=$((SECONDS + $2))
  while [ $SECONDS -lt $end ]; do mock_on "$1" || return 0; sleep 0.1; done
  ! mock_on "$1"
}
demo_port=$(free_port)
run_capture demo timeout 60 "$LOOWI_BIN" demo --silent --port "$demo_port"
check "demo starts its server and says where" grep -q "The demo server is at http://127.0.0.1:$demo_port. You are @demo@127.0.0.1:$demo_port" "$E2E_TMP/demo.out"
check "demo leaves no server behind when it ends" gone_within "$demo_port" 5
check "demo's port is free again" bash -c "! curl -sf 'http://127.0.0.1:$demo_port/health' -o /dev/null"
check "demo did not touch the saved accounts" bash -c "grep -q '^No saved accounts' <('$LOOWI_BIN' accounts)"
for sig in TERM INT KILL; do
  demo_port=$(free_port)
  "$LOOWI_BIN" demo --silent --port "$demo_port" >/dev/null 2>&1 &
  demo_pid=$!
  for _ in $(seq 100); do mock_on "$demo_port" && break; sleep 0.05; done
  started=no; mock_on "$demo_port" && started=yes
  kill -"$sig" "$demo_pid" 2>/dev/null; wait "$demo_pid" 2>/dev/null
  check "demo killed with SIG$sig stops its server" bash -c "[ $started = yes ] && $(declare -f mock_on gone_within); gone_within $demo_port 10"
done
bad_port=$(free_port)
run_capture nomock env LOOWI_MOCK=/nonexistent/mastodon_mock "$LOOWI_BIN" demo --silent
check "demo without the mock explains what to set" bash -c "[ $(rc nomock) -ne 0 ] && grep -q 'LOOWI_MOCK' '$E2E_TMP/nomock.err'"
finish
