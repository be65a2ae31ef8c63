#!/usr/bin/env bash
# loowi as a user gets it (issue 37): scripts/package builds the .deb and the tarball from the
# release binary ($LOOWI_BIN, not rebuilt); apt-get installs the .deb (no network: scripts/setup
# has put its dependencies there), and a user made for the test, with nothing of the source
# tree around, runs it from their own folder: --version, man -w, the bash completion, say
# --wav, the demo's first post (mastodon-mock on PATH), doctor. apt-get purge then leaves none
# of the package's files. The same from the tarball, unpacked by the user into their ~/.local, where
# the program also says what is missing when its data is not beside it.
#
# It installs a package and makes a user, so it needs root (or sudo without a password). In CI
# (CI=true) their absence is a failure; elsewhere the test says so and skips.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    exec sudo -n --preserve-env=LOOWI_BIN,CI,PATH bash "$0" "$@"
  fi
  if [ "${CI:-}" = true ]; then echo "  FAIL: test-package.sh needs root or sudo without a password (it installs loowi's .deb)"; exit 1; fi
  echo "  skip: test-package.sh needs root or sudo without a password (it installs loowi's .deb and makes a user)"
  exit 0
fi
if dpkg -s loowi >/dev/null 2>&1; then
  # Installing over the machine's own loowi and purging it would take it away.
  if [ "${CI:-}" = true ]; then echo "  FAIL: a loowi package is already installed; the test would replace it"; exit 1; fi
  echo "  skip: a loowi package is installed on this machine; the test would replace and purge it"
  exit 0
fi

# A package holds the release binary (scripts/test's); run alone, the test packages the one
# already built rather than building it.
if [ -z "${LOOWI_BIN:-}" ]; then
  LOOWI_BIN="$(cd "$root" && swift build -c release --static-swift-stdlib --product loowi --show-bin-path)/loowi"
  [ -x "$LOOWI_BIN" ] || { echo "  FAIL: no release binary at $LOOWI_BIN: build it (scripts/test does) or set LOOWI_BIN"; exit 1; }
fi
source "$here/lib.sh"
work="$(mktemp -d /tmp/loowi-package-XXXXXX)"
chmod 0755 "$work"
user="loowi-e2e-$$"
installed=no
cleanup() {
  # The user's processes are the test's own (tmux, the demo and its server): by that user's
  # id, never by a name another program could share.
  if id "$user" >/dev/null 2>&1; then
    runuser -u "$user" -- tmux -L loowi-package kill-server 2>/dev/null
    pkill -KILL -u "$user" 2>/dev/null
    sleep 0.2
    userdel --remove "$user" 2>/dev/null
  fi
  [ "$installed" = yes ] && DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq loowi >/dev/null 2>&1
  rm -rf "$work" "$E2E_TMP"
}
trap cleanup EXIT
# Ended by a signal, the EXIT trap still cleans up.
trap 'exit 130' INT TERM HUP

# --- the package, from the binary scripts/test built ---------------------------------------------
started=$SECONDS
# Into the test's own folder: the developer's dist/ is left as it was.
if ! DEBFULLNAME="loowi end-to-end test" DEBEMAIL="e2e@loowi.invalid" LOOWI_BIN="$LOOWI_BIN" LOOWI_DIST="$work/dist" \
  "$root/scripts/package" >"$work/package.log" 2>&1; then
  echo "  FAIL: scripts/package"; cat "$work/package.log"; exit 1
