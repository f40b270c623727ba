"""What else in a context refers to the swapped entity, and what would contradict the swap.

Acronyms ("the Department of Justice ... the DOJ"), short forms of a multi-word name ("the Broncos" of
"Denver Broncos", "the Mississippi" of "Mississippi River"), pronouns that fix a person's gender, "City, State"
pairs, aliases that must not be drawn as replacements, and other gold answers that a swap would leave behind.
"""

from __future__ import annotations

import functools
import re
from typing import Container, Sequence

from ..bank.kinds import HEAD_LABELS, head_word
from ..bank.places import Place, place
from ..read.records import Answer
from .rewrite import Rewrite
from ..text import find_whole_word, word_key

_FUNCTION_WORDS = frozenset({"of", "the", "and", "for", "in", "on", "at", "to", "de", "du", "la", "&"})
_PRONOUNS = {"he": "male", "him": "male", "his": "male", "himself": "male",
             "she": "female", "her": "female", "hers": "female", "herself": "female"}
_PRONOUN = re.compile(r"\b(?:" + "|".join(_PRONOUNS) + r")\b", re.IGNORECASE)
_PAIR_AFTER = re.compile(r",\s+([A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)*)")
_PAIR_BEFORE = re.compile(r"([A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)*),\s+$")


@functools.lru_cache(maxsize=200_000)
def acronyms(name: str) -> tuple[str, ...]:
    """The acronyms a text may use for a multi-word name: initials of the content words ("DJ"), and of every
    word ("DOJ"), at least two letters, for "Department of Justice"."""
    words = [w for w in re.split(r"[\s-]+", name) if w]
    if len(words) < 2:
        return ()
    content = "".join(w[0] for w in words if w.casefold() not in _FUNCTION_WORDS and w[0].isalpha()).upper()
    every = "".join(w[0] for w in words if w[0].isalpha()).upper()
    return tuple(a for a in dict.fromkeys((every, content)) if len(a) >= 2)


def acronym_pairs(
    context: str, original: str, replacement: str, known: Container[str] = frozenset()
) -> list[tuple[str, str]] | None:
    """(old acronym, new acronym) for each acronym of the original used in the context; None when one is used
    and the replacement has no acronym to put in its place. The replacement's acronym is the form the corpus
    knows as an entity ("FBI"), else the initials of its content words."""
    pairs: list[tuple[str, str]] = []
    old_forms, new_forms = acronyms(original), acronyms(replacement)
    for old in old_forms:
        if next(find_whole_word(context, old, ignore_case=False), None) is None:
            continue
        new = next((form for form in new_forms if form in known), new_forms[-1] if new_forms else "")
        if not new or new == old or next(find_whole_word(context, new, ignore_case=False), None) is not None:
            return None
        pairs.append((old, new))
    return pairs


def name_short_forms(context: str, original: str, replacement: str, label: str) -> list[tuple[str, str]] | None:
    """(old, new) pairs for the short form a text uses for a multi-word name of an organisation, place or
    event: the words before a generic head ("Mississippi" of "Mississippi River"), else the last word ("Broncos"
    of "Denver Broncos"). None when the short form is used alone and the replacement has none to offer."""
    if label not in HEAD_LABELS:
        return []
    old_short, new_short = _short_form(original), _short_form(replacement)
    if old_short is None or old_short == original:
        return []
    used = [
        (s, e) for s, e in find_whole_word(context, old_short, ignore_case=False)
        if not any(fs <= s and e <= fe for fs, fe in find_whole_word(context, original))
    ]
    if not used:
        return []
    if new_short is None or new_short == replacement or new_short == old_short:
        return None
    return [(old_short, new_short)]


def _short_form(name: str) -> str | None:
    words = name.split()
    if len(words) < 2 or " of " in name:
        return None
    if head_word(name) is not None and words[-1].casefold().rstrip("s") == head_word(name).rstrip("s"):
        short = " ".join(words[:-1])
    else:
        short = words[-1]
    if not short[:1].isupper() or len(short) < 3 or short.casefold() in _FUNCTION_WORDS:
        return None
    return short


