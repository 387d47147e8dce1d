#!/usr/bin/env bash
# Builds the voice packs in this folder from RHVoice 1.14: every recording of
# the clip catalog, one after the other in one Ogg Vorbis file (24 kHz mono,
# RHVoice's own rate), a pack.toml manifest that says where each clip starts
# and how long it is, and the licence and attribution texts.
#
# Each recording is one phrase said in one breath. A "final" one is synthesised
# as it is (RHVoice ends it as a sentence); a "continuing" one is synthesised as
# "phrase, phrase." and the first half, before the comma's pause, is kept: it
# has the intonation of a phrase that goes on. `talkclock voice-master` trims
# the silence, fades the edges and sets every clip to the same voiced level;
# `talkclock voice-join` puts the clips into one file with 100 ms of silence
# between them, and oggenc encodes it (quality 0, 2 for Polish; fixed stream serial). One
# stream holds the codec's set-up once, where a file per clip repeated it.
#
# Usage: voices/build.sh [PACK...]        (default: every pack below)
#        voices/build.sh --tools           (only install what the build needs)
#   TALKCLOCK    the talkclock binary that runs `voice-catalog --lang` and
#                `voice-master` (default: built from this repo).
#   JOBS         clips made at once (default: the number of cores).
#
# Installs what it needs with apt if missing (rhvoice, rhvoice-russian,
# rhvoice-english, rhvoice-ukrainian, rhvoice-polish from bookworm-backports
# non-free; vorbis-tools). Output is
# byte-reproducible: same catalog, RHVoice and libvorbis give identical files.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
crate="$(dirname "$here")"
TALKCLOCK="${TALKCLOCK:-}"
RHVOICE_VERSION_PREFIX="1.14."
JOBS="${JOBS:-$(nproc)}"

