#!/usr/bin/env bash
# Installs the built package on this machine and tries it as a board would. Run it as root on a
# fresh Debian 12 (a throwaway virtual machine or container holding this repository), after
# `make deb`: `bash packaging/deb/install-test.sh`. Not for a developer's machine: it purges
# libraries, adds the talkclock user and installs the service.
#   - apt-get install ./target/debian/talkclock_*.deb pulls in what it needs (the libraries the
#     build installed are purged first);
#   - `talkclock run --check` as the talkclock user finds the voices and the config;
#   - `talkclock say --lang ru --time 5:00 --print` works from any folder;
#   - `man talkclock` has a page; the service's unit is installed and enabled; systemd-analyze
#     accepts it and the user unit as installed.
set -euo pipefail
cd "$(dirname "$0")/../.."
arch=$(dpkg --print-architecture)
deb=$(ls target/debian/talkclock_*_"$arch".deb | head -n 1)
fail() {
    echo "install-test: $*" >&2
    exit 1
}

export DEBIAN_FRONTEND=noninteractive
# A board has no build packages: the libraries the build brought are removed first, so apt must
# pull them in from the package's Depends.
apt-get purge -y -q --auto-remove libasound2 libspeechd2 >/dev/null
for lib in libasound2 libspeechd2; do
    if dpkg-query -W -f='${Status}' "$lib" 2>/dev/null | grep -q 'install ok installed'; then
        fail "$lib is still installed before the test"
    fi
done
before=$(dpkg-query -W -f='${Package}\n' | sort)
apt-get install -y -q "./$deb"
# A board has no screen and speaks with the voice packs through ALSA: the package brings no X11
# library, sound server or speech-dispatcher (a user who wants it names it, README).
brought=$(comm -13 <(echo "$before") <(dpkg-query -W -f='${Package}\n' | sort))
echo "install-test: the package brought $(echo "$brought" | grep -c .) packages: $(echo $brought)"
heavy=$(echo "$brought" | grep -E '^(libx11|libxcb|libpulse0|libaudio2|speech-dispatcher)' || true)
[ -z "$heavy" ] || fail "installing the package brought $(echo $heavy)"
for lib in libasound2 libspeechd2; do
    dpkg-query -W -f='${Status}' "$lib" | grep -q 'install ok installed' ||
        fail "installing the package did not pull in $lib"
done
getent passwd talkclock >/dev/null || fail "no talkclock user"
getent group talkclock-arbiter >/dev/null || fail "no talkclock-arbiter group"
for group in audio talkclock; do
    id -nG talkclock | tr ' ' '\n' | grep -qx "$group" || fail "talkclock is not in $group"
done
[ -e /etc/systemd/system/multi-user.target.wants/talkclock.service ] ||
    fail "the service is not enabled"

cd /
check=$(runuser -u talkclock -- talkclock run --check --config /etc/talkclock/talkclock.toml 2>&1) ||
    fail "run --check as talkclock failed: $check"
echo "$check"
echo "$check" | grep -q "voice pack ru: .*(/usr/share/talkclock/voices)" || fail "run --check did not find the installed voices"
said=$(talkclock say --lang ru --time 5:00 --print)
echo "say: $said"
[ "$said" = "Пять минут." ] || fail "say printed '$said'"
[ -f /usr/share/man/man1/talkclock.1.gz ] || fail "no man page"
# Both units, as installed (systemd-analyze exits 0 on some mistakes but prints them).
said=$(systemd-analyze verify --man=no /lib/systemd/system/talkclock.service 2>&1) ||
    fail "the system unit: $said"
[ -z "$said" ] || fail "the system unit: $said"
runtime=$(mktemp -d)
said=$(XDG_RUNTIME_DIR=$runtime systemd-analyze verify --user --man=no \
    /usr/lib/systemd/user/talkclock.service 2>&1) || fail "the user unit: $said"
[ -z "$said" ] || fail "the user unit: $said"
echo "install-test: ok"
