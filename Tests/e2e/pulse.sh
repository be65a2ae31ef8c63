# A private PulseAudio daemon with a null sink (loowi_test), for the e2e tests that listen to
# the real device path; sourced after lib.sh. start_pulse sets pulse_pid and waits for the
# daemon; stop_pulse stops it by its pid. The caller's EXIT trap calls stop_pulse.
# `start_pulse MODULE ARGS...` loads that sink instead (loowi doctor tells a null sink from a
# pipe sink).
start_pulse() {
  local sink="${*:-module-null-sink sink_name=loowi_test}"
  local runtime="$E2E_TMP/pulse"
  mkdir -p "$runtime"
  export PULSE_RUNTIME_PATH="$runtime" PULSE_STATE_PATH="$runtime" PULSE_SERVER="unix:$runtime/native"
  unset PULSE_COOKIE
  pulseaudio -n --daemonize=no --exit-idle-time=-1 --disallow-exit --log-target=stderr \
    -L "$sink" \
    -L "module-native-protocol-unix auth-anonymous=1 socket=$runtime/native" \
    >"$E2E_TMP/pulse.log" 2>&1 &
  pulse_pid=$!
  for _ in $(seq 50); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
}
stop_pulse() { kill "$pulse_pid" 2>/dev/null; wait "$pulse_pid" 2>/dev/null; }