# pack name | language | RHVoice voice | SPDX licence | RHVoice licence name | rate | pace |
# Vorbis quality
# The rate is RHVoice's (percent). At 108 % Russian readouts were 6 % shorter
# than RHVoice's running speech but worse understood; at 100 % both packs are
# 2 % longer. The pace (pack.toml's `pace`) plays the clips that much faster at
# every speech rate: 1.03 makes English readouts 0.99 x running speech and as
# well understood; any pace costs Russian readouts (99/109 at 1.03, 107 at 1),
# so Russian keeps its recorded speed (see README.md).
#
# Ukrainian and Polish (issue 34): only voices whose licence lets us redistribute their
# recordings (Debian's copyright file: Ukrainian anatol and natalia LGPL-2.1, Polish magda
# and alicja CC-BY-4.0, michal and natan public domain; never marianna, volodymyr or cezary,
# whose licences forbid derivatives). Each language takes the allowed voice Whisper base
# understands best: harness/listen/screen.py, 2026-12-03, readouts understood of 109 (seed 12;
# docs/perf/2026-12-03-voice-screen-uk-pl.md): Ukrainian anatol 87, natalia 74; Polish
# alicja 104 (105 with seed 13), michal 103 (104), natan 101, magda 93. Until `voice-catalog`
# knows a language, a build of every pack skips that language's pack (naming it is an error).
#
# The Vorbis quality is 0 (the smallest files) except for Polish: at 0 the encoder smears the
# sibilants its number words are made of, and Whisper base understood 93 of 109 readouts
# against 104 for RHVoice's running speech of the same voice; at 2 (3.7 MB instead of 2.9)
# 102 of 109 (make listen, 2026-12-03).
PACKS=(
  "ru-aleksandr-hq|ru|aleksandr-hq|CC-BY-SA-4.0|CC-BY-SA-4.0|100|1.00|0"
  "en-slt|en|slt|LicenseRef-CMU|CMU|100|1.03|0"
  "uk-anatol|uk|anatol|LGPL-2.1-only|LGPL-2.1|100|1.00|0"
  "pl-alicja|pl|alicja|CC-BY-4.0|CC-BY-4.0|100|1.00|2"
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
  for p in rhvoice rhvoice-russian rhvoice-english rhvoice-ukrainian rhvoice-polish; do
    installed "$p" || missing_rh+=("$p")
  done
  if [ "${#missing_rh[@]}" -gt 0 ]; then
    add_backports_source
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q -t bookworm-backports "${missing_rh[@]}"
  fi
  if ! installed vorbis-tools; then
    [ "${#missing_rh[@]}" -gt 0 ] || apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q vorbis-tools
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
  # Inside this folder: a cleaner of /tmp must not take it away mid-build.
  CONF_DIR="$(mktemp -d "$here/.rhvoice-conf.XXXXXX")"
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

# Synthesises $1 with voice $2 at rate $4 (percent) into WAV file $3.
synth() {
  if [ "$CONF_MODE" = namespace ]; then
    printf '%s\n' "$1" | unshare -m sh -c \
      'mount --bind "$0" /etc/RHVoice && exec RHVoice-test -r "$3" -p "$1" -o "$2"' \
      "$CONF_DIR" "$2" "$3" "$4"
  else
    printf '%s\n' "$1" | RHVoice-test -r "$4" -p "$2" -o "$3"
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

# The full licence text of voice $1 under the copyright file's licence name $2: the
# file's own text; the system's copy where the file points to /usr/share/common-licenses
# (LGPL-2.1); the voice's own LICENSE for a voice in the public domain (CC0 for michal, natan).
voice_licence() {
  local voice="$1" deb_licence="$2" common
  if [ "$deb_licence" = public-domain ]; then
    cat "/usr/share/RHVoice/voices/$voice/LICENSE"
    return
  fi
  common="$(copyright_paragraph "License: $deb_licence" \
    | grep -o "/usr/share/common-licenses/[A-Za-z0-9.+-]*" | head -n 1 || true)"
  if [ -n "$common" ] && [ -s "$common" ]; then
    cat "$common"
  else
    copyright_paragraph "License: $deb_licence" | tail -n +2 | unwrap
  fi
}

write_legal() {
  local out="$1" voice="$2" spdx="$3" deb_licence="$4" version="$5" holders readme
  # The voice's English readme; the Ukrainian and Polish voices have README.md only.
  readme="/usr/share/RHVoice/voices/$voice/Readme-en.txt"
  [ -e "$readme" ] || readme="/usr/share/RHVoice/voices/$voice/README.md"
  [ -e "$readme" ] || die "no readme for voice $voice"
  holders="$(copyright_paragraph "Files: data/voices/$voice/*" | sed -n '/^Copyright:/,/^License:/p' \
    | grep -v '^License:' | sed -e 's/^Copyright: *//' -e 's/^[[:space:]]*//' | paste -sd, - | sed 's/,/, /g')"
  [ -n "$holders" ] || die "no copyright stanza for voice $voice in /usr/share/doc/rhvoice/copyright"
  {
    echo "Voice clips in this folder were synthesised with the RHVoice speech synthesizer"
    echo "$version, voice \"$voice\", by voices/build.sh of talkclock (trimmed, faded,"
    echo "levelled, encoded as Ogg Vorbis)."
    echo
    echo "Voice \"$voice\": Copyright $holders."
    echo "Licence of the voice and of these clips: $spdx (full text in LICENSE)."
    echo
    echo "From Debian's /usr/share/doc/rhvoice/copyright:"
    echo
    copyright_paragraph "Files: data/voices/$voice/*"
    echo "From the voice's /usr/share/RHVoice/voices/$voice/$(basename "$readme"):"
    echo
    cat "$readme"
    echo
  } >"$out/ATTRIBUTION"
  voice_licence "$voice" "$deb_licence" >"$out/LICENSE"
  [ -s "$out/LICENSE" ] || die "no licence text $deb_licence in the copyright file"
  printf '%s' "$holders"
}

# Makes clip $2 (words to synthesise $3, voice $4, tone $5, rate $6) in folder $1 as
# $2.wav.
# It runs in the background: on failure it says why and returns 1 (it never exits, so
# that the build's clean-up runs once, in the main shell, after every clip has stopped).
make_clip() {
  trap - EXIT
  local stage="$1" key="$2" say="$3" voice="$4" tone="$5" rate="$6"
  local raw="$1/$2.raw.wav" wav="$1/$2.wav" continuing=()
  case "$tone" in
    continuing) say="$say, $say."; continuing=(--continuing) ;;
    final | word) ;;
    *) echo "build.sh: clip '$key': unknown tone '$tone'" >&2; return 1 ;;
  esac
  # RHVoice-test exits 0 even for an unknown voice, and under load it now and then
  # writes nothing: check the output, and try again twice.
  local try
  for try in 1 2 3; do
    synth "$say" "$voice" "$raw" "$rate"
    [ -s "$raw" ] && break
    echo "build.sh: RHVoice made no audio for '$key' (try $try)" >&2
  done
  if [ ! -s "$raw" ]; then
    echo "build.sh: RHVoice made no audio for '$key' ($say) with voice $voice" >&2
    return 1
  fi
  if ! "$TALKCLOCK" voice-master --in "$raw" --out "$wav" "${continuing[@]}" >/dev/null; then
    echo "build.sh: voice-master failed for '$key' ($say)" >&2
    return 1
  fi
  rm -f "$raw"
}

