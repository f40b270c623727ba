"""Kinds: a finer class under the NER label, so a replacement is the same kind of thing.

- ORG, FAC, LOC, EVENT, WORK_OF_ART, LAW, PRODUCT: the generic head word ("university", "army", "river",
  "war", "treaty", "cup", ...), or "none" when the name has no generic head ("Toyota", "Denver Broncos").
- GPE: country, state (state or province), city, from the gazetteer of `places`.
- NORP: nationality (nationality or ethnic group), religion, political (group or party member).
- PERSON: full_name, or for one-word names surname (the surname of a person the corpus names in full) or
  given_name (a given name `gender-guesser` knows).
- Numbers and dates: the coarse class of their shape (year, full_date, month_year, ..., number, number_word).

`entity_kind` returns None when the kind evidence contradicts the NER label (a river tagged PERSON, a psalm
tagged GPE, a word no gazetteer knows tagged GPE or NORP): such an answer entity is rejected, and such a
bank entry is never drawn.
"""

from __future__ import annotations

import re

from nameparser.config import CONSTANTS as NAME_CONSTANTS

from fqa_build.bank.shapes import entity_shape, signature
from fqa_build.gazetteers.persons import name_gender
from fqa_build.gazetteers.places import fold, place
from fqa_build.lexicons import grouped, word_map, word_set

# --- head words -------------------------------------------------------------------------------------------

_HEAD_SYNONYMS = word_map("head_synonyms")
#: Generic heads by the NER labels they fit. A name whose head belongs to another label's list (a PERSON
#: called "Nervión River") contradicts its label.
HEADS: dict[str, frozenset[str]] = grouped("heads")
_ALL_HEADS = frozenset().union(*HEADS.values())
#: Heads that name things of unrelated domains: a "League" is a sports league or a political alliance, a
#: "Union" a state, a company or a trade union, an "Association" medical or musical. No kind is claimed.
AMBIGUOUS_HEADS = word_set("ambiguous_heads")
_PREFIX_HEADS = word_set("prefix_heads")
#: Labels whose kind is a head word.
HEAD_LABELS = frozenset(HEADS)


_ORDINAL_SUFFIX = re.compile(r"^(?:[IVXLC]+|\d+)$")


def head_word(surface: str) -> str | None:
    """The generic head of a name: the last word before " of " ("University of Miami"), a leading "Mount" or
    "Lake", else the last word; normalised ("Inc." -> "company", "Islands" -> "island"). None if the name has
    no word that is a generic head."""
    words = surface.split()
    if not words:
        return None
    before_of = surface.split(" of ", 1)[0].split() if " of " in surface else None
    if before_of:
        candidate = before_of[-1]
    elif words[0].casefold().rstrip(".") in _PREFIX_HEADS and len(words) > 1:
        candidate = words[0]
    else:
        candidate = words[-1]
        if _ORDINAL_SUFFIX.match(candidate) and len(words) > 1:  # "World War II", "Super Bowl 50"
            candidate = words[-2]
    word = candidate.casefold().strip(",.'’()\"")
    word = _HEAD_SYNONYMS.get(word, word)
    if word in _ALL_HEADS:
        return word
    if word.endswith("s") and word[:-1] in _ALL_HEADS:
        return word[:-1]
    return None


# --- continents, regions and GPE forms ---------------------------------------------------------------------

#: Continents and large regions (LOC); a continent may become a continent, a region a region.
CONTINENTS = word_set("continents")
REGIONS = word_set("regions")

_COUNTRY_FORM = re.compile(r"^(?:Kingdom|Sultanate|Emirate|Caliphate) of [A-Z]|\s(?:Empire|Caliphate|Sultanate)$")
_STATE_PREFIX = re.compile(r"^(?:Kingdom|Republic|Empire|Duchy|Principality|Grand Duchy|Emirate|Sultanate) of ")


# --- NORP -------------------------------------------------------------------------------------------------

# One list per kind, disjoint: a word is of one kind.
_NATIONALITIES = word_set("nationalities")
_ETHNIC_GROUPS = word_set("ethnic_groups")
_CONTINENTAL = word_set("continental")
_RELIGIONS = word_set("religions")
_POLITICAL = word_set("political")
_NORP_MODIFIERS = word_set("norp_modifiers")