fi
echo "  (scripts/package and lintian: $((SECONDS - started)) s)"
grep -E '^package: |^[EWI]: ' "$work/package.log" | sed 's/^/    /'
version="$("$LOOWI_BIN" --version)"
deb="$work/dist/loowi_${version}_amd64.deb"
tarball="$work/dist/loowi-${version}-x86_64-linux.tar.gz"
check "the package and the tarball are named by loowi --version ($version)" test -f "$deb" -a -f "$tarball"
check "lintian found no error" bash -c "! grep -q '^E: ' '$work/package.log'"
control() { dpkg-deb -f "$deb" "$1"; }
# The package names in a relation field, without versions or alternatives' bars.
names() { control "$1" | tr ',|' '\n\n' | sed 's/^ *//; s/ .*//' | grep -v '^$'; }
depends_on_all() {
  local named p
  named="$(names Depends)"
  for p in libc6 libstdc++6 libgcc-s1 libcurl4 libespeak-ng1 libpcaudio0 libpulse0; do grep -qxF "$p" <<<"$named" || return 1; done
}
check "Depends names the libraries loowi links and opens ($(control Depends))" depends_on_all
check "Recommends speech-dispatcher and a PulseAudio server; Suggests Hunspell with a dictionary, and readline" \
  bash -c "[ \"\$(dpkg-deb -f '$deb' Recommends)\" = 'speech-dispatcher, pulseaudio | pipewire-pulse' ] && [ \"\$(dpkg-deb -f '$deb' Suggests)\" = 'libhunspell-1.7-0, hunspell-en-gb | hunspell-en-us | hunspell-es | hunspell-ca, libreadline8' ]"
gives_install_line() { local text; text="$(control Description)"; grep -qF 'pipx install mastodon-mock==0.6.1' <<<"$text"; }
check "the description gives mastodon-mock's install line" gives_install_line
# The same files in both: the package's under usr/, the tarball's under its top folder, which
# also holds the GPL's text.
deb_files() { dpkg-deb -c "$deb" | awk '{print $6}' | sed -n 's|^\./usr/||p' | grep -v -e '/$' -e '^$' | sort; }
tar_files() { tar -tzf "$tarball" | sed -n "s|^loowi-$version-x86_64-linux/||p" | grep -v -e '/$' -e '^$' | sort; }
same_tree() {
  local in_tar; in_tar="$(tar_files)"
  diff <(deb_files) <(grep -vx share/doc/loowi/LICENSE <<<"$in_tar") && grep -qx share/doc/loowi/LICENSE <<<"$in_tar"
}
check "the tarball holds the package's tree under loowi-$version-x86_64-linux/, and the GPL" same_tree

# --- a user with nothing of the source around ------------------------------------------------------
home="$work/home"
useradd --create-home --home-dir "$home" --shell /bin/bash "$user" || { echo "  FAIL: useradd $user"; exit 1; }
mkdir -p "$home/elsewhere" && chown "$user:" "$home/elsewhere"
# as_user PATH COMMAND...: the command as the user, in their folder, with only a login's
# environment (no XDG folders of the test's, no LOOWI_*).
as_user() {
  local path="$1"; shift
  runuser -u "$user" -- env -i -C "$home/elsewhere" HOME="$home" USER="$user" LOGNAME="$user" PATH="$path" LANG=C.UTF-8 \
    TERM=xterm-256color SHELL=/bin/bash "$@"
}
system_path=/usr/local/bin:/usr/bin:/bin

# mastodon-mock for the user, from the repository's .venv (scripts/setup's pinned copy). A venv's
# python may point into a folder the user cannot enter (a pyenv under /root): then the same
# installed package is run by the system's python of the same version, through a small
# launcher in a folder of the test's.
mock_bin="$root/.venv/bin"
if ! as_user "$system_path" "$mock_bin/mastodon_mock" --help >/dev/null 2>&1; then
  venv_version="$(sed -n 's/^version *= *\([0-9]*\.[0-9]*\).*/\1/p' "$root/.venv/pyvenv.cfg")"
  site="$(echo "$root"/.venv/lib/python"$venv_version"/site-packages)"
  mock_bin="$work/mock-bin"
  mkdir -p "$mock_bin"
  printf '#!/bin/sh\nPYTHONPATH=%s exec /usr/bin/python%s -c "import sys; from mastodon_mock.cli import main; sys.exit(main())" "$@"\n' \
    "$site" "$venv_version" >"$mock_bin/mastodon_mock"
  chmod 0755 "$mock_bin/mastodon_mock"
fi
runs_mock() { as_user "$system_path" "$mock_bin/mastodon_mock" --help >/dev/null 2>&1; }
check "the user can run mastodon-mock from $mock_bin" runs_mock