build_pack() {
  local name="$1" lang="$2" voice="$3" spdx="$4" deb_licence="$5" rate="$6" pace="$7"
  local quality="$8"
  local stage="$here/.build-$name" version holders key text n=0
  version="$(dpkg-query -W -f='${Version}' rhvoice)"
  rm -rf "$stage"
  mkdir -p "$stage"
  "$TALKCLOCK" voice-catalog --lang "$lang" >"$stage/catalog.tsv" || die "voice-catalog failed for $lang"
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
    echo "pace = $pace"
  } >"$stage/pack.toml"
  # Clips are made JOBS at a time; the manifest lists them in catalog order.
  local running=0 failed=0 tone
  while IFS=$'\t' read -r key text say tone; do
    [[ "$key" =~ ^[a-z0-9_]+$ ]] || die "bad clip key '$key' from the catalog"
    [ -n "$text" ] || die "clip '$key' has no text"
    make_clip "$stage" "$key" "${say:-$text}" "$voice" "${tone:-final}" "$rate" &
    running=$((running + 1))
    if [ "$running" -ge "$JOBS" ]; then
      wait -n || failed=1
      running=$((running - 1))
    fi
  done <"$stage/catalog.tsv"
  while [ "$running" -gt 0 ]; do
    wait -n || failed=1
    running=$((running - 1))
  done
  [ "$failed" = 0 ] || die "a clip failed (see above)"
  local wavs=()
  while IFS=$'\t' read -r key text say tone; do
    [ -s "$stage/$key.wav" ] || die "no clip made for '$key'"
    wavs+=("$stage/$key.wav")
  done <"$stage/catalog.tsv"
  "$TALKCLOCK" voice-join --out "$stage/clips.wav" "${wavs[@]}" >"$stage/spans.tsv" \
    || die "voice-join failed"
  oggenc -Q -q "$quality" --serial 1 -o "$stage/clips.ogg" "$stage/clips.wav" || die "oggenc failed"
  # The encoder moves a clip of sibilants' level by up to 1.5 dB (Polish "czas"): the clips
  # more than 0.7 dB off as decoded get the gain that undoes it, and the file is made again.
  oggdec -Q -o "$stage/decoded.wav" "$stage/clips.ogg" || die "oggdec failed"
  local relevelled
  relevelled="$("$TALKCLOCK" voice-relevel --decoded "$stage/decoded.wav" \
    --spans "$stage/spans.tsv" "${wavs[@]}")" || die "voice-relevel failed"
  rm -f "$stage/decoded.wav"
  if [ "$relevelled" != 0 ]; then
    echo "build.sh: $name: $relevelled clips relevelled after encoding" >&2
    "$TALKCLOCK" voice-join --out "$stage/clips.wav" "${wavs[@]}" >"$stage/spans.tsv" \
      || die "voice-join failed"
    oggenc -Q -q "$quality" --serial 1 -o "$stage/clips.ogg" "$stage/clips.wav" || die "oggenc failed"
  fi
  echo 'audio = "clips.ogg"' >>"$stage/pack.toml"
  local start frames
  while IFS=$'\t' read -r key text say tone && IFS=$'\t' read -r start frames <&3; do
    {
      echo
      echo "[[clip]]"
      echo "key = $(toml_str "$key")"
      echo "text = $(toml_str "$text")"
      echo "start = $start"
      echo "frames = $frames"
    } >>"$stage/pack.toml"
    n=$((n + 1))
  done <"$stage/catalog.tsv" 3<"$stage/spans.tsv"
  rm -f "${wavs[@]}" "$stage/clips.wav" "$stage/spans.tsv"
  rm -f "$stage/catalog.tsv"
  rm -rf "${here:?}/$name"
  mv "$stage" "$here/$name"
  echo "build.sh: $name: $n clips, $(du -sh "$here/$name" | cut -f1)" >&2
}

main() {
  if [ "${1:-}" = --tools ]; then
    ensure_tools
    return
  fi
  trap cleanup EXIT
  ensure_tools
  if [ -z "$TALKCLOCK" ]; then
    cargo build --quiet --manifest-path "$crate/Cargo.toml" --bin talkclock
    TALKCLOCK="${CARGO_TARGET_DIR:-$crate/target}/debug/talkclock"
  fi
  setup_rhvoice_config
  local spec name want
  for spec in "${PACKS[@]}"; do
    name="${spec%%|*}"
    if [ "$#" -gt 0 ]; then
      for want in "$@"; do [ "$want" = "$name" ] && break; want=""; done
      [ -n "$want" ] || continue
    fi
    IFS='|' read -r name lang voice spdx deb_licence rate pace quality <<<"$spec"
    if [ "$#" -eq 0 ] && ! "$TALKCLOCK" voice-catalog --lang "$lang" >/dev/null 2>&1; then
      echo "build.sh: skipping $name: this talkclock has no voice catalog for '$lang' yet" >&2
      continue
    fi
    build_pack "$name" "$lang" "$voice" "$spdx" "$deb_licence" "$rate" "$pace" "$quality"
  done
}

main "$@"
