#!/usr/bin/env bash
# The command line: help for every command, clear errors for bad input, the sound list, and
# the benchmark's JSON keys.
source "$(dirname "$0")/lib.sh"

for command in "" say voices sounds bench; do
  check "loowi $command --help" bash -c "'$LOOWI_BIN' $command --help | grep -qi usage"
done

expect_error() {  # expect_error "MESSAGE PART" ARGS...
  local want="$1"; shift
  local output status
  output=$("$LOOWI_BIN" "$@" 2>&1); status=$?
  [ "$status" -ne 0 ] && grep -qF "$want" <<<"$output" || { echo "    got (exit $status): $output"; return 1; }
}
# Mistakes in the command line itself: said on stderr with the usage, exit status 64, nothing
# on stdout; help on stdout, status 0.
usage_error() {  # usage_error "MESSAGE PART" ARGS...
  local want="$1"; shift
  local out err status
  out=$("$LOOWI_BIN" "$@" 2>"$E2E_TMP/usage.err"); status=$?; err=$(cat "$E2E_TMP/usage.err")
  [ "$status" -eq 64 ] && [ -z "$out" ] && grep -q '^Error: ' <<<"$err" && grep -qF -- "$want" <<<"$err" && grep -q '^Usage: loowi' <<<"$err" \
    || { echo "    got (exit $status): $out / $err"; return 1; }
}
check "a mistyped command is named with the right one" usage_error '"timelne" is not a command of loowi. Did you mean timeline?' timelne
check "a mistyped option is named with the right one" usage_error 'There is no option --cont. Did you mean --count?' timeline --cont 5
check "a value of the wrong kind says what it takes" usage_error '--count takes a whole number, not "five".' notifications --count five
check "a missing argument is named with its help" usage_error 'Missing <handle>: Who to follow' follow
check "a file and silence together are refused, not one chosen quietly" usage_error 'Choose one of --wav and --silent.' say Hello --wav "$E2E_TMP/x.wav" --silent
check "and it makes no file" test ! -e "$E2E_TMP/x.wav"
check "loowi help COMMAND prints that command's help" bash -c "'$LOOWI_BIN' help config set | grep -q '^USAGE: loowi config set <key> <value>'"
check "-h works after other words" bash -c "'$LOOWI_BIN' post Hello -h | grep -q '^USAGE: loowi post'"

# A silent command never loads eSpeak NG (test-silent.sh), so the voice's own checks are made
# by a command that speaks, into a file.
check "unknown voice lists close matches" expect_error 'There is no voice called "en-gbb". Close matches: en-gb' say --voice en-gbb --wav "$E2E_TMP/v.wav" Hello
check "rate out of range says the range" expect_error 'Allowed: 80 to 450 words per minute' say --rate 5000 --silent Hello
check "bad punctuation level lists the levels" expect_error 'Allowed: none, some, most, all' say --punctuation loud --silent Hello
check "bad capitals style lists the styles" expect_error 'Allowed: none, spell, earcon, pitch' say --capitals loud --silent Hello
check "unknown sound suggests one" expect_error 'There is no sound called "bost". Close matches: boost' sounds --list bost
check "unwritable WAV path is explained" expect_error 'Cannot write the file /nonexistent/x.wav' say --wav /nonexistent/x.wav Hello
check "no text says how to give it" expect_error 'Give the text to speak' say --silent </dev/null

empty_data="$E2E_TMP/no-voices"; mkdir -p "$empty_data"
check "missing eSpeak NG data is explained, with the fix" \
  env ESPEAK_DATA_PATH="$empty_data" bash -c "$(declare -f expect_error); LOOWI_BIN='$LOOWI_BIN' expect_error 'sudo apt-get install espeak-ng-data' say --wav \"$E2E_TMP/v.wav\" Hello"

