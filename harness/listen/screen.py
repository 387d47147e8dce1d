"""Which RHVoice voice Whisper base understands best: the readouts of `make listen`'s set (or
the groups given), said whole by each voice given (RHVoice continuous, processed and stretched as the reference
is), transcribed and judged as `make listen` does. A screening for choosing a pack's voice,
not a measure of the packs: no voice pack is rendered. Each voice's transcripts and figures go
to OUT/LANG/VOICE/screen.json (to judge them again after a parser change).

  python screen.py --binary BIN --model MODEL --lang ru --voices aleksandr-hq anna … [--out DIR]
                   [--groups readout timed]
"""

import argparse
import json
import shutil
import time
from pathlib import Path

import lead
import listen


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--binary", required=True)
    p.add_argument("--model", required=True)
    p.add_argument("--lang", required=True)
    p.add_argument("--voices", nargs="+", required=True)
    p.add_argument("--out", default="target/listen/screen")
    p.add_argument("--random", type=int, default=40)
    p.add_argument("--seed", type=int, default=12)
    p.add_argument("--lead-ms", type=int, default=lead.LEAD_MS)
    p.add_argument("--groups", nargs="+", default=["readout"],
                   help="the set's groups to say: readout, timed (readouts with the side, "
                        "warnings …), other")
    args = p.parse_args()
    if "readout" not in args.groups:
        p.error("--groups must hold readout (the durations are the readouts')")
    out = Path(args.out) / args.lang
    out.mkdir(parents=True, exist_ok=True)
    conf = listen.rhvoice_settings(out)
    marked = listen.rhvoice_config_works(conf)
    ours = out / "set"
    shutil.rmtree(ours, ignore_errors=True)
    listen.run([args.binary, "listen-set", "--lang", args.lang, "--random", str(args.random),
                "--seed", str(args.seed), "--out", str(ours)])
    items = [it for it in listen.read_manifest(ours) if it["group"] in args.groups]
    model = listen.load_model(args.model)
    for voice in args.voices:
        t0 = time.time()
        work = out / voice
        recorded = listen.render_rhvoice(args.binary, items, args.lang, work, conf, marked, voice)
        stretched = work / "stretched"
        shutil.rmtree(stretched, ignore_errors=True)
        listen.run([args.binary, "listen-stretch", "--in", str(recorded), "--out", str(stretched)])
        heard = listen.transcribe_all(model, stretched, items, args.lang, args.lead_ms)
        result = listen.score(items, heard, args.lang, stretched)
        (work / "screen.json").write_text(json.dumps(
            {"voice": voice, "lang": args.lang, "heard": heard, "groups": result["groups"],
             "misheard": result["misheard"], "audio": result["audio"]},
            ensure_ascii=False, indent=1))
        figures = "  ".join("%s %d/%d" % (name, g["exact"], g["n"])
                            for name, g in result["groups"].items())
        print("%-14s %s  WER %4.1f %%  readouts %.1f s  (%.0f s)" % (
            voice, figures, result["groups"]["all"]["wer_pct"],
            result["audio"]["readout_duration_sum_s"], time.time() - t0), flush=True)
        for m in result["misheard"]:
            print("    %s: \"%s\" -> \"%s\"" % (m["id"], m["said"], m["heard"]), flush=True)


if __name__ == "__main__":
    main()