def norp_kind(surface: str) -> str | None:
    """nationality (of a country), ethnic (a people), continental ("European"), religion or political; None
    for an unknown group."""
    words = [fold(w) for w in re.split(r"[\s]+", surface) if w]
    if not words or len(words) > 2:
        return None
    if len(words) == 2 and words[0] not in _NORP_MODIFIERS:
        return None  # "Kenyan English" is a language, "Roman Catholic" a group
    key = words[-1]
    singular = key[:-1] if key.endswith("s") and not key.endswith("ss") else key
    if key in _RELIGIONS or singular in _RELIGIONS or any(w in _RELIGIONS for w in words):
        return "religion"
    if key in _POLITICAL or singular in _POLITICAL:
        return "political"
    for form in (key, singular, key[:-1] if key.endswith("ns") else key):
        if form in _CONTINENTAL:
            return "continental"
        if form in _ETHNIC_GROUPS:
            return "ethnic"
        if form in _NATIONALITIES:
            return "nationality"
    if place(surface) is not None and place(surface).kind == "country":
        return None  # a country name tagged NORP is a GPE, not a group
    return None


# --- persons ----------------------------------------------------------------------------------------------


def _title_words(name: str) -> int:
    return sum(1 for w in name.split() if w.strip(".").casefold() in NAME_CONSTANTS.titles)


def person_kind(surface: str, known_surnames: frozenset[str]) -> str | None:
    """full_name, surname or given_name; None where the form says it is not a person (a generic head such as
    "River", digits, a title, a place, or a single word that is neither a given name nor the surname of a person
    named in full)."""
    if any(ch.isdigit() for ch in surface) or head_word(surface) is not None or place(surface) is not None:
        return None  # "Monte Carlo" is a place, "Psalm 130" no person
    words = surface.split()
    if len(words) - _title_words(surface) >= 2:
        return "full_name"
    bare = words[-1]
    if bare.strip(".").casefold() in NAME_CONSTANTS.titles:
        return None  # "the King", "the Khagan": a title, not a name
    if bare in known_surnames:
        return "surname"  # "Tesla", "Luther": a person named by surname
    if name_gender(bare) != "unknown":
        return "given_name"  # "Napoleon", "Beyoncé"
    return None


# --- dates and numbers --------------------------------------------------------------------------------------


_DIGITS_AND_LETTERS = re.compile(r"\d[A-Za-z]|[A-Za-z]\d")
_ORDINAL_OR_DECADE = re.compile(r"\d+(?:st|nd|rd|th|s)\b")


def number_kind(surface: str, label: str) -> str | None:
    """A coarse class of a date, time or number, from its shape signature; None for a code that mixes digits
    and letters ("2A", "4k", "1080i"), which is a name rather than a number."""
    if _DIGITS_AND_LETTERS.search(_ORDINAL_OR_DECADE.sub("", surface)):
        return None
    sig = signature(surface, label)
    joined = " ".join(sig)
    if label == "DATE":
        if sig == ("D4",):
            return "year" if 1000 <= int(surface.strip()[:4]) <= 2099 else "number"
        if "MONTH" in sig and "D4" in sig and "DD" in sig:
            return "full_date"
        if "MONTH" in sig and "D4" in sig:
            return "month_year"
        if "MONTH" in sig and "DD" in sig:
            return "month_day"
        if sig == ("MONTH",):
            return "month"
        if "WEEKDAY" in sig:
            return "weekday"
        if "D4s" in sig:
            return "decade"
        if "century" in sig:
            return "century"
        if any(w in joined for w in ("year", "month", "week", "day", "decade")):
            return "duration"
        return "other_date"
    if any(c.startswith("D") for c in sig):
        return "number"
    if any(c in ("NUMW", "NUMWS", "ORDW", "FRAC") for c in sig):
        return "number_word"
    return "other_number"


# --- the kind ---------------------------------------------------------------------------------------------


