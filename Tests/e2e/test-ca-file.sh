#!/usr/bin/env bash
# ca_file and LOOWI_CA_FILE: a server with its own certificate authority (mastodon-mock over
# HTTPS with a throwaway CA made by openssl). Without the CA loowi refuses and says how to set
# it; with it (from the config or the environment, which wins) the command works; a missing
# file is a plain message.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/mock.sh"
command -v openssl >/dev/null || { echo "  FAIL: openssl is missing: run scripts/setup"; exit 1; }

tls="$E2E_TMP/tls"; mkdir -p "$tls"
printf 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n' >"$tls/server.ext"
{
  openssl req -x509 -newkey rsa:2048 -nodes -keyout "$tls/ca.key" -out "$tls/ca.pem" -days 2 -subj "/CN=loowi e2e CA" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" &&
  openssl req -newkey rsa:2048 -nodes -keyout "$tls/server.key" -out "$tls/server.csr" -subj "/CN=127.0.0.1" &&
  openssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.pem" -CAkey "$tls/ca.key" -CAcreateserial -out "$tls/server.pem" \
    -days 2 -extfile "$tls/server.ext"
} >"$tls/openssl.log" 2>&1 || { echo "  FAIL: openssl could not make the test CA"; cat "$tls/openssl.log"; exit 1; }

mock_curl_options="--cacert $tls/ca.pem"
start_mock --scheme https --demo --ssl-keyfile "$tls/server.key" --ssl-certfile "$tls/server.pem"

export LOOWI_INSTANCE="https://127.0.0.1:$port" LOOWI_TOKEN=ada_token
run() {  # run NAME ARGS...: stdout NAME.out, stderr NAME.err, status NAME.rc
  local name="$1"; shift
  "$@" >"$E2E_TMP/$name.out" 2>"$E2E_TMP/$name.err"; echo $? >"$E2E_TMP/$name.rc"
}
rc() { cat "$E2E_TMP/$1.rc"; }

run untrusted "$LOOWI_BIN" timeline --count 1
check "without the CA: refused, and told how to set the file" \
  bash -c "[ $(rc untrusted) -ne 0 ] && grep -qF 'loowi config set ca_file /path/to/ca.pem' '$E2E_TMP/untrusted.err'"
run byenv env LOOWI_CA_FILE="$tls/ca.pem" "$LOOWI_BIN" timeline --count 1
check "LOOWI_CA_FILE: the command works" bash -c "[ $(rc byenv) -eq 0 ] && [ -s '$E2E_TMP/byenv.out' ]"
"$LOOWI_BIN" config set ca_file "$tls/ca.pem" >/dev/null
run byconfig "$LOOWI_BIN" timeline --count 1
check "ca_file in the config: the command works" bash -c "[ $(rc byconfig) -eq 0 ] && [ -s '$E2E_TMP/byconfig.out' ]"
run envwins env LOOWI_CA_FILE="$E2E_TMP/missing.pem" "$LOOWI_BIN" timeline --count 1
check "LOOWI_CA_FILE wins, and a missing file is a plain message" \
  bash -c "[ $(rc envwins) -ne 0 ] && grep -qF 'LOOWI_CA_FILE names \"$E2E_TMP/missing.pem\", and there is no such file.' '$E2E_TMP/envwins.err'"
"$LOOWI_BIN" config set ca_file "$E2E_TMP/nothing-here.pem" >/dev/null
run missing "$LOOWI_BIN" timeline --count 1
check "a missing ca_file is a plain message" \
  bash -c "[ $(rc missing) -ne 0 ] && grep -qF 'ca_file names \"$E2E_TMP/nothing-here.pem\", and there is no such file.' '$E2E_TMP/missing.err'"
finish
