#!/usr/bin/env bash
# Checks a built package: lintian reports no error or warning; systemd-analyze accepts the unit
# as installed (the package's files, with this machine's own units beside them); the binary
# holds no path of this source tree (it never looks for voices there); the man page, the
# voices with their licences and the conffile are in place.
set -euo pipefail
cd "$(dirname "$0")/../.."
deb=${1:?usage: packaging/deb/check.sh target/debian/talkclock_VERSION_ARCH.deb}
fail() {
    echo "packaging/deb/check.sh: $*" >&2
    exit 1
}

lintian --fail-on error,warning "$deb" ||
    fail "lintian found errors or warnings in $deb"

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"
mkdir -p "$root/etc/systemd"
cp -an /lib/systemd/system/. "$root/lib/systemd/system/"
# systemd-analyze exits 0 on some mistakes (an unknown Type=) but prints them: any line fails.
said=$(systemd-analyze verify --man=no --root="$root" /lib/systemd/system/talkclock.service 2>&1) ||
    fail "systemd-analyze verify failed: $said"
[ -z "$said" ] || fail "systemd-analyze verify: $said"

# The binary is for the package's architecture.
arch=$(dpkg-deb -f "$deb" Architecture)
case "$arch" in
    amd64) machine="Advanced Micro Devices X86-64" ;;
    arm64) machine="AArch64" ;;
    *) fail "unexpected architecture $arch" ;;
esac
readelf -h "$root/usr/bin/talkclock" | grep -q "Machine: *$machine" ||
    fail "usr/bin/talkclock is not an $arch binary"

if grep -a -q "$PWD" "$root/usr/bin/talkclock"; then
    fail "the packaged binary holds the source tree's path $PWD"
fi
for file in usr/share/man/man1/talkclock.1.gz etc/talkclock/talkclock.toml \
    usr/share/talkclock/voices/ru-aleksandr-hq/pack.toml usr/share/talkclock/voices/ru-aleksandr-hq/LICENSE \
    usr/share/talkclock/voices/en-slt/pack.toml usr/share/talkclock/voices/en-slt/LICENSE \
    usr/share/talkclock/voices/uk-anatol/pack.toml usr/share/talkclock/voices/uk-anatol/LICENSE \
    usr/share/talkclock/voices/pl-alicja/pack.toml usr/share/talkclock/voices/pl-alicja/LICENSE \
    lib/udev/rules.d/99-talkclock-input.rules usr/share/doc/talkclock/copyright \
    usr/lib/systemd/user/talkclock.service \
    usr/share/doc/talkclock/guide.en.md usr/share/doc/talkclock/guide.ru.md \
    usr/share/doc/talkclock/docs/HALL.md usr/share/doc/talkclock/docs/TRANSCRIPT.md; do
    [ -f "$root/$file" ] || fail "$file is missing from $deb"
done
dpkg-deb -f "$deb" Depends | grep -q libasound2 || fail "Depends does not name libasound2"
# A board has no screen: speech-dispatcher's audio plugins depend on libpulse0 and libaudio2,
# which bring 10 X11 libraries, so it is only suggested (the voice packs speak through ALSA).
for field in Depends Pre-Depends Recommends; do
    if dpkg-deb -f "$deb" "$field" | grep -Eq 'speech-dispatcher|libpulse0|libaudio2|libx11'; then
        fail "$field pulls speech-dispatcher or X11 onto a board: $(dpkg-deb -f "$deb" "$field")"
    fi
done
echo "$deb: lintian clean, unit verified, no source-tree path, files in place"
