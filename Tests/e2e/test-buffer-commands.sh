#!/usr/bin/env bash
# The buffer commands against mastodon-mock with the demo seed: other users mention, favourite,
# follow, write to and reply to the demo user through the API; then notifications (with
# --types, and a wrong --types), conversations, thread by id and by address, favourites and
# bookmarks print one sanitised sentence per item, and one of them speaks into a WAV file.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
start_mock --config "$root/Demo/seed.toml"

clean() { ! LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$E2E_TMP/$1.out" "$E2E_TMP/$1.err"; }

for command in notifications conversations thread favourites bookmarks; do
  check "loowi $command --help" bash -c "'$LOOWI_BIN' $command --help | grep -qi usage"
done

# --- what other people do, through the API ------------------------------------------------------
me=$(api demo_token /api/v1/accounts/verify_credentials | json 'data["id"]')
mine=$(api demo_token /api/v1/statuses --data-urlencode "status=Bread rises best on a warm windowsill $RANDOM" | json 'data["id"]')
api grace_token "/api/v1/statuses/$mine/favourite" -X POST -o /dev/null
api tom_token "/api/v1/statuses/$mine/favourite" -X POST -o /dev/null
api oliver_token "/api/v1/statuses/$mine/favourite" -X POST -o /dev/null
pau=$(api demo_token "/api/v1/accounts/lookup?acct=pau" | json 'data["id"]')
api pau_token "/api/v1/accounts/$me/follow" -X POST -o /dev/null
hostile=$'@demo Red \e[31malert\e[0m \e]0;owned\a here'
api priya_token /api/v1/statuses --data-urlencode "status=$hostile" -o /dev/null
api grace_token /api/v1/statuses --data-urlencode "status=@demo Are you coming on Saturday?" --data-urlencode visibility=direct -o /dev/null
root_post=$(api lucia_token /api/v1/statuses --data-urlencode "status=Which bakery has the best croissants?" | json 'data["id"]')
middle=$(api oliver_token /api/v1/statuses --data-urlencode "status=@lucia The one by the station." --data-urlencode "in_reply_to_id=$root_post" | json 'data["id"]')
api lucia_token /api/v1/statuses --data-urlencode "status=@oliver Thanks, I will try it." --data-urlencode "in_reply_to_id=$middle" -o /dev/null
api tom_token /api/v1/statuses --data-urlencode "status=@lucia Mine, of course." --data-urlencode "in_reply_to_id=$root_post" -o /dev/null
middle_url=$(api demo_token "/api/v1/statuses/$middle" | json 'data["url"]')
# A post that only contains the address: a text search finds it, but it is not the post.
api grace_token /api/v1/statuses --data-urlencode "status=Look at this thread: $middle_url" -o /dev/null

# --- notifications --------------------------------------------------------------------------------
run_capture notes as_demo notifications --count 40
check "notifications: exit 0, no control bytes" bash -c "[ $(rc notes) -eq 0 ] && $(declare -f clean); E2E_TMP='$E2E_TMP' clean notes"
check "three favourites of one post are one line" \
  grep -qE '^Oliver Bennett and 2 others favourited your post: Bread rises best on a warm windowsill [0-9]+\. (just now|[0-9]+ (seconds?|minutes?) ago\.)$' "$E2E_TMP/notes.out"
check "a follow is a sentence" grep -qE '^Pau Soler followed you\. ' "$E2E_TMP/notes.out"
check "a mention is read whole, as plain words" grep -qE '^Priya Shah mentioned you: @demo Red alert here\. ' "$E2E_TMP/notes.out"
check "a direct message says so" grep -qE '^Grace Okafor sent you a direct message: @demo Are you coming on Saturday\?' "$E2E_TMP/notes.out"
run_capture mentions as_demo notifications --types mention --count 40
check "--types mention: only mentions" bash -c "[ $(rc mentions) -eq 0 ] && [ \$(wc -l <'$E2E_TMP/mentions.out') -ge 2 ] && ! grep -vqE '^[^:]+ (mentioned you|sent you a direct message):' '$E2E_TMP/mentions.out'"
run_capture badtypes as_demo notifications --types mention,likes
check "a wrong --types value is named, with the allowed ones" \
  bash -c "[ $(rc badtypes) -ne 0 ] && grep -q '\"likes\" is not a kind of notification' '$E2E_TMP/badtypes.err' && grep -q 'follow_request' '$E2E_TMP/badtypes.err' && [ ! -s '$E2E_TMP/badtypes.out' ]"
run_capture zero as_demo conversations --count 0
check "--count out of range is refused plainly" bash -c "[ $(rc zero) -ne 0 ] && grep -q 'count must be between 1 and 400' '$E2E_TMP/zero.err'"
run_capture two as_demo notifications --count 2
check "--count 2: two notifications" bash -c "[ $(rc two) -eq 0 ] && [ \$(wc -l <'$E2E_TMP/two.out') -eq 2 ]"
run_capture spoken as_demo notifications --types follow --speak --wav "$E2E_TMP/notes.wav"
check "notifications --speak --wav speaks into the file (and prints nothing)" \
  bash -c "[ $(rc spoken) -eq 0 ] && [ ! -s '$E2E_TMP/spoken.out' ] && awk -v s=\$(soxi -D '$E2E_TMP/notes.wav') -v r=\$(sox '$E2E_TMP/notes.wav' -n stat 2>&1 | awk '/RMS     amplitude/ {print \$3}') 'BEGIN{exit !(s > 1 && r > 0.01)}'"

# --- conversations --------------------------------------------------------------------------------
run_capture dms as_demo conversations
check "conversations: with whom, unread, the last message" \
  bash -c "[ $(rc dms) -eq 0 ] && grep -qE '^With Grace Okafor(, unread)?\. Grace Okafor wrote: @demo Are you coming on Saturday\?' '$E2E_TMP/dms.out'"
check "conversations: no control bytes" bash -c "$(declare -f clean); E2E_TMP='$E2E_TMP' clean dms"

# --- thread -------------------------------------------------------------------------------------
run_capture thread as_demo thread "$middle"
expected="Lucía Fernández. Which bakery has the best croissants?
Oliver Bennett. In reply to Lucía Fernández. @lucia The one by the station.
Lucía Fernández. In reply to Oliver Bennett. @oliver Thanks, I will try it."
check "thread by id: what it answers, the post, the replies, in reading order" \
  bash -c "[ $(rc thread) -eq 0 ] && [ \"\$(sed -E 's/ (just now|[0-9]+ (seconds?|minutes?) ago\.)\$//' '$E2E_TMP/thread.out')\" = \"$expected\" ]"
run_capture whole as_demo thread "$root_post"
check "thread of the first post: Tom's reply after Oliver's branch" \
  bash -c "[ \$(wc -l <'$E2E_TMP/whole.out') -eq 4 ] && sed -n 4p '$E2E_TMP/whole.out' | grep -q '^Tom Walsh\. In reply to Lucía Fernández\. @lucia Mine, of course\.'"
run_capture byurl as_demo thread "$middle_url"
check "thread by address is the same thread" bash -c "[ $(rc byurl) -eq 0 ] && diff -q <(sed -E 's/ (just now|[0-9]+ (seconds?|minutes?) ago\.)\$//' '$E2E_TMP/byurl.out') <(sed -E 's/ (just now|[0-9]+ (seconds?|minutes?) ago\.)\$//' '$E2E_TMP/thread.out') >/dev/null"
run_capture nothread as_demo thread 99999999999
check "a post that does not exist is a plain message" bash -c "[ $(rc nothread) -eq 1 ] && grep -q '^loowi: There is no post 99999999999 on 127.0.0.1:$port; it may have been deleted' '$E2E_TMP/nothread.err' && ! grep -qiE 'fatal error|\.swift:[0-9]' '$E2E_TMP/nothread.err'"
run_capture badurl as_demo thread "ftp://x/y"
check "something that is neither id nor address is refused plainly" bash -c "[ $(rc badurl) -ne 0 ] && grep -q 'neither a post' '$E2E_TMP/badurl.err'"

# --- favourites and bookmarks ---------------------------------------------------------------------
run_capture nofav as_demo favourites
check "favourites, none yet" bash -c "[ \"\$(cat '$E2E_TMP/nofav.out')\" = 'No favourites.' ]"
api demo_token "/api/v1/statuses/$root_post/favourite" -X POST -o /dev/null
api demo_token "/api/v1/statuses/$middle/bookmark" -X POST -o /dev/null
run_capture fav as_demo favourites --ids
check "favourites lists the favourited post, with its id" grep -qE "^$root_post Lucía Fernández\. Which bakery has the best croissants\?" "$E2E_TMP/fav.out"
run_capture marks as_demo bookmarks
check "bookmarks lists the bookmarked post, saying whom it answers" \
  bash -c "[ \$(wc -l <'$E2E_TMP/marks.out') -eq 1 ] && grep -q '^Oliver Bennett\. In reply to lucia\. @lucia The one by the station\.' '$E2E_TMP/marks.out'"
# bookmark and unbookmark, by id: said once, said again as "already", checked on the server.
run_capture bm as_demo bookmark "$root_post"
check "bookmark says whose post it bookmarked" bash -c "[ $(rc bm) -eq 0 ] && [ \"\$(cat '$E2E_TMP/bm.out')\" = \"Bookmarked Lucía Fernández's post.\" ]"
state=$(api demo_token "/api/v1/statuses/$root_post" | json 'data["bookmarked"]')
check "the server has the bookmark" [ "$state" = True ]
run_capture bm2 as_demo bookmark "$root_post"
check "a second bookmark changes nothing, and says so" grep -qx "Lucía Fernández's post was bookmarked already." "$E2E_TMP/bm2.out"
run_capture unbm as_demo unbookmark "$root_post"
check "unbookmark takes it back" bash -c "[ $(rc unbm) -eq 0 ] && grep -qx \"Removed Lucía Fernández's post from your bookmarks.\" '$E2E_TMP/unbm.out'"
state=$(api demo_token "/api/v1/statuses/$root_post" | json 'data["bookmarked"]')
check "the server no longer has it" [ "$state" = False ]
run_capture bmgone as_demo bookmark 999999999
check "a post that is not there is one plain line, with a non-zero exit" bash -c "[ $(rc bmgone) -ne 0 ] && grep -q 'There is no post 999999999' '$E2E_TMP/bmgone.err'"

# The lists in config.toml's language (the words around the posts; the posts as written).
mkdir -p "$E2E_TMP/es-config/loowi"
printf 'language = "es"\n' >"$E2E_TMP/es-config/loowi/config.toml"
run_capture marks_es env XDG_CONFIG_HOME="$E2E_TMP/es-config" LOOWI_INSTANCE="$base" LOOWI_TOKEN=demo_token "$LOOWI_BIN" bookmarks
check "bookmarks in Spanish when config.toml says es" grep -q '^Oliver Bennett\. En respuesta a lucia\. @lucia The one by the station\.' "$E2E_TMP/marks_es.out"
run_capture tl_es env XDG_CONFIG_HOME="$E2E_TMP/es-config" LOOWI_INSTANCE="$base" LOOWI_TOKEN=demo_token "$LOOWI_BIN" timeline --count 3
check "timeline in Spanish when config.toml says es" grep -qE '(hace|ahora mismo)' "$E2E_TMP/tl_es.out"
printf 'language = "ca"\n' >"$E2E_TMP/es-config/loowi/config.toml"
run_capture nofav_ca env XDG_CONFIG_HOME="$E2E_TMP/es-config" LOOWI_INSTANCE="$base" LOOWI_TOKEN=grace_token "$LOOWI_BIN" bookmarks
check "an empty list in Catalan when config.toml says ca" bash -c "[ \"\$(cat '$E2E_TMP/nofav_ca.out')\" = 'No hi ha marcadors.' ]"
check "no control bytes in any output" bash -c "! LC_ALL=C grep -l \$'[\\x01-\\x08\\x0b-\\x1f\\x7f]' '$E2E_TMP'/*.out '$E2E_TMP'/*.err"
# E2E_KEEP=DIR keeps what the commands printed and the WAV, to read after a failure.
[ -n "${E2E_KEEP:-}" ] && cp "$E2E_TMP"/*.out "$E2E_TMP"/*.err "$E2E_TMP"/*.wav "$E2E_KEEP"/
finish
