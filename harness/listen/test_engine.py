"""Self-tests of engine.py (make listen-test): the words per minute the clock gives espeak-ng
for its rate, and espeak-ng's rendering of a German sentence."""

import shutil
import tempfile
import unittest
import wave
from pathlib import Path

import engine

def seconds(path):
    with wave.open(str(path), "rb") as w:
        return w.getnframes() / w.getframerate()


class Rates(unittest.TestCase):
    def test_the_clocks_rate_in_words_per_minute(self):
        # The same figures as espeak_wpm's test in src/audio/synth.rs: 175 × 2^rate, rounded.
        self.assertEqual(engine.words_per_minute(engine.CLOCK_RATE), 231)
        self.assertEqual(engine.words_per_minute(1.0), 350)
        self.assertEqual(engine.words_per_minute(0.0), 175)
        self.assertEqual(engine.words_per_minute(-1.0), 88)
        self.assertEqual(engine.words_per_minute(7.0), 350)


@unittest.skipUnless(shutil.which("espeak-ng"), "espeak-ng is not installed")
class Render(unittest.TestCase):
    def test_faster_rate_is_shorter_speech(self):
        items = [{"id": "a", "file": "a.wav", "text": "Weiß: eine Stunde zwölf Minuten."}]
        with tempfile.TemporaryDirectory() as d:
            slow = engine.render(items, "de", Path(d) / "slow")
            fast = engine.render(items, "de", Path(d) / "fast", engine.words_per_minute(1.0))
            slow_s, fast_s = seconds(slow / "a.wav"), seconds(fast / "a.wav")
        self.assertGreater(slow_s, 1.0)
        self.assertLess(fast_s, slow_s * 0.6)


if __name__ == "__main__":
    unittest.main()
