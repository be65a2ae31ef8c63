#!/usr/bin/env bash
# What a user does with a post or a person from the command line, against mastodon-mock with
# the demo seed, each checked on the server's state: delete and edit your own posts (someone
# else's is refused and nothing is sent), vote in a poll (1-based; a number out of range, a
# second vote and a post without a poll are refused plainly), mute, unmute, block and unblock.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
start_mock --config "$root/Demo/seed.toml"

for command in delete edit vote mute unmute block unblock search tag lists; do
  check "loowi $command --help" bash -c "'$LOOWI_BIN' $command --help | grep -qi usage"
done

mine=$(api demo_token /api/v1/statuses --data-urlencode "status=Soup of the day is leek $RANDOM" --data-urlencode "spoiler_text=food" | json 'data["id"]')
theirs=$(api grace_token /api/v1/statuses --data-urlencode "status=The river is high today" | json 'data["id"]')
poll=$(api grace_token /api/v1/statuses -H 'Content-Type: application/json' \
  -d '{"status": "Tea or coffee?", "poll": {"options": ["Tea", "Coffee"], "expires_in": 3600}}' | json 'data["id"]')
votes() { api demo_token "/api/v1/statuses/$poll" | json '",".join(str(o["votes_count"]) for o in data["poll"]["options"])'; }

# --- edit -------------------------------------------------------------------------------------------
run_capture edit as_demo edit "$mine" "Soup of the day is pumpkin"
check "edit says which post, with its new words" bash -c "[ $(rc edit) -eq 0 ] && grep -qx 'Edited your post: Soup of the day is pumpkin' '$E2E_TMP/edit.out'"
now=$(api demo_token "/api/v1/statuses/$mine" | json 'data["content"] + "|" + data["spoiler_text"] + "|" + str(bool(data["edited_at"]))')
check "the server has the new text, the warning kept, and marks it edited" bash -c "[[ '$now' == *pumpkin*'|food|True' ]]"
run_capture edittheirs as_demo edit "$theirs" "Mine now"
check "editing someone else's post is refused plainly" \
  bash -c "[ $(rc edittheirs) -ne 0 ] && grep -q \"That post is Grace Okafor's, not yours: loowi can only edit your own posts. Nothing was changed.\" '$E2E_TMP/edittheirs.err'"
check "and their post is unchanged" bash -c "api() { curl -sf -H 'Authorization: Bearer grace_token' '$base'\"\$1\"; }; api /api/v1/statuses/$theirs | grep -q 'The river is high today'"
run_capture badlang as_demo edit "$mine" "Sopa" --language "español!"
check "a language that is no code is refused before anything is sent" bash -c "[ $(rc badlang) -ne 0 ] && grep -q 'language' '$E2E_TMP/badlang.err'"

# --- vote -------------------------------------------------------------------------------------------
run_capture vote9 as_demo vote "$poll" 9
check "a choice out of range is refused plainly, nothing sent" \
  bash -c "[ $(rc vote9) -ne 0 ] && grep -q 'There is no choice 9: this poll has 2.' '$E2E_TMP/vote9.err' && [ \"$(votes)\" = 0,0 ]"
run_capture votetwo as_demo vote "$poll" 1 2
check "two choices in a one-choice poll are refused" bash -c "[ $(rc votetwo) -ne 0 ] && grep -q 'This poll takes one choice only.' '$E2E_TMP/votetwo.err'"
run_capture vote as_demo vote "$poll" 2
check "a vote says what was chosen" bash -c "[ $(rc vote) -eq 0 ] && grep -qx 'Voted: Coffee.' '$E2E_TMP/vote.out'"
check "the server counts it once, 0-based choice 1 (Coffee)" [ "$(votes)" = 0,1 ]
run_capture voteagain as_demo vote "$poll" 1
check "a second vote is refused plainly" \
  bash -c "[ $(rc voteagain) -ne 0 ] && grep -q 'You have already voted in this poll.' '$E2E_TMP/voteagain.err' && [ \"$(votes)\" = 0,1 ]"
run_capture nopoll as_demo vote "$theirs" 1
check "a post without a poll says so" bash -c "[ $(rc nopoll) -ne 0 ] && grep -q 'That post has no poll.' '$E2E_TMP/nopoll.err'"

# --- delete -----------------------------------------------------------------------------------------
run_capture deltheirs as_demo delete "$theirs"
check "deleting someone else's post is refused plainly" \
  bash -c "[ $(rc deltheirs) -ne 0 ] && grep -q \"not yours: loowi can only delete your own posts\" '$E2E_TMP/deltheirs.err'"
