"""A language with no voice pack (German): the clock speaks it with espeak-ng
(`espeak-ng --stdout`, src/audio/synth.rs) at the rate the listener's speech rate gives.
`make listen` renders that with espeak-ng itself, at the same words per minute, and renders the
engine's running speech of the same sentences as the reference.

The clock's words per minute for a rate -1 … 1 are espeak-ng's normal 175 times the tempo a
voice pack's clips play at, 2^rate (`espeak_wpm` in src/audio/synth.rs), rounded.
"""

import subprocess

# The espeak-ng voice for each language the clock speaks with no pack.
VOICES = {"de": "de"}
# The rate the clock gives the system speech engine of a language with no pack
# (`DEFAULT_SPEECH_RATE`, src/audio/speech.rs, as src/announce/open.rs uses it).
CLOCK_RATE = 0.4
# espeak-ng's own speed, words a minute (`ESPEAK_WPM`, src/audio/synth.rs).
NORMAL_WPM = 175


def words_per_minute(rate):
    """espeak-ng's words per minute for the clock's speech rate `rate` (-1 … 1), as the clock
    asks for them: its normal speed times the packs' tempo 2^rate, rounded."""
    rate = max(-1.0, min(1.0, rate))
    return int(NORMAL_WPM * 2 ** rate + 0.5)


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
