"""Duration, internal gaps, level and peak of a rendered sentence (16-bit mono WAV)."""

import wave

import numpy as np

SILENCE_DBFS = -50.0  # a frame quieter than this is silence
GAP_MIN_MS = 20  # a silent run at least this long inside a sentence is a gap
FRAME_MS = 5  # frame length for silence detection
LEVEL_FRAME_MS = 20  # frame length for the level
VOICED_BELOW_PEAK_DB = 30.0  # a level frame within this of the loudest frame is voiced


def read(path):
    """Samples in -1 … 1 and the sample rate."""
    with wave.open(str(path), "rb") as w:
        if w.getnchannels() != 1 or w.getsampwidth() != 2:
            raise ValueError("%s: expected 16-bit mono" % path)
        rate = w.getframerate()
        data = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2")
    return data.astype(np.float64) / 32768.0, rate


def db(x):
    return 20.0 * np.log10(np.maximum(x, 1e-10))


def frame_rms(samples, rate, ms):
    n = max(1, int(rate * ms / 1000))
    usable = len(samples) // n * n
    if usable == 0:
        return np.zeros(0)
    frames = samples[:usable].reshape(-1, n)
    return np.sqrt(np.mean(frames * frames, axis=1))


def gaps(samples, rate):
    """Lengths in ms of the silent runs (≥ GAP_MIN_MS below SILENCE_DBFS) between the first
    and the last sound."""
    silent = db(frame_rms(samples, rate, FRAME_MS)) < SILENCE_DBFS
    sound = np.flatnonzero(~silent)
    if len(sound) == 0:
        return []
    inner = silent[sound[0]:sound[-1] + 1]
    runs, run = [], 0
    for s in inner:
        if s:
            run += 1
        else:
            if run * FRAME_MS >= GAP_MIN_MS:
                runs.append(run * FRAME_MS)
            run = 0
    return runs


def level(samples, rate):
    """RMS in dBFS over the voiced frames (within VOICED_BELOW_PEAK_DB of the loudest)."""
    rms = frame_rms(samples, rate, LEVEL_FRAME_MS)
    if len(rms) == 0 or rms.max() <= 0:
        return float("-inf")
    voiced = rms[db(rms) >= db(rms.max()) - VOICED_BELOW_PEAK_DB]
    return float(db(np.sqrt(np.mean(voiced * voiced))))


def measure(path):
    """The figures of one file."""
    samples, rate = read(path)
    return {
        "duration_s": len(samples) / rate,
        "gaps_ms": gaps(samples, rate),
        "level_dbfs": level(samples, rate),
        "peak_dbfs": float(db(np.abs(samples).max())) if len(samples) else float("-inf"),
    }