check "and it is still there" bash -c "curl -sf -H 'Authorization: Bearer grace_token' '$base/api/v1/statuses/$theirs' >/dev/null"
run_capture del as_demo delete "$mine"
check "delete says which post" bash -c "[ $(rc del) -eq 0 ] && grep -qx 'Deleted your post: Soup of the day is pumpkin' '$E2E_TMP/del.out'"
check "the server no longer has it" bash -c "! curl -sf -H 'Authorization: Bearer demo_token' '$base/api/v1/statuses/$mine' >/dev/null"
run_capture delagain as_demo delete "$mine"
check "deleting it again is one plain line" bash -c "[ $(rc delagain) -ne 0 ] && grep -q 'There is no post $mine' '$E2E_TMP/delagain.err'"

# --- mute, unmute, block, unblock -------------------------------------------------------------------
tom=$(api demo_token "/api/v1/accounts/lookup?acct=tom" | json 'data["id"]')
relation() { api demo_token "/api/v1/accounts/relationships?id%5B%5D=$tom" | json "str(data[0][\"$1\"])"; }
run_capture mute as_demo mute @tom
check "mute says whom, and what it means" bash -c "[ $(rc mute) -eq 0 ] && grep -q '^Muted Tom .*(@tom): their posts no longer reach your timelines\.$' '$E2E_TMP/mute.out'"
check "the server mutes tom" [ "$(relation muting)" = True ]
run_capture unmute as_demo unmute tom
check "unmute" bash -c "[ $(rc unmute) -eq 0 ] && grep -q '^Unmuted Tom' '$E2E_TMP/unmute.out' && [ \"$(relation muting)\" = False ]"
run_capture block as_demo block @tom
check "block" bash -c "[ $(rc block) -eq 0 ] && grep -q '^Blocked Tom' '$E2E_TMP/block.out'"
check "the server blocks tom" [ "$(relation blocking)" = True ]
run_capture unblock as_demo unblock @tom
check "unblock" bash -c "[ $(rc unblock) -eq 0 ] && grep -q '^Unblocked Tom' '$E2E_TMP/unblock.out' && [ \"$(relation blocking)\" = False ]"
run_capture nobody as_demo mute @nobody_here
check "an unknown handle is one plain line" bash -c "[ $(rc nobody) -ne 0 ] && grep -q 'There is no account @nobody_here' '$E2E_TMP/nobody.err'"

# --- media with alt text ---------------------------------------------------------------------------
python3 -c "import base64,sys; sys.stdout.buffer.write(base64.b64decode('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='))" >"$E2E_TMP/loaf.png"
printf 'just words\n' >"$E2E_TMP/notes.txt"
posts_now() { api demo_token "/api/v1/accounts/$(api demo_token /api/v1/accounts/verify_credentials | json 'data["id"]')/statuses?limit=40" | json 'len(data)'; }
before=$(posts_now)
run_capture notmedia as_demo post "A text file" --media "$E2E_TMP/notes.txt" --alt "words"
after=$(posts_now)
check "a file that is not media is refused plainly, nothing sent" \
  bash -c "[ $(rc notmedia) -ne 0 ] && grep -q 'notes.txt is not an image, a video or a sound file' '$E2E_TMP/notmedia.err' && [ '$after' = '$before' ]"
run_capture missing as_demo post "Nothing" --media "$E2E_TMP/nowhere.png" --alt "x"
check "a missing file is refused plainly" bash -c "[ $(rc missing) -ne 0 ] && grep -q 'There is no file' '$E2E_TMP/missing.err'"
run_capture noalt as_demo post "A loaf" --media "$E2E_TMP/loaf.png" </dev/null
after=$(posts_now)
check "no description: refused, saying how to give one, nothing sent" \
  bash -c "[ $(rc noalt) -ne 0 ] && grep -q 'loaf.png has no description. Give one with --alt' '$E2E_TMP/noalt.err' && [ '$after' = '$before' ]"
run_capture media as_demo post "Fresh from the oven" --media "$E2E_TMP/loaf.png" --alt "A round loaf on a wooden board"
mediaid=$(api demo_token "/api/v1/accounts/$(api demo_token /api/v1/accounts/verify_credentials | json 'data["id"]')/statuses?limit=1" | json 'data[0]["media_attachments"][0]["description"] + "|" + data[0]["media_attachments"][0]["type"]')
check "a post with an image and its description" bash -c "[ $(rc media) -eq 0 ] && [ '$mediaid' = 'A round loaf on a wooden board|image' ]"
run_capture sensitive as_demo post "After the surgery" --media "$E2E_TMP/loaf.png" --alt "A stitched knee" --sensitive
marked=$(api demo_token "/api/v1/accounts/$(api demo_token /api/v1/accounts/verify_credentials | json 'data["id"]')/statuses?limit=1" | json 'str(data[0]["sensitive"]) + "|" + data[0]["spoiler_text"]')
check "--sensitive marks the media sensitive without a warning" bash -c "[ $(rc sensitive) -eq 0 ] && [ '$marked' = 'True|' ]"
run_capture timeline_media as_demo timeline --count 2
check "the timeline reads the image's description" grep -q 'Image: A round loaf on a wooden board' "$E2E_TMP/timeline_media.out"