def pronoun_gender(context: str, start: int, end: int, person_spans: Sequence[tuple[int, int]]) -> str | None:
    """The gender of the first he/she-type pronoun after a person's mention and before the next mention of
    another person, within the next two sentences; None when no pronoun refers to them."""
    stop = len(context)
    for s, _ in person_spans:
        if s > end:
            stop = min(stop, s)
    sentences = 0
    for match in re.finditer(r"[.!?](?=\s)|" + _PRONOUN.pattern, context[end:stop], re.IGNORECASE):
        if match.group() in ".!?":
            sentences += 1
            if sentences >= 2:
                return None
            continue
        return _PRONOUNS[match.group().casefold()]
    return None


def gpe_pair(context: str, start: int, end: int) -> tuple[str, Place | None]:
    """Whether a place name is the first ("city") or second ("region") element of a "City, State" pair, with
    the region it is paired with; ("", None) when it stands alone."""
    after = _PAIR_AFTER.match(context, end)
    if after:
        region = _longest_place(after.group(1))
        if region is not None and region.kind in ("state", "country"):
            return "city", region
    before = _PAIR_BEFORE.search(context[max(0, start - 60) : start])
    if before:
        first = place(before.group(1))
        if first is not None and first.kind == "city" or before.group(1).istitle():
            return "region", place(context[start:end])
    return "", None


_ALIAS_GROUPS = [
    frozenset(group.split("|"))
    for group in (
        "us|usa|united states|united states of america|america|the united states",
        "uk|united kingdom|britain|great britain",
        "ussr|soviet union|the soviet union",
        "un|united nations", "eu|european union", "prc|people's republic of china|china",
        "nyc|new york city", "la|los angeles", "dc|washington, dc|washington dc",
    )
]


def _longest_place(words: str) -> Place | None:
    """The place named by the longest leading run of the words ("California. As" -> California)."""
    parts = words.split()
    for n in range(len(parts), 0, -1):
        found = place(" ".join(parts[:n]).rstrip(".,;:"))
        if found is not None:
            return found
    return None


def is_alias(original: str, candidate: str) -> bool:
    """True when a candidate is another name for the original: an acronym of it or it of the candidate, the
    same acronym ("UN" and "United Nations"; "Department of Justice" and "DOJ"), or a known alternative name
    ("US" and "USA")."""
    if _without_the(word_key(original)) == _without_the(word_key(candidate)):
        return True  # "the Department of Justice" and "Department of Justice"
    a, b = _alias_key(original), _alias_key(candidate)
    if any(a in group and b in group for group in _ALIAS_GROUPS):
        return True
    if candidate.isupper() and candidate.replace(".", "") in acronyms(original):
        return True
    if original.isupper() and original.replace(".", "") in acronyms(candidate):
        return True
    mine, theirs = set(acronyms(original)), set(acronyms(candidate))
    return bool(mine & theirs) and len(original.split()) == len(candidate.split())


_RANGE_BEFORE = re.compile(r"\d[\d,.]*\s*(?:–|-|—|to|and|or)\s*$")
_PART_OF_BEFORE = re.compile(r"\d[\d,.]*\s+(?:of|out of)\s+(?:the\s+|all\s+)?$")
_PART_OF_AFTER = re.compile(r"\s+(?:of|out of)\s+(?:the\s+|all\s+)?\d")
_LIST_AFTER = re.compile(r"(?:\s+[\w-]+){1,3}?\s*(?:—|–\s|\s-\s)|(?:\s+[\w-]+){1,7}?\s*:\s")
_RANGE_INSIDE = re.compile(r"\d\s*(?:–|-|—|to)\s*\d|\bto\b|\bbetween\b")
_NAME_BEFORE = re.compile(r"(?<![.!?]\s)\b[A-Z][\w&.-]*\s+$")
_RANGE_AFTER = re.compile(r"\s*(?:–|-|—|to|and|or)\s+(?:as \w+ as\s+)?\d|\s*(?:–|-|—)\s*\d")
_CONVERSION_AFTER = re.compile(r"[^\S\n]*[^\W\d]*[\w/°³²]*[^\S\n]*\(\s*[~≈c.]*\s*[\d,.]+")
_CONVERSION_BEFORE = re.compile(r"\d[\d,.]*[^\S\n]*[^\W\d]*[°%\w/³²]*[^\S\n]*\(\s*[~≈c.]*\s*$")
_DECADE_TOKEN = re.compile(r"(?<!\w)(1\d{2}0|20\d0)s(?!\w)")
_YEAR_TOKEN = re.compile(r"(?<!\w)(?<!\d[,.])(1\d{3}|20\d{2})(?!\w)(?![,.]\d)")
NUMERIC_LABELS = frozenset({"CARDINAL", "DATE", "MONEY", "PERCENT", "QUANTITY", "TIME", "ORDINAL"})


