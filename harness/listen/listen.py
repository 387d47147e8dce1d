"""`make listen`: how well Whisper base understands what the clock says, beside RHVoice
continuous on the same sentences.

For each language: `talkclock listen-set` renders the test set with the voice packs at the
default speech rate (and at the fastest), RHVoice-test says each whole sentence (the same
voice, stress-marked text and settings the packs are made with), processed like a pack clip
by `talkclock voice-master` (trimmed, faded, levelled to the packs' voiced level) and sped up by `talkclock listen-stretch` with the
packs' own time-stretch and tempo. faster-whisper (Whisper base, CPU, int8, language forced)
transcribes every file, with a moment of silence before it as a listener has (lead.py);
parse.py reads the time, side and count back. Prints a table and
writes report.json and report.md into --out.

A language with no voice pack (German) is spoken by the system speech engine: `listen-set`
gives its sentences' texts alone, "ours" is the clock's own text said by espeak-ng at the
words per minute the clock gives it for its rate (src/audio/synth.rs), and the
reference is espeak-ng's running speech of the same sentences at its normal speed, processed
and sped up as the RHVoice reference is (engine.py).
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import engine
import lead
import measure
import parse

# The RHVoice voice of each language's pack, where the manifest does not name it.
VOICES = {"ru": "aleksandr-hq", "en": "slt"}
# The exact-match goal for readouts said by the voice pack, by language (others: only the
# goals beside the reference).
WANT = {"ru": 98.0, "en": 100.0}


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def read_manifest(folder):
    with open(folder / "manifest.jsonl", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def rhvoice_settings(out):
    """The RHVoice settings folder the packs are made with (stress marks read as `+`), made in
    `out`."""
    conf = out / "rhvoice-conf"
    conf.mkdir(exist_ok=True)
    (conf / "RHVoice.conf").write_text("stress_marker=+\n")
    return conf


def rhvoice_config_works(conf):
    """Whether RHVoice can be given our settings folder in a private mount namespace."""
    probe = subprocess.run(
        ["unshare", "-m", "sh", "-c", 'mount --bind "$0" /etc/RHVoice', str(conf)],
        capture_output=True,
    )
    return probe.returncode == 0


def render_rhvoice(binary, items, lang, work, conf, marked, voice=None):
    """Every sentence said whole by RHVoice (`voice`, the pack's own by default), as a pack
    clip would be processed: raw/ID.wav, then recorded/ID.wav (`talkclock voice-master`:
    trimmed, faded, at the packs' level)."""
    voice = voice or VOICES[lang]
    raw, recorded = work / "raw", work / "recorded"
    for d in (raw, recorded):
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
    listing = work / "reference.tsv"
    with open(listing, "w", encoding="utf-8") as f:
        for it in items:
            text = it["reference_text"] if marked else it["text"]
            f.write("%s\t%s\n" % (it["id"], text))
    loop = (
        'while IFS="$(printf "\\t")" read -r id text; do '
        'printf "%s\\n" "$text" | RHVoice-test -p "$1" -o "$2/$id.wav" >/dev/null 2>&1; done < "$3"'
    )
    if marked:
        script = 'mount --bind "$0" /etc/RHVoice && ' + loop
        cmd = ["unshare", "-m", "sh", "-c", script, str(conf), voice, str(raw), str(listing)]
    else:
        cmd = ["sh", "-c", loop, "sh", voice, str(raw), str(listing)]
    run(cmd)
    for it in items:
        src = raw / (it["id"] + ".wav")
        if not src.exists() or src.stat().st_size == 0:
            raise SystemExit("RHVoice made no audio for %s (%s)" % (it["id"], it["text"]))
        run([binary, "voice-master", "--in", str(src), "--out", str(recorded / (it["id"] + ".wav"))],
            stdout=subprocess.DEVNULL)
    return recorded


def transcribe_all(model, folder, items, lang, lead_ms):
    """What Whisper hears in each file, given `lead_ms` of silence before it (lead.py)."""
    heard = {}
    heard_folder = folder.parent / (folder.name + "-heard")
    shutil.rmtree(heard_folder, ignore_errors=True)
    for it in items:
        path = folder / it["file"]
        if lead_ms > 0:
            lead.with_lead(path, heard_folder / it["file"], lead_ms)
            path = heard_folder / it["file"]
        segments, _ = model.transcribe(
            str(path), language=lang, beam_size=5,
            condition_on_previous_text=False,
        )
        heard[it["id"]] = "".join(s.text for s in segments).strip()
    return heard


def pct(a, b):
    return 100.0 * a / b if b else float("nan")


def score(items, heard, lang, folder):
    """Exact-match and WER by group, the misheard sentences, and the audio figures."""
    groups = {}
    misheard = []
    rows = []
    for it in items:
        ok, note = parse.judge(it, heard[it["id"]], lang)
        ref = parse.normalised(it["text"], lang)
        hyp = parse.normalised(heard[it["id"]], lang)
        errors = parse.edit_distance(ref, hyp)
        figures = measure.measure(folder / it["file"])
        rows.append({**it, "heard": heard[it["id"]], "exact": ok, "note": note,
                     "ref_words": len(ref), "word_errors": errors, **figures})
        for g in (it["group"], "all"):
            s = groups.setdefault(g, {"n": 0, "exact": 0, "words": 0, "errors": 0})
            s["n"] += 1
            s["exact"] += ok
            s["words"] += len(ref)
            s["errors"] += errors
        if not ok:
            misheard.append({"id": it["id"], "said": it["text"], "heard": heard[it["id"]], "why": note})
    for s in groups.values():
        s["exact_pct"] = pct(s["exact"], s["n"])
        s["wer_pct"] = pct(s["errors"], s["words"])
    readouts = [r for r in rows if r["group"] == "readout"]
    all_gaps = [g for r in readouts for g in r["gaps_ms"]]
    levels = [r["level_dbfs"] for r in rows]
    audio = {
        "readout_duration_median_s": statistics.median(r["duration_s"] for r in readouts),
        "readout_duration_sum_s": sum(r["duration_s"] for r in readouts),
        "all_duration_sum_s": sum(r["duration_s"] for r in rows),
        "readout_gaps": len(all_gaps),
        "readouts_with_gaps": sum(1 for r in readouts if r["gaps_ms"]),
        "readout_gap_median_ms": statistics.median(all_gaps) if all_gaps else 0,
        "level_min_dbfs": min(levels),
        "level_max_dbfs": max(levels),
        "level_spread_db": max(levels) - min(levels),
        "peak_max_dbfs": max(r["peak_dbfs"] for r in rows),
    }
    return {"groups": groups, "misheard": misheard, "audio": audio, "rows": rows}


def fast_duration(folder, ident="readout_1h12m00s"):
    return measure.measure(folder / (ident + ".wav"))["duration_s"]


def one_language(lang, args, model, conf, marked):
    work = Path(args.out) / lang
    ours, ours_fast = work / "ours", work / "ours-fast"
    common = ["--lang", lang, "--random", str(args.random), "--seed", str(args.seed)]
    if args.voices:
        common += ["--voices", args.voices]
    for d in (ours, ours_fast):
        shutil.rmtree(d, ignore_errors=True)
    run([args.binary, "listen-set", *common, "--out", str(ours)])
    run([args.binary, "listen-set", *common, "--rate", "1", "--out", str(ours_fast)])
    items = read_manifest(ours)
    if args.limit:
        fast = [it for it in items if it["id"] == "readout_1h12m00s"]
        items = items[: args.limit]
        items += [it for it in fast if it not in items]
    packed = all(it.get("pack", True) for it in items)
    if packed:
        # The pack's own voice (listen-set names it), else the voice of VOICES.
        recorded = render_rhvoice(args.binary, items, lang, work, conf, marked, items[0].get("voice"))
        labels = ("voice pack (ours)", "RHVoice continuous")
    else:
        recorded = render_unpacked(args.binary, items, lang, work, ours, ours_fast)
        labels = ("espeak-ng as the clock says it (ours)", "espeak-ng continuous")
    rh, rh_fast = work / "rhvoice", work / "rhvoice-fast"
    for d in (rh, rh_fast):
        shutil.rmtree(d, ignore_errors=True)
    run([args.binary, "listen-stretch", "--in", str(recorded), "--out", str(rh)])
    run([args.binary, "listen-stretch", "--rate", "1", "--in", str(recorded), "--out", str(rh_fast)])
    result = {"sentences": len(items), "pack": packed, "labels": list(labels)}
    for name, folder in (("ours", ours), ("rhvoice", rh)):
        t0 = time.time()
        heard = transcribe_all(model, folder, items, lang, args.lead_ms)
        result[name] = score(items, heard, lang, folder)
        print("%s %s: %d transcribed in %.0f s" % (lang, name, len(items), time.time() - t0), flush=True)
    if any(it["id"] == "readout_1h12m00s" for it in items):
        result["fastest_1h12m_s"] = {"ours": fast_duration(ours_fast), "rhvoice": fast_duration(rh_fast)}
    return result


def render_unpacked(binary, items, lang, work, ours, ours_fast):
    """A language with no voice pack: "ours" (and "ours-fast", at rate 1) as the clock says it,
    espeak-ng at the words per minute the clock asks for at its rate; the reference,
    espeak-ng at its normal speed, processed as a pack clip (work/recorded/, for
    `listen-stretch`)."""
    engine.render(items, lang, ours, engine.words_per_minute(engine.CLOCK_RATE))
    fast = [it for it in items if it["id"] == "readout_1h12m00s"]
    engine.render(fast, lang, ours_fast, engine.words_per_minute(1.0))
    raw, recorded = work / "raw", work / "recorded"
    for d in (raw, recorded):
        shutil.rmtree(d, ignore_errors=True)
    engine.render(items, lang, raw)
    recorded.mkdir(parents=True)
    for it in items:
        run([binary, "voice-master", "--in", str(raw / it["file"]), "--out", str(recorded / it["file"])],
            stdout=subprocess.DEVNULL)
    return recorded


ITEM_KEYS = ("id", "kind", "group", "file", "text", "reference_text", "expected_secs", "side", "count")


def rescore(report, out):
    """The stored transcripts of a previous run judged again (after a parser change), the
    audio figures measured again from its files; no Whisper run."""
    for lang, r in report["languages"].items():
        for name, sub in (("ours", "ours"), ("rhvoice", "rhvoice")):
            rows = r[name]["rows"]
            items = [{k: row[k] for k in ITEM_KEYS} for row in rows]
            heard = {row["id"]: row["heard"] for row in rows}
            r[name] = score(items, heard, lang, out / lang / sub)
    report["goals"] = goals(report)
    report["rescored"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    return report


def load_model(model_dir):
    os.environ["HF_HUB_OFFLINE"] = "1"
    from faster_whisper import WhisperModel

    threads = int(os.environ.get("LISTEN_THREADS", "2"))
    return WhisperModel(model_dir, device="cpu", compute_type="int8", cpu_threads=threads)


def table(report):
    """The figures as a markdown table per language, then the goals."""
    out = ["Each sentence transcribed with %d ms of silence before it.\n" % report.get("lead_ms", 0)]
    for lang, r in report["languages"].items():
        o, h = r["ours"], r["rhvoice"]
        ours_label, ref_label = r.get("labels", ("voice pack (ours)", "RHVoice continuous"))
        out.append("### %s (%d sentences, %d readouts)\n" % (
            lang, r["sentences"], o["groups"].get("readout", {}).get("n", 0)))
        out.append("| | %s | %s |" % (ours_label, ref_label))
        out.append("|---|---:|---:|")
        for g, label in (("readout", "readouts"), ("timed", "other timed announcements"),
                         ("other", "other announcements"), ("all", "all")):
            if g not in o["groups"]:
                continue
            og, hg = o["groups"][g], h["groups"][g]
            out.append("| exact match, %s | %.1f %% (%d/%d) | %.1f %% (%d/%d) |" % (
                label, og["exact_pct"], og["exact"], og["n"], hg["exact_pct"], hg["exact"], hg["n"]))
            out.append("| WER, %s | %.1f %% | %.1f %% |" % (label, og["wer_pct"], hg["wer_pct"]))
        oa, ha = o["audio"], h["audio"]
        out.append("| readout duration, median | %.2f s | %.2f s |" % (
            oa["readout_duration_median_s"], ha["readout_duration_median_s"]))
        out.append("| readout duration, sum (ours/RHVoice) | %.1f s (%.2f) | %.1f s |" % (
            oa["readout_duration_sum_s"], oa["readout_duration_sum_s"] / ha["readout_duration_sum_s"],
            ha["readout_duration_sum_s"]))
        out.append("| all sentences, sum (ours/RHVoice) | %.1f s (%.2f) | %.1f s |" % (
            oa["all_duration_sum_s"], oa["all_duration_sum_s"] / ha["all_duration_sum_s"],
            ha["all_duration_sum_s"]))
        if "fastest_1h12m_s" in r:
            f = r["fastest_1h12m_s"]
            out.append("| \"1 h 12 min\" at rate 1.0 | %.2f s | %.2f s |" % (f["ours"], f["rhvoice"]))
        out.append("| gaps ≥ %d ms below %d dBFS in readouts (readouts with any) | %d (%d) | %d (%d) |" % (
            measure.GAP_MIN_MS, measure.SILENCE_DBFS, oa["readout_gaps"], oa["readouts_with_gaps"],
            ha["readout_gaps"], ha["readouts_with_gaps"]))
        out.append("| gap length, median | %.0f ms | %.0f ms |" % (
            oa["readout_gap_median_ms"], ha["readout_gap_median_ms"]))
        out.append("| level (voiced RMS) min … max, spread | %.1f … %.1f dBFS, %.1f dB | %.1f … %.1f dBFS, %.1f dB |" % (
            oa["level_min_dbfs"], oa["level_max_dbfs"], oa["level_spread_db"],
            ha["level_min_dbfs"], ha["level_max_dbfs"], ha["level_spread_db"]))
        out.append("| peak, highest | %.1f dBFS | %.1f dBFS |" % (oa["peak_max_dbfs"], ha["peak_max_dbfs"]))
        out.append("")
        for name, label in (("ours", ours_label), ("rhvoice", ref_label)):
            wrong = r[name]["misheard"]
            out.append("Misheard, %s (%d):" % (label, len(wrong)))
            for m in wrong:
                out.append("- `%s`: said \"%s\", heard \"%s\" (%s)" % (m["id"], m["said"], m["heard"], m["why"]))
            out.append("")
    out.append("### Goals\n")
    for goal, ok in report["goals"]:
        out.append("- %s %s" % ("PASS" if ok else "FAIL", goal))
    return "\n".join(out)


def goals(report):
    result = []
    for lang, r in report["languages"].items():
        o, h = r["ours"], r["rhvoice"]
        if "readout" not in o["groups"]:
            continue
        ours_pct = o["groups"]["readout"]["exact_pct"]
        rh_pct = h["groups"]["readout"]["exact_pct"]
        reference = r.get("labels", (None, "RHVoice continuous"))[1]
        if lang in WANT and r.get("pack", True):
            result.append(("%s: readout exact match %.1f %% ≥ %.0f %%" % (lang, ours_pct, WANT[lang]),
                           ours_pct >= WANT[lang]))
        result.append(("%s: readout exact match %.1f %% not below %s %.1f %%" % (
            lang, ours_pct, reference, rh_pct), ours_pct >= rh_pct))
        ratio = o["audio"]["readout_duration_sum_s"] / h["audio"]["readout_duration_sum_s"]
        result.append(("%s: readouts at the default rate %.2f × %s (≤ 1.00)" % (lang, ratio, reference),
                       ratio <= 1.0))
        if "fastest_1h12m_s" in r:
            fast = r["fastest_1h12m_s"]["ours"]
            result.append(("%s: \"1 h 12 min\" at the fastest rate %.2f s ≤ 1.2 s" % (lang, fast), fast <= 1.2))
    return result


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--binary", help="the talkclock binary")
    p.add_argument("--model", help="the Whisper base CTranslate2 folder")
    p.add_argument("--rescore", action="store_true",
                   help="judge the transcripts of --out's report.json again, without Whisper")
    p.add_argument("--out", default="target/listen/run")
    p.add_argument("--langs", nargs="+", default=["ru", "en"])
    p.add_argument("--random", type=int, default=40)
    p.add_argument("--seed", type=int, default=12)
    p.add_argument("--voices", help="the voice packs folder (the daemon's choice by default)")
    p.add_argument("--limit", type=int, default=0, help="only the first N sentences (a quick try)")
    p.add_argument("--lead-ms", type=int, default=lead.LEAD_MS,
                   help="silence before each sentence for the recogniser, ms (0: none, as "
                        "before 2026-12-01)")
    p.add_argument("--plain-reference", action="store_true",
                   help="give RHVoice the plain text instead of the stress-marked text")
    args = p.parse_args()
    out = Path(args.out)
    if args.rescore:
        report = rescore(json.loads((out / "report.json").read_text()), out)
        finish(report, out)
        return
    if not args.binary or not args.model:
        p.error("--binary and --model are needed (except with --rescore)")
    out.mkdir(parents=True, exist_ok=True)
    conf = rhvoice_settings(out)
    marked = not args.plain_reference
    if marked and not rhvoice_config_works(conf):
        print("listen: cannot mount our RHVoice settings in a private namespace (unshare -m); "
              "the reference gets the plain text", file=sys.stderr)
        marked = False
    t0 = time.time()
    model = load_model(args.model)
    report = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "reference_text": "stress-marked" if marked else "plain",
        "lead_ms": args.lead_ms,
        "model": "Whisper base (faster-whisper, CTranslate2 int8, CPU, beam 5, language forced)",
        "languages": {},
    }
    for lang in args.langs:
        report["languages"][lang] = one_language(lang, args, model, conf, marked)
    report["goals"] = goals(report)
    report["seconds"] = round(time.time() - t0)
    finish(report, out)


def finish(report, out):
    text = table(report)
    (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1))
    (out / "report.md").write_text(text + "\n")
    print()
    print(text)
    print("\nreport: %s, %s (%d s)" % (out / "report.md", out / "report.json", report.get("seconds", 0)))


if __name__ == "__main__":
    main()