# What the checks ask, as the user with PATH $1.
prints_version() { [ "$(as_user "$1" loowi --version)" = "$version" ]; }
page_is() { [ "$(as_user "$1" man -w loowi 2>/dev/null)" = "$2" ]; }
# Outputs are taken whole before they are searched: `grep -q` ends a pipe early, and with
# pipefail the writer's SIGPIPE would fail the check.
page_renders() { local page; page="$(as_user "$1" env MANWIDTH=80 man loowi 2>/dev/null)"; grep -q '^SYNOPSIS' <<<"$page"; }
# bash-completion loads a command's completion when it is first completed; the loader is what
# pressing Tab calls.
completion() { as_user "$1" bash -ic '__load_completion loowi; complete -p loowi' 2>/dev/null; }
completes() { local spec; spec="$(completion "$1")"; grep -qE '^complete .* loowi$' <<<"$spec"; }
speaks() { gt "$(wav_rms "$1")" 0.03 && gt "$(wav_seconds "$1")" 1; }
one_line_with() { [ "$(grep -c . "$1")" -eq 1 ] && grep -qF -- "$2" "$1"; }

# The checks run on each install: $1 names it, $2 is the PATH with its bin folder, $3 its prefix.
user_checks() {
  local where="$1" path="$2" prefix="$3"
  check "$where: loowi --version is $version" prints_version "$path"
  check "$where: man -w loowi finds $prefix/share/man/man1/loowi.1.gz" page_is "$path" "$prefix/share/man/man1/loowi.1.gz"
  check "$where: man renders it" page_renders "$path"
  check "$where: the bash completion registers ($(completion "$path"))" completes "$path"
  as_user "$path" loowi say --wav "$home/hello.wav" "Hello from the installed loowi." >/dev/null 2>&1
  check "$where: say --wav speaks (RMS $(wav_rms "$home/hello.wav"), $(wav_seconds "$home/hello.wav") s)" speaks "$home/hello.wav"

  # Without mastodon-mock on PATH the demo says in one line how to get it, in the user's language.
  as_user "$path" loowi demo --silent >/dev/null 2>"$work/nomock.err"
  check "$where: demo without mastodon-mock gives its install line" \
    one_line_with "$work/nomock.err" "Install it with pipx install mastodon-mock==0.6.1 (or pip install --user mastodon-mock==0.6.1)"
  as_user "$path" loowi demo --silent --language es >/dev/null 2>"$work/nomock.err"
  check "$where: ...and in Spanish" one_line_with "$work/nomock.err" "que no está instalado. Instálalo con pipx install mastodon-mock==0.6.1"

  demo_first_post "$where" "$path:$mock_bin" "Home timeline. Posts, list, Grace Okafor. Welcome to the loowi demo"

  # doctor (issue 37, item 6) comes with the command-line documentation's branch.
  local help
  help="$(as_user "$path" loowi --help 2>&1)"
  if grep -qE '^ +doctor\b' <<<"$help"; then
    as_user "$path:$mock_bin" loowi doctor >"$work/doctor.out" 2>&1
    local status=$?
    check "$where: loowi doctor checks and exits 0 or 1 (it exited $status)" \
      bash -c "[ $status -le 1 ] && [ \$(grep -c . '$work/doctor.out') -ge 3 ] && ! grep -qiE 'fatal error|backtrace' '$work/doctor.out'"
  else
    echo "  skip: $where: this loowi has no doctor command yet"
  fi
}

# demo_first_post NAME PATH TEXT: `loowi demo --line --silent` in a terminal (tmux) as the user,
# from their folder; waits up to 60 s for TEXT, then ends it.
demo_first_post() {
  local where="$1" path="$2" text="$3" seen=no
  as_user "$path" tmux -L loowi-package new-session -d -x 150 -y 40 "loowi demo --line --silent; sleep 30"
  for _ in $(seq 600); do
    if as_user "$path" tmux -L loowi-package capture-pane -p -J -S -200 >"$work/pane.txt" 2>/dev/null && grep -qF -- "$text" "$work/pane.txt"; then
      seen=yes; break
    fi
    sleep 0.1
  done
  check "$where: demo --line from another folder reads: $text" test "$seen" = yes
  [ "$seen" = yes ] || sed 's/^/    | /' "$work/pane.txt" | tail -n 20
  # Ends the app as a closed terminal does; the demo stops its own server on the way out.
  as_user "$path" tmux -L loowi-package kill-server 2>/dev/null
  for _ in $(seq 50); do pgrep -u "$user" -f mastodon_mock >/dev/null || break; sleep 0.1; done
  check "$where: the demo's server ended with it" bash -c "! pgrep -u '$user' -f mastodon_mock >/dev/null"
}