def number_context_problem(context: str, spans: Sequence[tuple[int, int]]) -> str | None:
    """Why swapping a number here would leave the text inconsistent: it is one end of a range ("315 to 194",
    "1756 to 1763", "12 to 15 million") or has a unit conversion beside it ("2,290 m3/s (81,000 cu ft/s)").
    None when neither."""
    for start, end in spans:
        if _RANGE_BEFORE.search(context[max(0, start - 16) : start]) or _RANGE_AFTER.match(context, end):
            return "number_in_range"
        if _RANGE_INSIDE.search(context[start:end]):
            return "number_in_range"
        if re.search(r"\d[:.]$", context[max(0, start - 2) : start]) or re.match(r"[:.]\d", context[end : end + 2]):
            return "number_in_name"  # "11:28 left", "3.5": part of a time or a longer number
        if _PART_OF_BEFORE.search(context[max(0, start - 16) : start]) or _PART_OF_AFTER.match(context, end):
            return "number_in_range"  # "39 of the 43 previous MVPs": the two numbers bound each other
        if context[start:start + 1].isupper() and _NAME_BEFORE.search(context[max(0, start - 30) : start]):
            return "number_in_name"  # "BBC One", "Apollo Eleven": the number names something
        if _LIST_AFTER.match(context, end):
            return "number_counts_a_list"  # "two universities — Newcastle and Northumbria": the list fixes it
        if _parts_add_up(context, start, end):
            return "number_counts_a_list"  # "three parks, two in the city and one in the county"
        if _CONVERSION_AFTER.match(context, end) or _CONVERSION_BEFORE.search(context[max(0, start - 24) : start]):
            return "unit_conversion"
    return None


_RELATIVE_TIME = re.compile(
    r"\b(?:\w+\s+(?:years?|decades?|months?)\s+(?:later|earlier|after|before|afterwards|previously)|"
    r"the (?:following|previous|next) (?:year|decade)|a year (?:later|earlier)|in the same year)\b",
    re.IGNORECASE,
)


def relative_time_near(context: str, spans: Sequence[tuple[int, int]]) -> bool:
    """True when the sentence of a swapped year (or the next one) dates it relative to another date ("Three
    years later in 1917"): a new year would break the arithmetic."""
    for start, end in spans:
        lo = max(context.rfind(". ", 0, start), -1) + 1
        first_end = context.find(". ", end)
        second_end = context.find(". ", first_end + 2) if first_end >= 0 else -1
        hi = len(context) if second_end < 0 else second_end
        if _RELATIVE_TIME.search(context, lo, hi):
            return True
    return False


def years_in(text: str) -> list[int]:
    """The 4-digit years (1000-2099) written in a text."""
    return [int(y) for y in _YEAR_TOKEN.findall(text)]


def decades_in(text: str) -> list[int]:
    """The first years of the decades a text names ("the 1960s" -> 1960)."""
    return [int(d) for d in _DECADE_TOKEN.findall(text)]


def keeps_chronology(original: str, candidate: str, other_years: Sequence[int], other_decades: Sequence[int] = ()) -> bool:
    """True when the candidate's year stands before, after or inside each other year and decade of the context
    as the original's did ("reaching England in 1349" after "November 1347" must stay after it; "during the
    1960s, beginning in 1962" must stay in the 1960s)."""
    old, new = years_in(original), years_in(candidate)
    if not old or not new:
        return True
    for year in other_years:
        if (old[0] > year) != (new[0] > year) or (old[0] < year) != (new[0] < year):
            return False
    for decade in other_decades:
        for bound in (decade, decade + 9):
            if (old[0] > bound) != (new[0] > bound) or (old[0] < bound) != (new[0] < bound):
                return False
    return True


def derived_words_left(context: str, original: str, spans: Sequence[tuple[int, int]]) -> list[str]:
    """Capitalised words outside the rewritten spans that share a stem of five or more letters with the
    original ("Islamist" beside "Islamists", "European" beside "Europe", "Britain" beside "British")."""
    stem = _fold_stem(original)
    if stem is None:
        return []
    found = []
    for match in re.finditer(r"\b[A-Z][\w’'-]+", context):
        if any(s <= match.start() < e for s, e in spans):
            continue
        word = match.group()
        if _fold_stem(word) == stem and word.casefold() != original.casefold():
            found.append(word)
    return found