# --- a poll with the post ----------------------------------------------------------------------------
run_capture pollpost as_demo post "Where shall we meet?" --poll-option "The bakery" --poll-option "The station" --poll-hours 2 --multiple-choice
made=$(api demo_token "/api/v1/accounts/$(api demo_token /api/v1/accounts/verify_credentials | json 'data["id"]')/statuses?limit=1" \
  | json '"|".join(o["title"] for o in data[0]["poll"]["options"]) + " " + str(data[0]["poll"]["multiple"])')
check "a post with a poll: its choices and several allowed, on the server" bash -c "[ $(rc pollpost) -eq 0 ] && [ '$made' = 'The bakery|The station True' ]"
run_capture onechoice as_demo post "Just one?" --poll-option "Yes"
check "a poll of one choice is refused before anything is sent" bash -c "[ $(rc onechoice) -ne 0 ] && grep -q 'A poll needs 2 to 4 choices; this one has 1.' '$E2E_TMP/onechoice.err'"

# --- search and hashtags -----------------------------------------------------------------------------
api lucia_token /api/v1/statuses --data-urlencode "status=Fresh loaves today #sourdough" -o /dev/null
run_capture search as_demo search sourdough
check "search lists people, hashtags and posts, each saying which" \
  bash -c "[ $(rc search) -eq 0 ] && grep -q '^Hashtag: #sourdough' '$E2E_TMP/search.out' && grep -q '^Post: Lucía Fernández\. Fresh loaves today' '$E2E_TMP/search.out'"
run_capture searchpeople as_demo search lucia
check "a person is found" grep -q '^Person: Lucía Fernández, @lucia$' "$E2E_TMP/searchpeople.out"
run_capture nothing as_demo search qwxzv
check "nothing found is one line" bash -c "[ $(rc nothing) -eq 0 ] && [ \"\$(cat '$E2E_TMP/nothing.out')\" = 'Nothing found.' ]"
run_capture tag as_demo tag '#sourdough' --ids
check "tag lists the hashtag's posts with their ids, the tag read as its word" grep -qE '^[0-9]+ Lucía Fernández\. Fresh loaves today sourdough\.' "$E2E_TMP/tag.out"
run_capture badtag as_demo tag '###'
check "a name that is no hashtag is refused plainly" bash -c "[ $(rc badtag) -ne 0 ] && grep -q 'is not a hashtag' '$E2E_TMP/badtag.err'"

# --- lists ----------------------------------------------------------------------------------------
run_capture nolists as_demo lists
check "no lists yet is one line" bash -c "[ $(rc nolists) -eq 0 ] && [ \"\$(cat '$E2E_TMP/nolists.out')\" = 'You have no lists.' ]"
listid=$(api demo_token /api/v1/lists --data-urlencode "title=Bakers" | json 'data["id"]')
run_capture lists as_demo lists --ids
check "lists prints each list with its id" grep -qx "$listid Bakers" "$E2E_TMP/lists.out"

# --- server-side filters ---------------------------------------------------------------------------
api demo_token /api/v2/filters -H 'Content-Type: application/json' -o /dev/null \
  -d '{"title": "adverts", "context": ["home", "notifications"], "filter_action": "hide", "keywords_attributes": [{"keyword": "discount"}]}'
api demo_token /api/v2/filters -H 'Content-Type: application/json' -o /dev/null \
  -d '{"title": "politics", "context": ["home"], "filter_action": "warn", "keywords_attributes": [{"keyword": "election"}]}'
api grace_token /api/v1/statuses --data-urlencode "status=Huge discount on bread today" -o /dev/null
api grace_token /api/v1/statuses --data-urlencode "status=The election is on Sunday" -o /dev/null
run_capture filtered as_demo timeline --count 10
check "a hide filter's post is not listed" bash -c "[ $(rc filtered) -eq 0 ] && ! grep -q 'discount' '$E2E_TMP/filtered.out'"
check "a warn filter's post says which filter" grep -q '^Grace Okafor\. Filtered: politics\. The election is on Sunday' "$E2E_TMP/filtered.out"

finish
