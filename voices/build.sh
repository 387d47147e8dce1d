#!/usr/bin/env bash
# Builds the voice packs in this folder from RHVoice 1.14: one WAV clip
# (22.05 kHz, mono, 16-bit, silence trimmed, peak normalised) per key of the
# clip catalog, a pack.toml manifest, and the licence and attribution texts.
#
# Usage: voices/build.sh [PACK...]        (default: every pack below)
#   CATALOG_CMD  command that prints `key<TAB>text[<TAB>text to synthesise]`
#                lines for a language code given as its last argument
#                (default: `talkclock voice-catalog --lang`, built from this repo).
#
# Installs what it needs with apt if missing (rhvoice, rhvoice-russian,
# rhvoice-english from bookworm-backports non-free; sox). Output is
# byte-reproducible: same catalog and same RHVoice give identical files.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
crate="$(dirname "$here")"
CATALOG_CMD="${CATALOG_CMD:-cargo run --quiet --manifest-path $crate/Cargo.toml -- voice-catalog --lang}"
RHVOICE_VERSION_PREFIX="1.14."
RATE=22050

# pack name | language | RHVoice voice | SPDX licence | RHVoice licence name
PACKS=(
  "ru-aleksandr-hq|ru|aleksandr-hq|CC-BY-SA-4.0|CC-BY-SA-4.0"
  "en-slt|en|slt|LicenseRef-CMU|CMU"
)

die() { echo "build.sh: $*" >&2; exit 1; }

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"; }

# Adds bookworm + bookworm-backports (main non-free) on the mirror already configured.
add_backports_source() {
  local file=/etc/apt/sources.list.d/talkclock-rhvoice.sources uri
  [ -e "$file" ] && return 0
  uri="$(awk 'BEGIN { RS = "" } /Suites:[^\n]*bookworm([ \n]|$)/ && !/security/ {
            if (match($0, /URIs: *[^ \n]+/)) { u = substr($0, RSTART, RLENGTH); sub(/URIs: */, "", u); print u; exit } }' \
          /etc/apt/sources.list.d/*.sources 2>/dev/null || true)"
  [ -n "$uri" ] || uri="http://deb.debian.org/debian"
  cat >"$file" <<EOF
Types: deb
URIs: $uri
Suites: bookworm bookworm-backports
Components: main non-free
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  echo "build.sh: added $file ($uri)" >&2
}

ensure_tools() {
  local missing_rh=() p
  for p in rhvoice rhvoice-russian rhvoice-english; do
    installed "$p" || missing_rh+=("$p")
  done
  if [ "${#missing_rh[@]}" -gt 0 ]; then
    add_backports_source
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q -t bookworm-backports "${missing_rh[@]}"
  fi
  if ! installed sox; then
    [ "${#missing_rh[@]}" -gt 0 ] || apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q sox
  fi
  local v
  v="$(dpkg-query -W -f='${Version}' rhvoice)"
  case "$v" in
    "$RHVOICE_VERSION_PREFIX"*) ;;
    *) die "RHVoice $v installed, the packs are made with ${RHVOICE_VERSION_PREFIX}x" ;;
  esac
}

# RHVoice reads its settings only from /etc/RHVoice. The clips are made with a
# settings folder of our own (stress marks on, no user dictionaries), mounted
# over /etc/RHVoice in a private mount namespace; where unshare is not allowed,
# /etc/RHVoice/RHVoice.conf is swapped for the build and restored after it.
CONF_DIR=""
CONF_MODE=""
setup_rhvoice_config() {
  CONF_DIR="$(mktemp -d)"
  printf 'stress_marker=+\n' >"$CONF_DIR/RHVoice.conf"
  if unshare -m sh -c 'mount --bind "$0" /etc/RHVoice' "$CONF_DIR" 2>/dev/null; then
    CONF_MODE=namespace
  else
    CONF_MODE=swap
    mkdir -p "$CONF_DIR/saved" /etc/RHVoice
    [ -e /etc/RHVoice/RHVoice.conf ] && cp -p /etc/RHVoice/RHVoice.conf "$CONF_DIR/saved/"
    cp "$CONF_DIR/RHVoice.conf" /etc/RHVoice/RHVoice.conf
    echo "build.sh: unshare not allowed; /etc/RHVoice/RHVoice.conf swapped until the end" >&2
  fi
}

cleanup() {
  rm -rf "$here"/.build-*
  if [ "$CONF_MODE" = swap ]; then
    if [ -e "$CONF_DIR/saved/RHVoice.conf" ]; then
      cp -p "$CONF_DIR/saved/RHVoice.conf" /etc/RHVoice/RHVoice.conf
    else
      rm -f /etc/RHVoice/RHVoice.conf
    fi
  fi
  [ -z "$CONF_DIR" ] || rm -rf "$CONF_DIR"
}

# Synthesises $1 with voice $2 into WAV file $3.
synth() {
  if [ "$CONF_MODE" = namespace ]; then
    printf '%s\n' "$1" | unshare -m sh -c \
      'mount --bind "$0" /etc/RHVoice && exec RHVoice-test -p "$1" -o "$2"' "$CONF_DIR" "$2" "$3"
  else
    printf '%s\n' "$1" | RHVoice-test -p "$2" -o "$3"
  fi
}

