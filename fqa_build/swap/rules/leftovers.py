"""Rules on the original surviving in another form: a pronunciation or another name of it in brackets right
after a rewritten mention, a name the rewrite cut in two (the mention runs on into particles and words of the
same name), a word derived from a distinctive word of the original ("Napoleonic", "Calvinistic"), and a
distinctive word of the original left inside another name ("New Rochelle" after "La Rochelle")."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from fqa_build.bank.entity_kinds import HEADS
from fqa_build.labels import NAME_LABELS
from fqa_build.lexicons import word_set
from fqa_build.reasons import Reason
from fqa_build.swap.rule import Stage, rule

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

# --- brackets after a rewritten mention ---------------------------------------------------------------------

#: a bracket right after a mention (what it holds: at most this many characters)
_BRACKET = re.compile(r"\s*(?:\(((?:[^()]|\([^()]*\)){1,300})\)|\[([^\[\]]{1,200})\])")
#: letters of the IPA that English spelling never uses, and the slashes or words of a pronunciation guide
_IPA = re.compile(r"[ˈˌəɪʊʃʒθðŋɛɔæɑɒʌːɜɐɡɚɝʔ]|^\s*/[^/\s][^/]*/\s*(?:[;,]|$)|\bpronounced\b|\bpronunciation\b")
#: a language or other label before the name in a bracket ("German: Johannes Calvin")
_LABEL = re.compile(r"^\s*[A-Z][\w -]*:\s*")
#: words that introduce another name of the entity in a bracket ("born John Smith", "also known as ...")
_INTRO = re.compile(r"^\s*(?:(?:born|née|nee|also|known|as|formerly|originally|or|aka|a\.k\.a\.|called|in)\s+)+")
_NAME_TOKEN = re.compile(r"^[A-Z][\w'’.-]*$")


@functools.cache
def _calendar_words() -> frozenset[str]:
    return frozenset(w.casefold() for w in word_set("months") | word_set("weekdays"))


@functools.cache
def _particles() -> frozenset[str]:
    return word_set("name_particles") | {"en", "ter", "ten", "zu", "dei", "degli", "ap", "ab"}


def _foreign_letters(text: str) -> bool:
    """True when the text holds a letter of a script other than Latin (a native-language name)."""
    return any(c.isalpha() and not unicodedata.name(c, "LATIN").startswith("LATIN") for c in text)


def _fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word.casefold()) if not unicodedata.combining(c))


def _same_name(words: Sequence[str], original: str) -> bool:
    """True when `words` may be another form of the name `original`: they share a word, or the initials of their
    first and last words ("John Calvin" of "Jean Cauvin"; "Chyler Leigh" of "Lexie Grey" is an actor)."""
    names = original.split()
    if {_fold(w) for w in words if len(w) >= 3} & {_fold(w) for w in names}:
        return True
    return len(names) >= 2 and (words[0][0], words[-1][0]) == (names[0][0], names[-1][0])


def _another_name(inside: str, replacement: str, original: str) -> bool:
    """True when the bracket's first part is a name other than the replacement: capitalised words (name
    particles between them) after a label ("German: München", "born Jean Cauvin"), or two or more of them that
    may be another form of the original (`_same_name`)."""
    first = re.split(r"[;,]", inside, maxsplit=1)[0]
    labelled = False
    for intro in (_LABEL, _INTRO):
        found = intro.match(first)
        if found is not None:
            first, labelled = first[found.end() :], True
    words = first.split()
    if not words or not _NAME_TOKEN.match(words[0]) or not _NAME_TOKEN.match(words[-1]):
        return False
    if not all(_NAME_TOKEN.match(w) or w in _particles() for w in words):
        return False
    if any(w.casefold().strip(".") in _calendar_words() for w in words):
        return False
    if set(words) <= set(replacement.split()):
        return False
    return labelled or (len(words) >= 2 and _same_name(words, original))


def bracket_names(text: str, end: int, replacement: str, original: str) -> str | None:
    """What names the entity again in a bracket right after a rewritten mention ending at `end`: a pronunciation
    guide ("/vɪˈseɪliəs/", "pronounced ..."), letters of another script, or another name ("(John Calvin)",
    "(German: Johannes Calvin)", "(born Jean Cauvin)") of `original`; None when nothing does."""
    found = _BRACKET.match(text, end)
    if found is None:
        return None
    inside = found.group(1) or found.group(2)
    if _IPA.search(inside) or _foreign_letters(inside) or _another_name(inside, replacement, original):
        return inside
    return None


def _mention_new_spans(swap: Swap) -> list[tuple[int, int]]:
    rewrite = swap.rewrite
    return [span for i, span in enumerate(rewrite.new_spans) if i not in rewrite.articles]


@rule(Stage.REWRITE, Reason.ORIGINAL_NAMED_BESIDE, after="no_person_spelling_left")
def no_other_name_beside(swap: Swap) -> Reason | None:
    """No bracket right after a rewritten mention gives a pronunciation or another name ("Tom Marx
    (/vɪˈseɪliəs/)", "Tom Marx (Jean Cauvin)", a name in another script), and no rewritten mention is the
    bracket after another form of the original ("Jean Cauvin (Tom Marx)"): it would still name the original."""
    text = swap.rewrite.text
    for start, end in _mention_new_spans(swap):
        if bracket_names(text, end, swap.replacement, swap.original) is not None:
            return Reason.ORIGINAL_NAMED_BESIDE
        if name_before_bracket(text, start, end, swap.replacement, swap.original) is not None:
            return Reason.ORIGINAL_NAMED_BESIDE
    return None


_BEFORE_BRACKET = re.compile(r"((?:[A-Z](?:[\w'’-]*|\.)\s+){2,4})\(\s*$")


def name_before_bracket(text: str, start: int, end: int, replacement: str, original: str) -> str | None:
    """The name right before a bracket that opens at the mention [start, end) and may be another form of the
    original (`_same_name`: "Jean Cauvin (Tom Marx)" where "John Calvin" was swapped), or None. A character
    before an actor ("Jack Kramer (Tom Marx)") shares neither a word nor the initials."""
    before = _BEFORE_BRACKET.search(text, max(0, start - 80), start)
    if before is None or not re.match(r"\s*[);,]", text[end : end + 3]):
        return None
    words = before.group(1).split()
    for n in range(2, len(words) + 1):  # the name may follow another capitalised word ("Later Jean Cauvin (")
        name = words[-n:]
        if not set(name) <= set(replacement.split()) and _same_name(name, original):
            return " ".join(name)
    return None


# --- a name cut in two ----------------------------------------------------------------------------------------


_RUNS_ON = re.compile(r"[ \t]+([a-z]+)(?:[ \t]+([a-z]+))?[ \t]+[A-Z]")
_RUNS_INTO = re.compile(r"[A-Z][\w'’-]*[ \t]+([a-z]+)[ \t]+$")


def runs_on(text: str, start: int, end: int) -> bool:
    """True when the name at [start, end) continues past its edge into the rest of a longer name: a name particle
    (or two) and a capitalised word after it ("Tom Marx y Beaumont", "Graz en Loos", "Tom Marx van der Berg"), or
    a capitalised word and a particle before it ("Pedro de Tom Marx")."""
    after = _RUNS_ON.match(text, end)
    if after is not None and all(p is None or p in _particles() for p in after.groups()):
        return True
    before = _RUNS_INTO.search(text, max(0, start - 40), start)
    return before is not None and before.group(1) in _particles()


@rule(Stage.REWRITE, Reason.NAME_PARTLY_SWAPPED)
def name_not_cut(swap: Swap) -> Reason | None:
    """No rewritten mention runs on into particles and words of a longer name ("Jerónimo de Ayanz y Beaumont"
    with "Jerónimo de Ayanz" rewritten leaves "... y Beaumont"): the name would be swapped only in part."""
    text = swap.rewrite.text
    if any(runs_on(text, start, end) for start, end in _mention_new_spans(swap)):
        return Reason.NAME_PARTLY_SWAPPED
    return None


# --- words of the original left --------------------------------------------------------------------------------

_NAME_WORD = re.compile(r"\b[A-Z][\w'’-]*")
#: endings that make a word of a name into another word ("Napoleonic", "Calvinistic", "Aristotelian")
_SUFFIXES = (
    "an", "ans", "ian", "ians", "ean", "eans", "ic", "ics", "ical", "ism", "isms", "ist", "ists", "istic",
    "ite", "ites", "ese", "ish", "esque", "ianism", "ianity", "nic",
)  # fmt: skip
#: endings of places named after a person or place ("Jacksonville", "Harrisburg"), only after a word that is no
#: given name ("Georgetown" is not George Smith's)
_PLACE_SUFFIXES = ("ville", "town", "burg", "borough", "polis", "grad", "stadt")
_MIN_WORD = 4


@functools.cache
def _generic_words() -> frozenset[str]:
    heads = {h.casefold() for group in HEADS.values() for h in group for h in h.split()}
    return frozenset(heads | word_set("stopwords"))


def distinctive_words(names: Iterable[str], common: frozenset[str]) -> list[str]:
    """The capitalised words of these names of at least four letters that are no word the corpus writes in lower
    case, no generic head ("University", "River") and no function word: what tells the entity apart."""
    words = []
    for name in names:
        for word in _NAME_WORD.findall(name):
            folded = word.casefold()
            if len(word) >= _MIN_WORD and word.isalpha() and folded not in common and folded not in _generic_words():
                words.append(word)
    return sorted(set(words))


def _stems(word: str) -> set[str]:
    stems = {word}
    if word[-1] in "aeiouy":
        stems.add(word[:-1])
    if word.endswith(("us", "um", "es")):
        stems.add(word[:-2])
    return {s for s in stems if len(s) >= _MIN_WORD}


def _outside(spans: Sequence[tuple[int, int]], start: int) -> bool:
    return not any(s <= start < e for s, e in spans)


@functools.lru_cache(maxsize=4096)
def _derived_pattern(stem: str, suffixes: str) -> re.Pattern[str]:
    return re.compile(rf"\b{re.escape(stem)}(?:{suffixes})\b")


def derived_left(
    text: str, words: Sequence[str], spans: Sequence[tuple[int, int]], place_words: Sequence[str] = ()
) -> list[str]:
    """Words of `text` outside `spans` that are one of `words`, or its stem, plus a derivational ending
    ("Napoleonic" of "Napoleon", "Calvinistic" of "Calvin", "Vesalian" of "Vesalius"), or one of `place_words`
    plus the ending of a place named after it ("Jacksonville" of "Jackson")."""
    found = []
    for word in sorted(set(words) | set(place_words)):
        endings = (_SUFFIXES if word in words else ()) + (_PLACE_SUFFIXES if word in place_words else ())
        suffixes = "|".join(sorted(set(endings), key=len, reverse=True))
        for stem in sorted(_stems(word) if word in words else {word}):
            if stem not in text:
                continue  # the pattern starts with the stem as written: it cannot match
            pattern = _derived_pattern(stem, suffixes)
            found += [m.group() for m in pattern.finditer(text) if _outside(spans, m.start()) and m.group() != word]
    return found


def words_left(text: str, words: Sequence[str], spans: Sequence[tuple[int, int]]) -> list[str]:
    """Whole words of `text` outside `spans` that are one of `words` (case-sensitive)."""
    found = []
    for word in words:
        found += [m.group() for m in re.finditer(rf"\b{re.escape(word)}\b", text) if _outside(spans, m.start())]
    return found


def _names_of_original(swap: Swap) -> list[str]:
    return [swap.original, *swap.old_forms]


@rule(Stage.REWRITE, Reason.DERIVED_WORD_LEFT)
def no_name_derivative_left(swap: Swap) -> Reason | None:
    """No word derived from a distinctive word of the original (the word or its stem and an ending: "Napoleonic"
    after "Napoleon", "Calvinistic" after "Calvin"; a place named after it: "Jacksonville" after "Andrew
    Jackson") is left standing in the text or the question."""
    if swap.label not in NAME_LABELS:
        return None
    replaced = {w.casefold() for w in swap.replacement.split()}
    words = [
        w for w in distinctive_words(_names_of_original(swap), swap.bank.common_words) if w.casefold() not in replaced
    ]
    given = swap.original.split()[0] if swap.label == "PERSON" and len(swap.original.split()) > 1 else ""
    places = [w for w in words if w != given]
    if derived_left(swap.rewrite.text, words, _mention_new_spans(swap), places):
        return Reason.DERIVED_WORD_LEFT
    if derived_left(swap.record.question, words, [], places):
        return Reason.DERIVED_WORD_LEFT
    return None


@rule(Stage.REWRITE, Reason.ORIGINAL_WORD_LEFT)
def no_name_word_left(swap: Swap) -> Reason | None:
    """No distinctive word of a name of several words is left in the new text ("New Rochelle" after "La
    Rochelle" became another name): the original would still be named in part. A person's name parts are
    `original_absent`'s."""
    if swap.label == "PERSON" or swap.label not in NAME_LABELS or len(swap.original.split()) < 2:
        return None
    replaced = {w.casefold() for w in swap.replacement.split()}
    words = [w for w in distinctive_words([swap.original], swap.bank.common_words) if w.casefold() not in replaced]
    if words_left(swap.rewrite.text, words, _mention_new_spans(swap)):
        return Reason.ORIGINAL_WORD_LEFT
    return None
