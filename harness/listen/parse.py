"""Reading a transcript back: words normalised for the word error rate, number words and
digits collapsed into numbers, and the time, side and count a listener heard.

Plain standard library, so that its self-tests (test_parse.py) run anywhere.
"""

import re

RU_UNITS = {
    "ноль": 0, "нуль": 0,
    "один": 1, "одна": 1, "одно": 1, "одну": 1, "одного": 1, "одной": 1,
    "два": 2, "две": 2, "двух": 2,
    "три": 3, "трех": 3, "четыре": 4, "четырех": 4,
    "пять": 5, "пяти": 5, "шесть": 6, "шести": 6, "семь": 7, "семи": 7,
    "восемь": 8, "восьми": 8, "девять": 9, "девяти": 9,
}
RU_TEENS = {
    "десять": 10, "одиннадцать": 11, "двенадцать": 12, "тринадцать": 13,
    "четырнадцать": 14, "пятнадцать": 15, "шестнадцать": 16, "семнадцать": 17,
    "восемнадцать": 18, "девятнадцать": 19,
}
RU_TENS = {
    "двадцать": 20, "тридцать": 30, "сорок": 40, "пятьдесят": 50, "шестьдесят": 60,
    "семьдесят": 70, "восемьдесят": 80, "девяносто": 90,
    # "пятьдесят" as it is said, [пʲɪdʲːɪˈsʲat], and as Whisper sometimes writes what it heard
    # ("Пиддесят семь минут."): a spelling of the right word, not another number. Seen in both
    # renderings on 2026-12-01.
    "пиддесят": 50, "пидьдесят": 50, "пидесят": 50, "пидисят": 50,
}
EN_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9,
}
EN_TEENS = {
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
EN_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}
NUMBERS = {
    "ru": (RU_UNITS, RU_TEENS, RU_TENS),
    "en": (EN_UNITS, EN_TEENS, EN_TENS),
}

# Unit words → seconds.
TIME_UNITS = {
    "ru": {
        **dict.fromkeys(["час", "часа", "часов", "ч"], 3600),
        **dict.fromkeys(["минута", "минуты", "минут", "минуту", "мин"], 60),
        **dict.fromkeys(["секунда", "секунды", "секунд", "секунду", "сек"], 1),
    },
    "en": {
        **dict.fromkeys(["hour", "hours", "hr", "hrs", "h"], 3600),
        **dict.fromkeys(["minute", "minutes", "min", "mins"], 60),
        **dict.fromkeys(["second", "seconds", "sec", "secs"], 1),
    },
}
MOVE_WORDS = {
    "ru": {"ход", "хода", "ходов"},
    "en": {"move", "moves"},
}
# Words that stand for "one" before a unit ("an hour").
ONE_WORDS = {"ru": set(), "en": {"a", "an"}}

TOKEN = re.compile(r"\d+(?::\d+)*(?:-\d+)*|[^\W\d_]+(?:'[^\W\d_]+)?")


def tokens(text):
    """Lower-case words and digit groups ("1:21" and "5-10-2" stay one token); ё → е; stress
    marks, punctuation and hyphens between words dropped."""
    text = text.lower().replace("ё", "е").replace("+", "")
    return TOKEN.findall(text)


def unglue(words, lang):
    """Whisper sometimes writes a number word and the next word as one ("однаминута"): such
    a token is split when both halves are known words (number, time unit or move word)."""
    units, teens, tens = NUMBERS[lang]
    numbers = sorted({**units, **teens, **tens}, key=len, reverse=True)
    known = set(numbers) | set(TIME_UNITS[lang]) | MOVE_WORDS[lang]
    out = []
    for w in words:
        if w not in known:
            for n in numbers:
                if w.startswith(n) and w[len(n):] in known:
                    out.extend([n, w[len(n):]])
                    break
            else:
                out.append(w)
        else:
            out.append(w)
    return out


def hyphen_group(token):
    """The values of a hyphen-joined digit group as Whisper writes Russian compound numerals
    piece by piece: "5-10-2" (пять-десят-два) is 52, "5-10" is 50; any other group gives its
    parts ("50-1" → [50, 1], joined later as tens and units)."""
    parts = [int(p) for p in token.split("-")]
    if len(parts) in (2, 3) and 2 <= parts[0] <= 9 and parts[1] == 10:
        value = parts[0] * 10
        if len(parts) == 3:
            if not 1 <= parts[2] <= 9:
                return parts
            value += parts[2]
        return [value]
    return parts