# Libraries only some commands need are opened when first used: a start binds none of them,
# and one that cannot be opened is said in plain words, with the fix.
check "the binary links neither libcurl, eSpeak NG nor pcaudiolib" bash -c "! ldd '$LOOWI_BIN' | grep -E 'libcurl|libespeak|libpcaudio'"
check "--version needs none of them" bash -c "'$LOOWI_BIN' --version | grep -qE '^[0-9]+\.[0-9]+'"
broken="$E2E_TMP/broken-libraries"; mkdir -p "$broken"
echo 'int not_espeak;' >"$broken/empty.c"
"$(command -v cc || command -v clang)" -shared -o "$broken/libespeak-ng.so.1" "$broken/empty.c"
check "an eSpeak NG that cannot be loaded is explained, with the fix" \
  env LD_LIBRARY_PATH="$broken" bash -c "$(declare -f expect_error); LOOWI_BIN='$LOOWI_BIN' expect_error 'loowi could not load eSpeak NG' say --wav \"$E2E_TMP/v.wav\" Hello"
check "  and the fix is the package to install" \
  env LD_LIBRARY_PATH="$broken" bash -c "$(declare -f expect_error); LOOWI_BIN='$LOOWI_BIN' expect_error 'sudo apt-get install libespeak-ng1' say --wav \"$E2E_TMP/v.wav\" Hello"

check "voices --language ca finds Catalan" bash -c "'$LOOWI_BIN' voices --language ca | grep -q Catalan"
check "voices --language es lists Spanish voices" bash -c "'$LOOWI_BIN' voices --language es | grep -q '^es '"
check "sounds --list names all 18 sounds" bash -c "[ \$('$LOOWI_BIN' sounds --list | wc -l) -eq 18 ]"

json=$("$LOOWI_BIN" bench --json --iterations 30)
check "bench --json reports both latency figures with p50 and p99" python3 - "$json" <<'PY'
import json, sys
data = json.loads(sys.argv[1])
for key in ("key_to_first_sample_ms", "interrupt_to_silence_ms"):
    assert data[key]["p50"] > 0 and data[key]["p99"] >= data[key]["p50"], (key, data[key])
    assert data[key]["samples"] >= 25, (key, data[key])
assert data["timeline_200_decode_ms"]["samples"] >= 10 and data["timeline_200_decode_ms"]["p50"] > 0, data
assert data["timeline_200_requests"] == 5, data
# With pulseaudio installed (scripts/setup installs it), speech is timed at a PulseAudio null sink.
assert data["audio_sink"] == "pulseaudio", data["audio_sink"]
# ...through loowi's own stream, whose writes never wait on the mixer thread.
assert data["audio_library"] == "libpulse", data["audio_library"]
# The cold start and the memory are measured over HTTP through libcurl, speaking to the device.
assert data["process_benchmarks"].startswith("HTTP on 127.0.0.1 through libcurl, speech to the sound device"), data
assert data["cold_start_to_first_sample_ms"]["samples"] >= 1 and data["rss_1000_posts_mib"] > 0, data
merge = data["timeline_10000_merge_ms"]
assert merge["samples"] >= 10 and merge["p50"] > 0, merge
long = data["long_post_key_to_first_sample_ms"]
assert long["samples"] >= 10 and long["p50"] > 0 and long["p99"] >= long["p50"], long
post = data["post_speech_tags_emoji_us"]
assert post["samples"] >= 1000 and post["p50"] > 0 and post["p99"] >= post["p50"], post
first_read = data["wordlist_first_read_us"]
assert first_read["samples"] >= 20 and first_read["p50"] > 0, first_read
PY

# A crash report's addresses must still lead to loowi's source: the release binary keeps line
# tables (without the name index a debugger would want). An address inside a TweetEngine
# function resolves to its Swift file and a line.
symbol=$(nm "$LOOWI_BIN" | awk '$3 ~ /^\$s11TweetEngine19HTMLToTextConverter/ && ($2 == "t" || $2 == "T") {print $1; exit}')
check "the release binary has the HTML converter's functions" test -n "$symbol"
check "addr2line finds the HTML converter's source line" \
  bash -c "addr2line -e '$LOOWI_BIN' 0x$symbol | grep -qE 'HTMLToTextConverter\.swift:[1-9][0-9]*\$'"
# The executable offers the libraries it loads only what they may ask of it
# (scripts/exported-symbols.map), not its modules' 7,190 public symbols.
exported=$(nm -D --defined-only "$LOOWI_BIN" | awk '{print $3}' | sort | tr '\n' ' ')
check "the release binary exports only main and GnuTLS's skip answer ($exported)" test "$exported" = "_gnutls_global_init_skip main "
finish