# --- the Debian package --------------------------------------------------------------------------
started=$SECONDS
if DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=120 "$deb" >"$work/apt.log" 2>&1; then
  installed=yes
else
  echo "  FAIL: apt-get install $deb"; sed 's/^/    /' "$work/apt.log"; exit 1
fi
echo "  (apt-get install: $((SECONDS - started)) s)"
dpkg -L loowi | sort >"$work/files.txt"
check "the package installs the program, its data, the page, the completions and the copyright" bash -c "
  for f in /usr/bin/loowi /usr/share/loowi/wordlists/en.txt /usr/share/loowi/wordlists/es.txt /usr/share/loowi/wordlists/ca.txt \
    /usr/share/loowi/emoji/en.txt /usr/share/loowi/emoji/es.txt /usr/share/loowi/emoji/ca.txt \
    /usr/share/loowi/demo/seed.toml /usr/share/loowi/demo/live.json /usr/share/man/man1/loowi.1.gz \
    /usr/share/bash-completion/completions/loowi /usr/share/zsh/vendor-completions/_loowi \
    /usr/share/fish/vendor_completions.d/loowi.fish /usr/share/doc/loowi/copyright; do grep -qx \"\$f\" '$work/files.txt' || exit 1; done"
check "the copyright file credits wordfreq's CC BY-SA 4.0 data" \
  bash -c "grep -q '^License: CC-BY-SA-4.0' /usr/share/doc/loowi/copyright && grep -q 'Robyn Speer' /usr/share/doc/loowi/copyright"
started=$SECONDS
user_checks "deb" "$system_path" /usr
echo "  (the installed package's checks: $((SECONDS - started)) s)"

DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq -o DPkg::Lock::Timeout=120 loowi >"$work/apt.log" 2>&1 && installed=no
check "apt-get purge removes it" bash -c "! dpkg -s loowi >/dev/null 2>&1"
left="$(while read -r f; do [ "$f" = /. ] && continue; if [ -d "$f" ]; then [ -n "$(dpkg -S "$f" 2>/dev/null)" ] || echo "$f"; elif [ -e "$f" ]; then echo "$f"; fi; done <"$work/files.txt")"
check "nothing of the package is left (${left:-none})" test -z "$left"
gone() { ! as_user "$system_path" loowi --version >/dev/null 2>&1 && ! page_is "$system_path" /usr/share/man/man1/loowi.1.gz && ! completes "$system_path"; }
check "no program, page or completion after removal" gone

# --- the tarball, unpacked by the user into ~/.local -------------------------------------------
# As its README line says: tar -xzf loowi-VERSION-x86_64-linux.tar.gz -C ~/.local
# --strip-components=1. man finds the page from PATH, bash-completion the completion in
# ~/.local/share (bash-completion 2.11, Debian 12's, looks there and in XDG_DATA_DIRS, not
# beside PATH's folders).
prefix="$home/.local"
chmod 0755 "$work/dist" && chmod 0644 "$tarball"
as_user "$system_path" mkdir -p "$prefix"
as_user "$system_path" tar -xzf "$tarball" -C "$prefix" --strip-components=1
user_checks "tarball" "$prefix/bin:$system_path" "$prefix"

# Its data taken away: the app says the word lists are missing, once, and goes on.
rm -r "$prefix/share/loowi/wordlists"
demo_first_post "tarball without word lists" "$prefix/bin:$system_path:$mock_bin" "loowi's word lists were not found, so hashtags are read as written."
# The program alone: the demo says its people and posts are missing.
mkdir -p "$work/alone" && cp "$prefix/bin/loowi" "$work/alone/loowi"
as_user "$work/alone:$system_path:$mock_bin" loowi demo --silent >"$work/alone.out" 2>"$work/alone.err"
check "a loowi without its data folder says so ($(cat "$work/alone.err"))" \
  grep -qF "The demo's people and posts were not found, because loowi's data folder is missing." "$work/alone.err"
finish
