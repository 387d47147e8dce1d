"""Self-tests of engine.py (make listen-test): the words per minute speech-dispatcher's
espeak-ng module gives the clock's rate, and espeak-ng's rendering of a German sentence."""

import shutil
import tempfile
import unittest
import wave
from pathlib import Path

import engine

DEBIAN_CONF = """# -- Rate control --
# Minimum rate (-100 in speech-dispatcher)
EspeakMinRate 80
# Normal rate (0 in speech-dispatcher)
EspeakNormalRate 170
# Maximum rate (100 in speech-dispatcher)
EspeakMaxRate 449
"""


def seconds(path):
    with wave.open(str(path), "rb") as w:
        return w.getnframes() / w.getframerate()


class Rates(unittest.TestCase):
    def test_settings_read_from_the_module_file(self):
        self.assertEqual(engine.module_rates(DEBIAN_CONF),
                         {"EspeakMinRate": 80, "EspeakNormalRate": 170, "EspeakMaxRate": 449})
        self.assertEqual(engine.module_rates("EspeakMaxRate 390\n#EspeakMinRate 10\n")["EspeakMaxRate"], 390)
        self.assertEqual(engine.module_rates("#EspeakMinRate 10\n")["EspeakMinRate"], 80)

    def test_the_clocks_rate_in_words_per_minute(self):
        rates = engine.module_rates(DEBIAN_CONF)
        # 0.4 is 40 for speech-dispatcher: 170 + 279 * 40 / 100 = 281.6, truncated.
        self.assertEqual(engine.words_per_minute(engine.CLOCK_RATE, rates), 281)
        self.assertEqual(engine.words_per_minute(1.0, rates), 449)
        self.assertEqual(engine.words_per_minute(0.0, rates), 170)
        self.assertEqual(engine.words_per_minute(-1.0, rates), 80)
        # Below normal, C's division truncates toward zero: 170 + 90 * -33 / 100 = 170 - 29.
        self.assertEqual(engine.words_per_minute(-0.33, rates), 141)
        self.assertEqual(engine.words_per_minute(7.0, rates), 449)


@unittest.skipUnless(shutil.which("espeak-ng"), "espeak-ng is not installed")
class Render(unittest.TestCase):
    def test_faster_rate_is_shorter_speech(self):
        items = [{"id": "a", "file": "a.wav", "text": "Weiß: eine Stunde zwölf Minuten."}]
        with tempfile.TemporaryDirectory() as d:
            slow = engine.render(items, "de", Path(d) / "slow")
            fast = engine.render(items, "de", Path(d) / "fast", engine.words_per_minute(1.0, engine.DEFAULT_RATES))
            slow_s, fast_s = seconds(slow / "a.wav"), seconds(fast / "a.wav")
        self.assertGreater(slow_s, 1.0)
        self.assertLess(fast_s, slow_s * 0.6)


if __name__ == "__main__":
    unittest.main()
