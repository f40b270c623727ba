"""Entity shapes: a replacement must have the same shape as the original, not just the same NER label.

A shape is a label plus a signature of the entity's tokens. Digits keep their magnitude (a 4-digit year stays
a 4-digit year), number words stay number words, month and weekday names stay month and weekday names,
capitalised words stay capitalised words (so a two-word name stays a two-word name), and lower-case words
must be the same words ("two years" may become "five years", never "early autumn").
"""

from __future__ import annotations

import re

from word2number import w2n

from fqa_build.labels import DATE_LABELS, NAME_LABELS
from fqa_build.lexicons import word_set

MONTHS = word_set("months")  # names and abbreviations
WEEKDAYS = word_set("weekdays")
NUMBER_WORDS = frozenset(w for w in w2n.american_number_system if w != "point") | {"dozen"}
#: "hundreds", "thousands": a plural scale word may become another plural scale word
SCALE_PLURALS = word_set("scale_plurals")
ORDINAL_WORDS = word_set("ordinal_words")
#: In these types a run of 1-3 digits is a day or a count of days or years: one class, as the bank holds only
#: real date strings ("February 7", "380 years"), so no "February 380" can be drawn.
_DATE_TYPES = DATE_LABELS

_TOKEN = re.compile(
    r"\d+(?:[.,]\d+)*(?:st|nd|rd|th|s)?"  # numbers, ordinals (19th), decades (1990s)
    r"|[^\W\d_]+(?:['’][^\W\d_]+)*\.?"  # words, with an optional abbreviation dot
    r"|[^\w\s]"  # punctuation, one character at a time
)


def _number_class(token: str, label: str) -> str:
    suffix = ""
    if token[-2:] in ("st", "nd", "rd", "th"):
        token, suffix = token[:-2], "ORD"
    elif token.endswith("s"):
        token, suffix = token[:-1], "s"
    integer, _, fraction = token.replace(",", "").partition(".")
    grouped = "," if "," in token else ""
    decimal = ".d" if fraction else ""
    if label in _DATE_TYPES and len(integer) <= 3 and not suffix and not decimal:
        return "DD"
    magnitude = "0" if integer == "0" else str(len(integer))  # 0.519 is no 5.5
    return f"D{magnitude}{grouped}{decimal}{suffix}"


#: "half", "two-thirds": a fraction may become another fraction ("third", "eighth" are ordinal words)
FRACTION_WORDS = word_set("fraction_words")

#: Lower-case particles inside person names ("Osama bin Laden", "Ludwig van Beethoven").
NAME_PARTICLES = word_set("name_particles")


def _word_class(token: str, label: str) -> str:
    bare = token.rstrip(".")
    lower = bare.casefold()
    if lower in MONTHS:
        return "MONTH"
    if lower in WEEKDAYS or (lower.endswith("s") and lower[:-1] in WEEKDAYS):
        return "WEEKDAY"
    if lower in NUMBER_WORDS:
        return "NUMW"
    if lower in SCALE_PLURALS:
        return "NUMWS"
    if lower in ORDINAL_WORDS:
        return "ORDW"
    if lower in FRACTION_WORDS:
        return "FRACS" if lower.endswith("s") and lower != "halves" or lower == "halves" else "FRAC"
    if len(bare) == 1 and bare.isupper():
        return "I"  # an initial
    if bare.isupper() and len(bare) > 1:
        return "ACR"
    if bare[:1].isupper():
        return "Cap"
    if label == "PERSON" and lower in NAME_PARTICLES:
        return "p"
    return lower  # a common word must stay the same word


def signature(text: str, label: str) -> tuple[str, ...]:
    """The token classes of an entity surface form (see the module docstring)."""
    classes: list[str] = []
    for token in _TOKEN.findall(text):
        if token[0].isdigit():
            cls = _number_class(token, label)
        elif token[0].isalpha():
            cls = _word_class(token, label)
        else:
            cls = token
        # "twenty-five" and "twenty five" are one number word
        if cls == "NUMW" and len(classes) >= 1 and classes[-1] == "NUMW":
            continue
        if cls == "NUMW" and len(classes) >= 2 and classes[-1] == "-" and classes[-2] == "NUMW":
            classes.pop()
            continue
        classes.append(cls)
    return tuple(classes)


def _is_plural_group(text: str) -> bool:
    last = text.split()[-1] if text.split() else text
    return last.endswith("s") and not last.endswith("ss")


#: Names whose word count is free: "Denver Broncos" may become "Green Bay Packers". A person's is not.
_FREE_LENGTH_NAMES = NAME_LABELS - {"PERSON", "LANGUAGE"}


def _collapse_capitals(classes: tuple[str, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for cls in classes:
        if cls == "Cap" and out and out[-1] in ("Cap", "Cap+"):
            out[-1] = "Cap+"
        else:
            out.append(cls)
    return tuple("Cap+" if c == "Cap" else c for c in out)


def entity_shape(text: str, label: str, with_article: bool) -> str:
    """The shape key of an entity: label, token signature, and (for names) whether "the" precedes it in
    running text ("the United States" needs a replacement that also takes "the").

    Runs of capitalised words are one class for names other than persons. NORP also records plural vs
    adjective ("Americans" vs "American") so the sentence keeps its grammar.
    """
    classes = signature(text, label)
    if label in _FREE_LENGTH_NAMES:
        classes = _collapse_capitals(classes)
    parts = [label, " ".join(classes)]
    if label == "NORP":
        parts.append("plural" if _is_plural_group(text) else "singular")
    if with_article and label in NAME_LABELS:
        parts.append("the")
    return "|".join(parts)


def has_digits(text: str) -> bool:
    """True when the string contains a digit."""
    return any(ch.isdigit() for ch in text)


def is_year(text: str) -> bool:
    """True for a bare 4-digit number such as the year "1904": the shape a year keeps under every policy (a
    year of 1000-2099 is `text.YEAR`; kind policies also keep the replacement in that range)."""
    return len(text) == 4 and text.isdigit()
