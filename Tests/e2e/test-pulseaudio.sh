#!/usr/bin/env bash
# The real device path: a private PulseAudio daemon with a null sink; `loowi say` plays
# through pcaudiolib, the sink's monitor is recorded with parec, and the recording must hold
# speech. The daemon is stopped by its pid.
source "$(dirname "$0")/lib.sh"

runtime="$E2E_TMP/pulse"
mkdir -p "$runtime"
export PULSE_RUNTIME_PATH="$runtime" PULSE_STATE_PATH="$runtime" PULSE_SERVER="unix:$runtime/native"
unset PULSE_COOKIE
pulseaudio -n --daemonize=no --exit-idle-time=-1 --disallow-exit --log-target=stderr \
  -L "module-null-sink sink_name=loowi_test" \
  -L "module-native-protocol-unix auth-anonymous=1 socket=$runtime/native" \
  >"$E2E_TMP/pulse.log" 2>&1 &
pulse_pid=$!
stop_pulse() { kill "$pulse_pid" 2>/dev/null; wait "$pulse_pid" 2>/dev/null; }
trap 'stop_pulse; rm -rf "$E2E_TMP"' EXIT

for _ in $(seq 50); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
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