def collapse(words, lang):
    """Numbers as one token each: number words and digits become their values, and a tens
    value (20, 30 … 90) right before a units value (1 … 9) becomes one number, whether said
    as words ("двадцать одна" → "21") or written by Whisper as digits ("50-1", "50, 1" → "51").
    "h:mm" tokens stay one token."""
    units, teens, tens = NUMBERS[lang]
    values = []
    for w in unglue(words, lang):
        if w.isdigit():
            values.append(str(int(w)))
        elif "-" in w and ":" not in w:
            values.extend(str(v) for v in hyphen_group(w))
        elif w in tens:
            values.append(str(tens[w]))
        elif w in teens:
            values.append(str(teens[w]))
        elif w in units:
            values.append(str(units[w]))
        else:
            values.append(w)
    out = []
    for v in values:
        if (v.isdigit() and 1 <= int(v) <= 9 and out and out[-1].isdigit()
                and int(out[-1]) in range(20, 100, 10)):
            out[-1] = str(int(out[-1]) + int(v))
        else:
            out.append(v)
    return out


def normalised(text, lang):
    """The words the word error rate compares: tokens with numbers collapsed, "h:mm" split."""
    out = []
    for t in collapse(tokens(text), lang):
        if ":" in t:
            out.extend(str(int(p)) for p in t.split(":"))
        else:
            out.append(t)
    return out


def edit_distance(ref, hyp):
    """Word-level Levenshtein distance (substitutions, deletions, insertions)."""
    previous = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        current = [i]
        for j, h in enumerate(hyp, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (r != h)))
        previous = current
    return previous[-1]


def parse_times(text, lang):
    """Every reading of the time said in `text`, in seconds: a set with one element, two for
    an ambiguous "a:b" with no unit word (hours:minutes or minutes:seconds), empty when no
    time is said."""
    words = collapse(tokens(text), lang)
    units = TIME_UNITS[lang]
    totals = {0}
    found = False
    i = 0
    while i < len(words):
        w = words[i]
        nxt = words[i + 1] if i + 1 < len(words) else None
        if ":" in w:
            parts = [int(p) for p in w.split(":")]
            if len(parts) == 3:
                options = {parts[0] * 3600 + parts[1] * 60 + parts[2]}
            elif nxt in units and units[nxt] == 3600:
                options = {parts[0] * 3600 + parts[1] * 60}
            elif nxt in units and units[nxt] == 1:
                options = {parts[0] * 60 + parts[1]}
            else:
                options = {parts[0] * 3600 + parts[1] * 60, parts[0] * 60 + parts[1]}
            totals = {t + o for t in totals for o in options}
            found = True
            i += 2 if nxt in units else 1
        elif w.isdigit() and nxt in units:
            totals = {t + int(w) * units[nxt] for t in totals}
            found = True
            i += 2
        elif w in ONE_WORDS[lang] and nxt in units:
            totals = {t + units[nxt] for t in totals}
            found = True
            i += 2
        elif w in units and units[w] == 3600 and lang == "ru":
            # "час" alone is one hour.
            totals = {t + 3600 for t in totals}
            found = True
            i += 1
        else:
            i += 1
    return totals if found else set()


def parse_side(text, lang):
    """The first side named: "white", "black" or None."""
    for w in tokens(text):
        if lang == "ru":
            if w.startswith("бел"):
                return "white"
            if w.startswith("черн"):
                return "black"
        else:
            if w in ("white", "whites", "white's"):
                return "white"
            if w in ("black", "blacks", "black's"):
                return "black"
    return None


def parse_count(text, lang):
    """The count said: the number before a move word, else the first number that is not
    followed by a time unit; None when there is none."""
    words = collapse(tokens(text), lang)
    loose = None
    for i, w in enumerate(words):
        if not w.isdigit():
            continue
        nxt = words[i + 1] if i + 1 < len(words) else None
        if nxt in MOVE_WORDS[lang]:
            return int(w)
        if loose is None and nxt not in TIME_UNITS[lang]:
            loose = int(w)
    return loose


def judge(item, heard, lang):
    """Whether `heard` says what the manifest `item` expects: its time (any reading), its
    side and its count where it has them; the same words (normalised) where it has none.
    Returns (exact, note), the note saying what did not match."""
    problems = []
    if item.get("expected_secs") is not None:
        times = parse_times(heard, lang)
        if item["expected_secs"] not in times:
            problems.append("time %s" % (sorted(times) or "none"))
    if item.get("side"):
        side = parse_side(heard, lang)
        if side != item["side"]:
            problems.append("side %s" % side)
    if item.get("count") is not None:
        count = parse_count(heard, lang)
        if count != item["count"]:
            problems.append("count %s" % count)
    facts = item.get("expected_secs") is not None or item.get("side") or item.get("count") is not None
    if not facts and normalised(heard, lang) != normalised(item["text"], lang):
        problems.append("words")
    return (not problems, ", ".join(problems))


def hms(secs):
    """Seconds as h:mm:ss."""
    return "%d:%02d:%02d" % (secs // 3600, secs % 3600 // 60, secs % 60)
