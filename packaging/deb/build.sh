#!/usr/bin/env bash
# Builds the Debian package target/debian/talkclock_VERSION_ARCH.deb for ARCH (amd64, the
# default, or arm64 for a Raspberry Pi, cross-built). `make deb [ARCH=arm64]` runs this after
# installing what it needs; `make deb-check` also runs lintian and systemd-analyze on it.
#
# The binary is built with TALKCLOCK_PACKAGED=1, so it never looks for voices in this source
# tree (only --voices, $TALKCLOCK_VOICES and /usr/share/talkclock/voices).
set -euo pipefail
cd "$(dirname "$0")/../.."

arch=${1:-amd64}
case "$arch" in
    amd64) triple=x86_64-unknown-linux-gnu ;;
    arm64)
        triple=aarch64-unknown-linux-gnu
        export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
        # Only for the target (the pkg-config crate reads the triple-suffixed variables first),
        # so the build of this machine's own binary (for the man page) is not pointed there.
        export PKG_CONFIG_ALLOW_CROSS_aarch64_unknown_linux_gnu=1
        export PKG_CONFIG_LIBDIR_aarch64_unknown_linux_gnu=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig
        ;;
    *)
        echo "packaging/deb/build.sh: ARCH must be amd64 or arm64, not '$arch'" >&2
        exit 2
        ;;
esac

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
# Dates in the package come from the last commit, so two builds of one commit are the same.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 1790000000)}
export TALKCLOCK_PACKAGED=1
export CARGO_PROFILE_RELEASE_STRIP=symbols
jobs=${CARGO_BUILD_JOBS:-2}

cargo build --release --locked -j "$jobs" --target "$triple" -p talkclock
target_dir=${CARGO_TARGET_DIR:-target}
binary="$target_dir/$triple/release/talkclock"
# The manual page comes from the command's own definitions: run a binary of this machine.
if [ "$arch" = amd64 ]; then
    host_binary=$binary
else
    cargo build --release --locked -j "$jobs" -p talkclock
    host_binary="$target_dir/release/talkclock"
fi

out=target/debian
root="$out/root-$arch"
rm -rf "$root"
mkdir -p "$root/DEBIAN"

install -D -m 0755 "$binary" "$root/usr/bin/talkclock"

# The voice packs, each with its ATTRIBUTION and LICENSE.
for pack in voices/*/; do
    [ -f "$pack/pack.toml" ] || continue
    name=$(basename "$pack")
    install -d "$root/usr/share/talkclock/voices/$name"
    install -m 0644 "$pack"* "$root/usr/share/talkclock/voices/$name/"
done

# The configuration: the default as the board's file (a conffile), the others as examples.
install -D -m 0644 config/default.toml "$root/etc/talkclock/talkclock.toml"
doc="$root/usr/share/doc/talkclock"
install -d "$doc/examples"
for example in config/*.toml; do
    install -m 0644 "$example" "$doc/examples/"
done
# A hall's board and station (docs/HALL.md).
install -d "$doc/examples/hall"
for example in config/hall/*.toml; do
    install -m 0644 "$example" "$doc/examples/hall/"
done
install -D -m 0644 config/talkclock.service "$root/lib/systemd/system/talkclock.service"
install -D -m 0644 config/talkclock-user.service "$root/usr/lib/systemd/user/talkclock.service"
install -D -m 0644 config/99-talkclock-input.rules "$root/lib/udev/rules.d/99-talkclock-input.rules"

# The guides and the README, the copyright and the changelog. The user-facing docs/ go beside
# the README under the same names, so its links (`docs/HALL.md`) and the manual's hold there.
install -m 0644 README.md docs/guide.en.md docs/guide.ru.md "$doc/"
install -d "$doc/docs"
for page in BRAILLE DASHBOARD DISPLAY HALL HAPTICS HARDWARE PROVISIONING TRANSCRIPT; do
    install -m 0644 "docs/$page.md" "$doc/docs/"
done
gzip -9n "$doc/README.md"
install -m 0644 packaging/deb/copyright "$doc/copyright"
changelog_date=$(date -u -R -d "@$SOURCE_DATE_EPOCH")
printf 'talkclock (%s) unstable; urgency=medium\n\n  * Built from the talkclock source tree, commit %s.\n\n -- talkclock developers <talkclock@example.org>  %s\n' \
    "$version" "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" "$changelog_date" \
    >"$doc/changelog"
gzip -9n "$doc/changelog"

install -d "$root/usr/share/man/man1"
"$host_binary" man >"$root/usr/share/man/man1/talkclock.1"
gzip -9n "$root/usr/share/man/man1/talkclock.1"

# Control files: the libraries the binary links, found by dpkg-shlibdeps.
shlibs=$(mktemp -d)
trap 'rm -rf "$shlibs"' EXIT
mkdir -p "$shlibs/debian"
printf 'Source: talkclock\n\nPackage: talkclock\nArchitecture: any\n' >"$shlibs/debian/control"
depends=$(cd "$shlibs" && DEB_HOST_ARCH="$arch" dpkg-shlibdeps -O "$OLDPWD/$root/usr/bin/talkclock" |
    sed -n 's/^shlibs:Depends=//p')
if [ -z "$depends" ]; then
    echo "packaging/deb/build.sh: dpkg-shlibdeps found no libraries for $arch (are the $arch libraries installed?)" >&2
    exit 1
fi
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" \
    -e "s/@DEPENDS@/$depends/" packaging/deb/control.in >"$root/DEBIAN/control"
echo /etc/talkclock/talkclock.toml >"$root/DEBIAN/conffiles"
install -m 0755 packaging/deb/postinst packaging/deb/prerm packaging/deb/postrm "$root/DEBIAN/"
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z |
    xargs -0 md5sum >DEBIAN/md5sums)
chmod 0644 "$root/DEBIAN/md5sums" "$root/DEBIAN/control" "$root/DEBIAN/conffiles"
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

deb="$out/talkclock_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