# TOML basic string.
toml_str() { local s="${1//\\/\\\\}"; s="${s//\"/\\\"}"; printf '"%s"' "$s"; }

# One paragraph of the Debian copyright file whose first line is $1.
copyright_paragraph() {
  awk -v head="$1" 'BEGIN { RS = ""; ORS = "\n\n" } index($0, head "\n") == 1 { print; exit }' \
    /usr/share/doc/rhvoice/copyright
}

# Debian's wrapped licence text (" ." for blank lines) as plain text.
unwrap() { sed -e 's/^ \.$//' -e 's/^ //'; }

write_legal() {
  local out="$1" voice="$2" spdx="$3" deb_licence="$4" version="$5" holders
  holders="$(copyright_paragraph "Files: data/voices/$voice/*" | sed -n '/^Copyright:/,/^License:/p' \
    | grep -v '^License:' | sed -e 's/^Copyright: *//' -e 's/^[[:space:]]*//' | paste -sd, - | sed 's/,/, /g')"
  [ -n "$holders" ] || die "no copyright stanza for voice $voice in /usr/share/doc/rhvoice/copyright"
  {
    echo "Voice clips in this folder were synthesised with the RHVoice speech synthesizer"
    echo "$version, voice \"$voice\", by voices/build.sh of talkclock (trimmed, resampled"
    echo "to 22.05 kHz mono 16-bit, peak normalised)."
    echo
    echo "Voice \"$voice\": Copyright $holders."
    echo "Licence of the voice and of these clips: $spdx (full text in LICENSE)."
    echo
    echo "From Debian's /usr/share/doc/rhvoice/copyright:"
    echo
    copyright_paragraph "Files: data/voices/$voice/*"
    echo "From the voice's /usr/share/RHVoice/voices/$voice/Readme-en.txt:"
    echo
    cat "/usr/share/RHVoice/voices/$voice/Readme-en.txt"
    echo
  } >"$out/ATTRIBUTION"
  copyright_paragraph "License: $deb_licence" | tail -n +2 | unwrap >"$out/LICENSE"
  [ -s "$out/LICENSE" ] || die "no licence text $deb_licence in the copyright file"
  printf '%s' "$holders"
}

build_pack() {
  local name="$1" lang="$2" voice="$3" spdx="$4" deb_licence="$5"
  local stage="$here/.build-$name" version holders key text n=0
  version="$(dpkg-query -W -f='${Version}' rhvoice)"
  rm -rf "$stage"
  mkdir -p "$stage"
  eval "$CATALOG_CMD $lang" >"$stage/catalog.tsv" || die "catalog command failed for $lang"
  [ -s "$stage/catalog.tsv" ] || die "empty catalog for $lang"
  holders="$(write_legal "$stage" "$voice" "$spdx" "$deb_licence" "$version")"
  {
    echo "# Generated by voices/build.sh; do not edit."
    echo "language = $(toml_str "$lang")"
    echo "voice = $(toml_str "$voice")"
    echo "engine = \"RHVoice\""
    echo "engine_version = $(toml_str "$version")"
    echo "license = $(toml_str "$spdx")"
    echo "attribution = $(toml_str "Voice $voice of RHVoice, by $holders; clips under $spdx")"
  } >"$stage/pack.toml"
  while IFS=$'\t' read -r key text say; do
    [[ "$key" =~ ^[a-z0-9_]+$ ]] || die "bad clip key '$key' from the catalog"
    [ -n "$text" ] || die "clip '$key' has no text"
    rm -f "$stage/raw.wav"
    synth "${say:-$text}" "$voice" "$stage/raw.wav"
    # RHVoice-test exits 0 even for an unknown voice: check the output.
    [ -s "$stage/raw.wav" ] || die "RHVoice made no audio for '$key' ($text) with voice $voice"
    sox -D "$stage/raw.wav" -c 1 -b 16 -e signed-integer "$stage/$key.wav" \
      silence 1 0.01 -50d reverse silence 1 0.01 -50d reverse rate "$RATE" gain -n -1
    {
      echo
      echo "[[clip]]"
      echo "key = $(toml_str "$key")"
      echo "file = $(toml_str "$key.wav")"
      echo "text = $(toml_str "$text")"
    } >>"$stage/pack.toml"
    n=$((n + 1))
  done <"$stage/catalog.tsv"
  rm -f "$stage/raw.wav" "$stage/catalog.tsv"
  rm -rf "${here:?}/$name"
  mv "$stage" "$here/$name"
  echo "build.sh: $name: $n clips, $(du -sh "$here/$name" | cut -f1)" >&2
}

main() {
  trap cleanup EXIT
  ensure_tools
  setup_rhvoice_config
  local spec name want
  for spec in "${PACKS[@]}"; do
    name="${spec%%|*}"
    if [ "$#" -gt 0 ]; then
      for want in "$@"; do [ "$want" = "$name" ] && break; want=""; done
      [ -n "$want" ] || continue
    fi
    IFS='|' read -r name lang voice spdx deb_licence <<<"$spec"
    build_pack "$name" "$lang" "$voice" "$spdx" "$deb_licence"
  done
}

main "$@"
