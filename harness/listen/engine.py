"""A language with no voice pack (German): the clock speaks it with the system speech engine,
speech-dispatcher's espeak-ng module, at the rate the clock asks for. `make listen` renders
that with espeak-ng itself, at the words per minute the module would use, and renders the
engine's running speech of the same sentences as the reference.

speech-dispatcher maps its rate (-100 … 100; the clock's -1 … 1 times 100) onto espeak-ng's
words per minute with three settings of modules/espeak-ng.conf: EspeakMinRate at -100,
EspeakNormalRate at 0, EspeakMaxRate at 100, linearly on each side, in integers.
"""

import re
import subprocess
from pathlib import Path

# The espeak-ng voice for each language the clock speaks with no pack.
VOICES = {"de": "de"}
# The rate the clock gives the system speech engine of a language with no pack
# (`DEFAULT_SPEECH_RATE`, src/audio/speech.rs, as src/announce/open.rs uses it).
CLOCK_RATE = 0.4
# speech-dispatcher's espeak-ng module settings when its file does not say (Debian 12's).
MODULE_CONF = Path("/etc/speech-dispatcher/modules/espeak-ng.conf")
DEFAULT_RATES = {"EspeakMinRate": 80, "EspeakNormalRate": 170, "EspeakMaxRate": 449}


def module_rates(text=None):
    """EspeakMinRate, EspeakNormalRate and EspeakMaxRate as the module's settings file `text`
    sets them (Debian's file when None, the defaults for what it does not set)."""
    if text is None:
        text = MODULE_CONF.read_text() if MODULE_CONF.exists() else ""
    rates = dict(DEFAULT_RATES)
    for line in text.splitlines():
        m = re.match(r"\s*(Espeak(?:Min|Normal|Max)Rate)\s+(\d+)\s*(?:#.*)?$", line)
        if m:
            rates[m.group(1)] = int(m.group(2))
    return rates


def words_per_minute(rate, rates):
    """espeak-ng's words per minute for the clock's speech rate `rate` (-1 … 1), as
    speech-dispatcher's module computes it (C integer arithmetic, truncating toward zero)."""
    sd_rate = int(round(max(-1.0, min(1.0, rate)) * 100))
    low, normal, high = rates["EspeakMinRate"], rates["EspeakNormalRate"], rates["EspeakMaxRate"]
    if sd_rate < 0:
        return normal - (normal - low) * -sd_rate // 100
    return normal + (high - normal) * sd_rate // 100


def render(items, lang, folder, wpm=None):
    """Every sentence's text said whole by espeak-ng in `lang` (at `wpm` words per minute, its
    own normal speed when None) into folder/FILE (22.05 kHz 16-bit mono). Returns the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    for it in items:
        cmd = ["espeak-ng", "-v", VOICES[lang], "-w", str(folder / it["file"])]
        if wpm is not None:
            cmd += ["-s", str(wpm)]
        subprocess.run(cmd + ["--", it["text"]], check=True)
        path = folder / it["file"]
        if not path.exists() or path.stat().st_size <= 44:
            raise SystemExit("espeak-ng made no audio for %s (%s)" % (it["id"], it["text"]))
    return folder
