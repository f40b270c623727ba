"""Other names of an entity in a text: acronyms ("the DOJ"), short forms of a multi-word name ("the Broncos",
"the Mississippi"), aliases that must not be drawn ("US" for "United States"), words derived from it
("French" of "France"), other gold answers naming it, and the pronouns that fix a person's gender."""

from __future__ import annotations

import functools
import re
from collections.abc import Container, Sequence

from fqa_build.bank.entity_kinds import HEAD_LABELS, head_word
from fqa_build.sentences import SENTENCE_END
from fqa_build.swap.rewriting.rewrite import Rewrite
from fqa_build.text import find_whole_word, number_value, word_key
from fqa_build.types import Answer

_FUNCTION_WORDS = frozenset({"of", "the", "and", "for", "in", "on", "at", "to", "de", "du", "la", "&"})


_PRONOUNS = {
    "he": "male",
    "him": "male",
    "his": "male",
    "himself": "male",
    "she": "female",
    "her": "female",
    "hers": "female",
    "herself": "female",
}


#: a run of sentence ends and the white space between them (". \n\n") is one boundary
_END_OR_PRONOUN = re.compile(
    rf"(?P<end>(?:(?:{SENTENCE_END.pattern})\s*)+)|(?P<pronoun>(?i:\b(?:{'|'.join(_PRONOUNS)})\b))"
)


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


def name_short_forms(
    context: str, original: str, replacement: str, label: str, same_short_fits: bool = False
) -> list[tuple[str, str]] | None:
    """(old, new) pairs for the short form a text uses for a multi-word name of an organisation, place or
    event: the words before a generic head ("Mississippi" of "Mississippi River"), else the last word ("Broncos"
    of "Denver Broncos"). None when the short form is used alone and the replacement has none to offer. With
    `same_short_fits` (a composed name that keeps the original's short form: "Greeley Broncos") a short form the
    replacement shares stays as written."""
    if label not in HEAD_LABELS:
        return []
    old_short, new_short = _short_form(original), _short_form(replacement)
    if old_short is None or old_short == original:
        return []
    used = [
        (s, e)
        for s, e in find_whole_word(context, old_short, ignore_case=False)
        if not any(fs <= s and e <= fe for fs, fe in find_whole_word(context, original))
    ]
    if not used:
        return []
    if same_short_fits and new_short == old_short:
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
    for match in _END_OR_PRONOUN.finditer(context, end, stop):
        if match.lastgroup == "end":
            sentences += 1
            if sentences >= 2:
                return None
            continue
        return _PRONOUNS[match.group().casefold()]
    return None


_ALIAS_GROUPS = [
    frozenset(group.split("|"))
    for group in (
        "us|usa|united states|united states of america|america|the united states",
        "uk|united kingdom|britain|great britain",
        "ussr|soviet union|the soviet union",
        "un|united nations",
        "eu|european union",
        "prc|people's republic of china|china",
        "nyc|new york city",
        "la|los angeles",
        "dc|washington, dc|washington dc",
    )
]


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


def _without_the(key: tuple[str, ...]) -> tuple[str, ...]:
    return key[1:] if key[:1] == ("the",) else key


def _alias_key(name: str) -> str:
    return name.casefold().replace(".", "").strip()


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


def refers_to_same(answer: str, original: str, forms: Sequence[str]) -> bool:
    """True when another gold answer names the swapped entity too: it shares a content word with the original
    or one of its short forms ("the Panthers", "Carolina" for "Carolina Panthers"), or is the same number in
    another form ("2" for "two")."""
    answer_words = {w for w in word_key(answer) if w not in _FUNCTION_WORDS}
    for form in (original, *forms):
        if answer_words & {w for w in word_key(form) if w not in _FUNCTION_WORDS}:
            return True
    value = number_value(original)
    return value is not None and number_value(answer) == value


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
