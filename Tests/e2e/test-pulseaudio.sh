#!/usr/bin/env bash
# The real device path: a private PulseAudio daemon with a null sink; `loowi say` plays
# through pcaudiolib, the sink's monitor is recorded with parec, and the recording must hold
# speech. The daemon is stopped by its pid.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/pulse.sh"
start_pulse
trap 'stop_pulse; rm -rf "$E2E_TMP"' EXIT
check "PulseAudio daemon is up" bash -c "pactl info >/dev/null"
pactl set-default-sink loowi_test

parec -d loowi_test.monitor --format=s16le --rate=22050 --channels=1 --file-format=wav "$E2E_TMP/recorded.wav" &
rec_pid=$!
sleep 0.5
check "loowi say plays through the sound device" \
  "$LOOWI_BIN" say "This sentence goes through PulseAudio to a null sink."
sleep 0.3
kill "$rec_pid"; wait "$rec_pid" 2>/dev/null
check "the sound tutorial plays through the same device" "$LOOWI_BIN" sounds ready boost

seconds=$(wav_seconds "$E2E_TMP/recorded.wav")
rms=$(wav_rms "$E2E_TMP/recorded.wav")
check "the recording is long enough to hold the speech ($seconds s)" gt "$seconds" 2
check "the recording is not silent (RMS $rms)" gt "$rms" 0.01

stop_pulse
check "the daemon stopped" bash -c "! kill -0 $pulse_pid 2>/dev/null"
finish
