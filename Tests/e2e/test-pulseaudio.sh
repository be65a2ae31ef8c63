#!/usr/bin/env bash
# The real device path: a private PulseAudio daemon whose default sink writes what it plays
# to a FIFO at the clock's pace (module-pipe-sink); `loowi say` plays through loowi's own
# PulseAudio stream (and, with LOOWI_AUDIO=pcaudiolib, through pcaudiolib), and each
# recording must hold the whole of the speech: as much sound as the same sentence written to
# a WAV file. (A null sink's monitor is not used: when a new stream makes the sink rewind,
# the monitor loses up to 0.2 s of what was played.) The daemon is stopped by its pid.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/pulse.sh"
start_pulse
trap 'stop_pulse; rm -rf "$E2E_TMP"' EXIT
check "PulseAudio daemon is up" bash -c "pactl info >/dev/null"
mkfifo "$E2E_TMP/played"
pactl load-module module-pipe-sink sink_name=loowi_pipe file="$E2E_TMP/played" \
  format=s16le rate=22050 channels=1 use_system_clock_for_timing=yes >/dev/null
pactl set-default-sink loowi_pipe

sentence="This sentence goes through PulseAudio to a null sink."
# Seconds of sound in a WAV file, leading and trailing silence trimmed.
sound_seconds() {
  sox "$1" "$E2E_TMP/trimmed.wav" silence 1 0.01 0.5% reverse silence 1 0.01 0.5% reverse 2>/dev/null
  soxi -D "$E2E_TMP/trimmed.wav"
}
"$LOOWI_BIN" say --wav "$E2E_TMP/reference.wav" "$sentence"
reference=$(sound_seconds "$E2E_TMP/reference.wav")

record() { # record NAME COMMAND...: plays COMMAND while the monitor is recorded
  local name=$1; shift
  cat "$E2E_TMP/played" >"$E2E_TMP/$name.raw" &
  local rec_pid=$!
  sleep 0.3
  check "$name: loowi plays through the sound device" "$@"
  sleep 0.3
  kill "$rec_pid"; wait "$rec_pid" 2>/dev/null
  sox -t raw -r 22050 -e signed -b 16 -c 1 "$E2E_TMP/$name.raw" "$E2E_TMP/$name.wav"
}

for library in libpulse pcaudiolib; do
  audio=""; [ "$library" = pcaudiolib ] && audio=pcaudiolib
  record "$library" env LOOWI_AUDIO="$audio" "$LOOWI_BIN" say "$sentence"
  heard=$(sound_seconds "$E2E_TMP/$library.wav")
  rms=$(wav_rms "$E2E_TMP/$library.wav")
  check "$library: the recording is not silent (RMS $rms)" gt "$rms" 0.01
  # Nothing skipped or cut at either end, and no gaps: within 0.03 s of the file's sound.
  check "$library: all the speech was heard ($heard s of $reference s)" \
    between "$heard" "$(awk -v r="$reference" 'BEGIN { print r - 0.03 }')" "$(awk -v r="$reference" 'BEGIN { print r + 0.03 }')"
done

# A sound shorter than the stream's buffer is played, not held back waiting for more.
record earcon "$LOOWI_BIN" sounds ready
rms=$(wav_rms "$E2E_TMP/earcon.wav")
check "a lone earcon is heard (RMS $rms)" gt "$rms" 0.005
check "the sound tutorial plays through the same device" "$LOOWI_BIN" sounds ready boost

stop_pulse
check "the daemon stopped" bash -c "! kill -0 $pulse_pid 2>/dev/null"
finish
