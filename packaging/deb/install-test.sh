#!/usr/bin/env bash
# Installs the built package on this machine and tries it as a board would: for a fresh
# Debian (`../shared/tools/fresh-debian.sh . 'make deb && bash packaging/deb/install-test.sh'`),
# not for a developer's machine (it adds the talkclock user and installs the service).
#   - apt-get install ./target/debian/talkclock_*.deb pulls in what it needs;
#   - `talkclock run --check` as the talkclock user finds the voices and the config;
#   - `talkclock say --lang ru --time 5:00 --print` works from any folder;
#   - `man talkclock` has a page; the service's unit is installed and enabled.
set -euo pipefail
cd "$(dirname "$0")/../.."
arch=$(dpkg --print-architecture)
deb=$(ls target/debian/talkclock_*_"$arch".deb | head -n 1)
fail() {
    echo "install-test: $*" >&2
    exit 1
}

export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q "./$deb"
getent passwd talkclock >/dev/null || fail "no talkclock user"
getent group talkclock-arbiter >/dev/null || fail "no talkclock-arbiter group"
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
echo "install-test: ok"
