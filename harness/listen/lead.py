"""Silence before a sentence, as a listener always has it, for the recogniser.

A rendered sentence starts on its first sound, at sample 0 (ours are trimmed, and the
reference is trimmed the same way). No ear hears speech that way: before a readout there is
the quiet of the room. Whisper does: its first analysis window starts on the sound, and a
sentence that opens on a plosive ("пятьдесят…") is then often misheard ("пить 10-7"), for
both renderings alike. So each file is transcribed with LEAD_MS of silence before it; the
files themselves, and every duration, gap and level figure, stay as rendered.
"""

import wave
from pathlib import Path

LEAD_MS = 300  # silence put before each sentence for the recogniser


def with_lead(src, dst, ms):
    """Writes `src` (a 16-bit WAV) to `dst` with `ms` milliseconds of digital silence before
    it; the rest is byte for byte the same."""
    with wave.open(str(src), "rb") as r:
        params = r.getparams()
        frames = r.readframes(r.getnframes())
    silence = b"\0" * (params.sampwidth * params.nchannels * round(params.framerate * ms / 1000))
    Path(dst).parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(dst), "wb") as w:
        w.setparams(params)
        w.writeframes(silence + frames)