def _fold_stem(word: str) -> str | None:
    letters = word.split()[0] if " " not in word else None
    if letters is None or len(letters) < 5 or not letters[:5].isalpha():
        return None
    return letters[:5].casefold()


_SMALL_NUMBER = re.compile(
    r"(?<![\w.,])(?:\d{1,3}(?![,.]\d)|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty)(?![\w.,]\w)",
    re.IGNORECASE,
)
_ENUMERATION = re.compile(r"[A-Z][\w.&'’-]*(?:\s+[A-Z][\w.&'’-]*)*(?:,\s+(?:and\s+)?|\s+and\s+)")


def _parts_add_up(context: str, start: int, end: int) -> bool:
    """True when other numbers of the sentence add up to this one (two or three of them), or the sentence
    goes on to list exactly that many capitalised items ("three contracts ... to A, B, and C")."""
    value = _number_value(context[start:end])
    if value is None or value != int(value) or not 2 <= value <= 999:
        return False
    lo = max(context.rfind(". ", 0, start), -1) + 1
    dot = context.find(". ", end)
    hi = len(context) if dot < 0 else dot
    others = []
    for match in _SMALL_NUMBER.finditer(context, lo, hi):
        if match.start() == start:
            continue
        number = _number_value(match.group())
        if number is not None:
            others.append(number)
    n = len(others)
    for i in range(n):
        for j in range(i + 1, n):
            if others[i] + others[j] == value:
                return True
            for k in range(j + 1, n):
                if others[i] + others[j] + others[k] == value:
                    return True
    items = _ENUMERATION.findall(context, end, hi)
    if len(items) + 1 == value and len(items) >= 1:
        return True
    # "Its counties of Los Angeles, Orange, San Diego, San Bernardino, and Riverside are the five most populous"
    before = _ENUMERATION.findall(context, lo, start)
    return len(before) + 1 == value and len(before) >= 2


def number_magnitude(text: str) -> int | None:
    """Digits in the integer part of a number written in words ("three" 1, "thirty thousand" 5); None if it is
    not one."""
    value = _number_value(text)
    if value is None or any(ch.isdigit() for ch in text):
        return None
    return len(str(int(abs(value)))) if value >= 1 else 0


def _number_value(text: str) -> float | None:
    from word2number import w2n

    cleaned = text.strip(" .,;:").replace(",", "")
    try:
        return float(cleaned)
    except ValueError:
        pass
    try:
        words = cleaned.replace("-", " ")
        return float(w2n.word_to_num(words)) if words.replace(" ", "").isalpha() else None
    except ValueError:
        return None


def refers_to_same(answer: str, original: str, forms: Sequence[str]) -> bool:
    """True when another gold answer names the swapped entity too: it shares a content word with the original
    or one of its short forms ("the Panthers", "Carolina" for "Carolina Panthers"), or is the same number in
    another form ("2" for "two")."""
    answer_words = {w for w in word_key(answer) if w not in _FUNCTION_WORDS}
    for form in (original, *forms):
        if answer_words & {w for w in word_key(form) if w not in _FUNCTION_WORDS}:
            return True
    value = _number_value(original)
    return value is not None and _number_value(answer) == value


def _without_the(key: tuple[str, ...]) -> tuple[str, ...]:
    return key[1:] if key[:1] == ("the",) else key


def _alias_key(name: str) -> str:
    return name.casefold().replace(".", "").strip()


def answers_left_behind(
    rewrite: Rewrite, answers: Sequence[Answer], matched: Answer, original: str, forms: Sequence[str]
) -> list[Answer]:
    """Gold answers other than the matched one that name the swapped entity too (see `refers_to_same`) and
    that the rewrite left standing unchanged: the context would still hold the old entity under another name.
    (A gold answer naming a different entity, where annotators disagreed, is no mention of the original.)"""
    left: list[Answer] = []
    for answer in answers:
        if answer == matched or not refers_to_same(answer.text, original, forms):
            continue
        region = rewrite.map_region(answer.start, answer.start + len(answer.text))
        if region is None:
            continue  # it overlaps a rewritten span: it was changed
        if rewrite.text[region[0] : region[1]] == answer.text:
            left.append(answer)
    return left