def entity_kind(surface: str, label: str, known_surnames: frozenset[str] = frozenset()) -> str | None:
    """The kind of an entity under its label, or None when the evidence contradicts the label."""
    if label in HEAD_LABELS:
        head = head_word(surface)
        if head is None:
            return _headless_kind(surface, label)
        if head in AMBIGUOUS_HEADS:
            return None
        if head not in HEADS[label] and not _head_fits_label(head, label):
            return None
        return head
    if label == "GPE":
        found = place(surface) or place(_STATE_PREFIX.sub("", surface))
        if found is not None:
            return found.kind
        if _COUNTRY_FORM.search(surface):
            # "Ethiopian Empire", "Kingdom of Sicily". (Counties and "City of X" forms were tried and dropped:
            # without a country they became "Wenchuan County" for "Duval County".)
            return "country"
        if "," in surface:  # "Chester, South Carolina": a city given with its state
            city, _, region = (part.strip() for part in surface.partition(","))
            if place(region) is not None and place(region).kind in ("state", "country"):
                return "city_with_region"
        return None
    if label == "NORP":
        return norp_kind(surface)
    if label == "PERSON":
        return person_kind(surface, known_surnames)
    return number_kind(surface, label)


_REPAIR_ORDER = ("ORG", "LOC", "FAC", "EVENT", "LAW", "WORK_OF_ART", "PRODUCT")


def repaired_label(surface: str, label: str) -> str:
    """The label the kind evidence gives a name NER labelled as something else: a place every gazetteer knows
    ("Kraków" tagged PERSON) is a GPE; a name with another label's generic head ("Masovian Primeval Forest"
    tagged ORG) takes that label. Otherwise the label stays."""
    if label in ("PERSON", "NORP", "ORG", "LOC", "FAC") and head_word(surface) is None:
        found = place(surface)
        strong = found is not None and (found.kind == "country" or (found.kind == "city" and found.large))
        if label == "PERSON" and name_gender(surface) != "unknown":
            strong = False  # "Ann", "Florence": a given name first
        if (
            found is not None
            and (label not in ("PERSON", "NORP") or strong)
            and (label != "NORP" or found.kind == "country")
        ):
            return "GPE"
    if label in ("PERSON", "GPE", "NORP", "ORG", "LOC", "FAC", "EVENT"):
        head = head_word(surface)
        if (
            head is not None
            and head not in HEADS.get(label, ())
            and not (label in HEAD_LABELS and _head_fits_label(head, label))
        ):
            for other in _REPAIR_ORDER:
                if head in HEADS[other]:
                    return other
    return label


def _headless_kind(surface: str, label: str) -> str | None:
    """The kind of a name without a generic head: a continent or region (LOC). Other headless names ("Peanuts",
    "K-9 and Company", "Denver Broncos") carry no evidence of what they are, so no replacement can be shown to
    be the same kind of thing. (A "team" kind, "<place> <plural>", was tried and dropped: it also took in
    "Paramount Pictures" and "Brandon McManus".)"""
    folded = fold(surface)
    if label == "LOC":
        if folded in CONTINENTS:
            return "continent"
        if folded in REGIONS:
            return "region"
        return None
    return None


def kind_shape(surface: str, label: str, with_article: bool, kind: str | None) -> str:
    """The shape under a kind policy: a name with a generic head needs only the same head and article
    ("University of Miami" may become "Stanford University"'s peer "University of Chicago" or "Yale University");
    everything else keeps its full shape."""
    if label in HEAD_LABELS and kind not in (None, "none"):
        plural = surface.split()[-1].endswith("s") and not surface.split()[-1].endswith("ss")
        return "|".join([label, f"head:{kind}"] + (["plural"] if plural else []) + (["the"] if with_article else []))
    return entity_shape(surface, label, with_article)


#: Labels NER confuses with each other where the head still fits (a "Cathedral" tagged ORG or FAC).
_COMPATIBLE = {
    "ORG": {"FAC", "EVENT"},
    "FAC": {"ORG", "LOC"},
    "LOC": {"FAC"},
    "EVENT": {"ORG", "LAW"},
    "LAW": {"EVENT", "ORG"},
    "WORK_OF_ART": {"EVENT"},
    "PRODUCT": {"ORG", "FAC"},
}


def _head_fits_label(head: str, label: str) -> bool:
    return any(head in HEADS[other] for other in _COMPATIBLE.get(label, ()))
