"""Self-tests of lead.py (standard library only; `make listen-test`)."""

import tempfile
import unittest
import wave
from pathlib import Path

import lead


class WithLead(unittest.TestCase):
    def test_silence_goes_before_the_sentence_and_the_sentence_is_unchanged(self):
        with tempfile.TemporaryDirectory() as d:
            src, dst = Path(d) / "a.wav", Path(d) / "heard" / "a.wav"
            body = bytes(range(1, 201))  # 100 frames, none of them silent
            with wave.open(str(src), "wb") as w:
                w.setnchannels(1)
                w.setsampwidth(2)
                w.setframerate(24000)
                w.writeframes(body)
            lead.with_lead(src, dst, 300)
            with wave.open(str(dst), "rb") as r:
                self.assertEqual((r.getnchannels(), r.getsampwidth(), r.getframerate()),
                                 (1, 2, 24000))
                self.assertEqual(r.getnframes(), 7200 + 100)
                data = r.readframes(r.getnframes())
            self.assertEqual(data[: 7200 * 2], b"\0" * 7200 * 2)
            self.assertEqual(data[7200 * 2:], body)


if __name__ == "__main__":
    unittest.main()
