#!/usr/bin/env bash
# Installs the Debian packages talkclock needs, only those missing.
#   .ci/install-deps.sh build   what `make run` needs to build and run
#   .ci/install-deps.sh test    that, plus what the test suite drives for real
#   .ci/install-deps.sh deb     what `make deb` needs (deb-arm64: and to cross-build for arm64)
#   .ci/install-deps.sh test-arm64  the arm64 cross-build, and qemu-user to run it (make test-arm64)
# Runs apt-get directly as root, through sudo otherwise.
set -euo pipefail

# Build: gilrs (libudev), cpal (ALSA headers), tts (speech-dispatcher headers; bindgen needs libclang).
# Run: espeak-ng says a language without a voice pack (German) through the clock's own routes.
build_pkgs=(pkg-config libasound2-dev libspeechd-dev libclang1-14 libclang-common-14-dev libudev-dev espeak-ng)
# Tests: a private PulseAudio with a null sink and parec, ALSA's file/null plugins, a private
# speech-dispatcher with the espeak-ng module; mosquitto (the hall's broker, and its clients for the ACL test) and openssl (a self-signed certificate for its TLS test); strace to inject faults into the journal's syncs; stress-ng for `bench --under-load`; libfaketime to step one process's wall clock;
# brltty with its `vr` (virtual) driver is the refreshable Braille display the daemon's Braille test reads back.
# The web pages' tests: headless Chromium driven through chromedriver (WebDriver), with a font
# that has every digit and Cyrillic; npm fetches axe-core for them (.ci/install-web-deps.sh).
test_pkgs=(mosquitto mosquitto-clients openssl pulseaudio pulseaudio-utils libasound2-plugins speech-dispatcher speech-dispatcher-espeak-ng espeak-ng strace stress-ng libfaketime chromium chromium-driver fonts-dejavu-core brltty)

# The Debian package: dpkg-shlibdeps (dpkg-dev), lintian, systemd-analyze (systemd).
deb_pkgs=(dpkg-dev lintian systemd git)
# Cross-building it for a Raspberry Pi: the arm64 linker and the arm64 libraries (multiarch).
arm64_pkgs=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross libasound2-dev:arm64 libspeechd-dev:arm64 libudev-dev:arm64)
# Running that arm64 build here (make test-arm64, .ci/test-arm64.sh): qemu-aarch64, user-mode
# emulation, called as cargo's runner (no binfmt registration needed, so it works in a
# container too), the arm64 C library it loads (the -dev packages bring it too), and jq to read
# the daemon's replies.
qemu_pkgs=(qemu-user libc6:arm64 jq)

case "${1:-build}" in
  build) wanted=("${build_pkgs[@]}") ;;
  test)
    wanted=("${build_pkgs[@]}" "${test_pkgs[@]}")
    # Debian's npm (it brings Debian's nodejs) only where there is no npm yet: a nodejs from
    # elsewhere (nodesource's includes npm) conflicts with it.
    if ! command -v npm >/dev/null 2>&1; then
      wanted+=(npm)
    fi
    ;;
  deb) wanted=("${build_pkgs[@]}" "${deb_pkgs[@]}") ;;
  deb-arm64) wanted=("${build_pkgs[@]}" "${deb_pkgs[@]}" "${arm64_pkgs[@]}") ;;
  test-arm64) wanted=("${build_pkgs[@]}" "${arm64_pkgs[@]}" "${qemu_pkgs[@]}") ;;
  *) echo "usage: $0 build|test|deb|deb-arm64|test-arm64" >&2; exit 2 ;;
esac

missing=()
for pkg in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$pkg")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "talkclock needs these packages, and installing them needs root or sudo: ${missing[*]}" >&2
  exit 1
fi
echo "installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if { [ "${1:-}" = deb-arm64 ] || [ "${1:-}" = test-arm64 ]; } && ! dpkg --print-foreign-architectures | grep -qx arm64; then
  "${as_root[@]}" dpkg --add-architecture arm64
fi
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
