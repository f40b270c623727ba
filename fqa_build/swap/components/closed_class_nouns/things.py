"""Common nouns of closed classes as answers (a policy with `swap_closed_class_nouns`): a gold answer that is one word
of a class whose members can stand for each other ("copper", "linebacker", "wolves") is matched as a pseudo-entity of
label `THING`, its kind the class, and replaced by another member of its group (fqa_build/lexicons/closed_classes.tsv,
derived from WordNet by tools/closed_classes.py): every mention in either number, the new word in the number of each
mention.

The class of a word in several classes ("gold": a colour and a metal) is the one the question names; which
classes the question must name, and what the text must leave free, the rules of rules.py check.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from fqa_build.hashing import rng_for
from fqa_build.lexicons import table
from fqa_build.swap.replacement import made_entry
from fqa_build.text import find_whole_word
from fqa_build.types import Answer, BankEntry, Match, Mention

#: the NER-like label of a closed-class noun answer
THING_LABEL = "THING"
#: a replacement is as common as the original within this many Zipf points (a common word for a common word)
ZIPF_WINDOW = 1.5
#: a group that leaves fewer candidates than this gives way to the members of the next broader sense
MIN_POOL = 3

#: the nouns a question names each class with ("what color", "which metal", "what position")
CLASS_NOUNS: dict[str, frozenset[str]] = {
    "colour": frozenset({"color", "colors", "colour", "colours", "hue", "shade"}),
    "metal": frozenset({"metal", "metals", "alloy", "element", "elements"}),
    "element": frozenset({"element", "elements", "gas", "gases"}),
    "instrument": frozenset({"instrument", "instruments"}),
    "sport": frozenset({"sport", "sports", "game"}),
    "disease": frozenset({"disease", "diseases", "illness", "infection", "condition", "ailment", "disorder"}),
    "position": frozenset({"position", "positions"}),
    "occupation": frozenset({"profession", "occupation", "job", "career", "professions", "occupations"}),
    "body_part": frozenset({"part", "organ", "organs", "limb"}),
    "animal": frozenset({"animal", "animals", "species", "creature", "creatures", "bird", "birds", "mammal", "insect"}),
    "grain": frozenset({"grain", "crop", "cereal"}),
    "fruit": frozenset({"fruit", "fruits"}),
    "weapon": frozenset({"weapon", "weapons", "arms"}),
    "material": frozenset({"material", "materials", "stone", "rock", "fabric", "textile", "fibre", "fiber"}),
    "building": frozenset({"building", "buildings"}),
    "tree": frozenset({"tree", "trees", "wood", "forest", "forests"}),
}
#: classes whose words are as often other things (a colour word is a name of a space, a party, a team), or whose
#: members do different things the text may say (a teacher teaches, a dentist does not): a swap needs the question
#: to name the class
CLASSES_ASKED = frozenset({"colour", "position", "occupation"})
#: classes whose members are alike only within their group (a restaurant and a skyscraper are both buildings,
#: a halfback and a linebacker both players): no replacement from a broader sense
GROUP_ONLY = frozenset({"position", "building"})

_WORD = re.compile(r"[A-Za-z]+")
_ARTICLE = re.compile(r"^(?:(?:a|an|the)\s+)", re.IGNORECASE)


@dataclass(frozen=True)
class ClassNoun:
    """One member of a closed class (a row of closed_classes.tsv)."""

    cls: str
    lemma: str
    plural: str  # "" for a mass noun
    group: str  # the members a replacement is drawn among share this group
    sense: str  # the WordNet sense: members of one sense are spellings or synonyms of one thing
    broader: tuple[str, ...]  # the senses of the class this one is a kind of ("car" of "sedan")
    others: tuple[str, ...]  # the sense's other names ("Cu" of "copper")
    zipf: float

    @property
    def forms(self) -> tuple[str, ...]:
        """The lemma and, for a countable noun, its plural."""
        return (self.lemma, self.plural) if self.plural else (self.lemma,)


def _cell(value: str) -> str:
    return "" if value == "-" else value


def _split(joined: str) -> tuple[str, ...]:
    return tuple(part for part in _cell(joined).split(",") if part)


@functools.cache
def class_nouns() -> tuple[ClassNoun, ...]:
    """Every row of fqa_build/lexicons/closed_classes.tsv."""
    return tuple(
        ClassNoun(cls, lemma, _cell(plural), group, sense, _split(broader), _split(others), float(zipf))
        for key, plural, group, sense, broader, others, zipf in table("closed_classes", 7)
        for lemma, cls in [key.split("/")]
    )


@functools.cache
def _by_form() -> dict[str, tuple[tuple[ClassNoun, bool], ...]]:
    """Lower-case form -> (member, the form is its plural) for every class the form is a member of."""
    out: dict[str, list[tuple[ClassNoun, bool]]] = {}
    for noun in class_nouns():
        out.setdefault(noun.lemma, []).append((noun, False))
        if noun.plural and noun.plural != noun.lemma:
            out.setdefault(noun.plural, []).append((noun, True))
    return {form: tuple(found) for form, found in out.items()}


@functools.cache
def _senses() -> frozenset[str]:
    """The senses of the members of every class."""
    return frozenset(noun.sense for noun in class_nouns())


@functools.cache
def _under() -> dict[tuple[str, str], tuple[ClassNoun, ...]]:
    """(class, sense) -> the members of the class that are kinds of that sense."""
    out: dict[tuple[str, str], list[ClassNoun]] = {}
    for noun in class_nouns():
        for sense in noun.broader:
            out.setdefault((noun.cls, sense), []).append(noun)
    return {key: tuple(members) for key, members in out.items()}


def _widening(noun: ClassNoun) -> list[tuple[ClassNoun, ...]]:
    """The members a replacement of `noun` is drawn among, narrowest first: its group, then the members of each of
    its broader senses, fewest first ("wolf": the canines, the carnivores, the mammals ...)."""
    group = _groups().get((noun.cls, noun.group), ())
    if noun.cls in GROUP_ONLY:
        return [group]
    wider = sorted((len(m), sense, m) for sense in noun.broader if (m := _under().get((noun.cls, sense))))
    return [group, *(members for _, _, members in wider)]


@functools.cache
def _groups() -> dict[tuple[str, str], tuple[ClassNoun, ...]]:
    out: dict[tuple[str, str], list[ClassNoun]] = {}
    for noun in class_nouns():
        out.setdefault((noun.cls, noun.group), []).append(noun)
    return {key: tuple(members) for key, members in out.items()}


def class_members(cls: str) -> tuple[ClassNoun, ...]:
    """Every member of the class."""
    return _classes().get(cls, ())


@functools.cache
def _classes() -> dict[str, tuple[ClassNoun, ...]]:
    out: dict[str, list[ClassNoun]] = {}
    for noun in class_nouns():
        out.setdefault(noun.cls, []).append(noun)
    return {cls: tuple(members) for cls, members in out.items()}


def members_of(word: str) -> tuple[tuple[ClassNoun, bool], ...]:
    """(member, is plural) for each class the word (any case) is a member of."""
    return _by_form().get(word.casefold(), ())


def asked_classes(question: str) -> frozenset[str]:
    """The classes the question names with one of their nouns ("What color were ..." -> colour)."""
    words = {w.casefold() for w in _WORD.findall(question)}
    if "body" in words and "part" in words:
        words.add("organ")
    return frozenset(cls for cls, nouns in CLASS_NOUNS.items() if words & nouns)


def thing_class(word: str, question: str) -> str | None:
    """The class of a closed-class answer: the one the question names among the word's classes, else the first
    of them by name (where it has several, `thing_class_asked` refuses the swap); None for no member."""
    classes = sorted({noun.cls for noun, _ in members_of(word)})
    named = [cls for cls in classes if cls in asked_classes(question)]
    return named[0] if named else next(iter(classes), None)


def thing_member(word: str, cls: str | None) -> tuple[ClassNoun, bool] | None:
    """The word's (member, is plural) in class `cls`, None where it is none."""
    return next(((noun, plural) for noun, plural in members_of(word) if noun.cls == cls), None)


def _answer_word(context: str, answer: Answer) -> tuple[int, int] | None:
    """The span of the answer's one word (an article before it and punctuation around it left out), if the answer
    is one word."""
    text = answer.text
    lead = len(text) - len(text.lstrip())
    body = text.strip().rstrip(".,;:!?")
    article = _ARTICLE.match(body)
    if article:
        lead += article.end()
        body = body[article.end() :]
    if not _WORD.fullmatch(body):
        return None
    start = answer.start + lead
    if context[start : start + len(body)] != body:
        return None
    return start, start + len(body)


def thing_matches(context: str, answers: Sequence[Answer], taken: Sequence[Match] = ()) -> list[Match]:
    """Matches of gold answers that are one closed-class noun (strategy "lexicon", label `THING`), one per span,
    after those in `taken` (an entity match at the same span comes first)."""
    spans = {(m.mention.start, m.mention.end) for m in taken}
    out: list[Match] = []
    for answer in answers:
        span = _answer_word(context, answer)
        if span is None or span in spans:
            continue
        surface = context[span[0] : span[1]]
        if not members_of(surface):
            continue
        spans.add(span)
        out.append(Match(Mention(*span, THING_LABEL, surface, *span), answer, "lexicon"))
    return out


def _present(text: str, noun: ClassNoun) -> bool:
    return any(next(find_whole_word(text, form), None) is not None for form in noun.forms)


def _pool(noun: ClassNoun, plural: bool, members: Sequence[ClassNoun], context: str, question: str) -> list[ClassNoun]:
    """The members that may replace `noun` (see `draw_thing`)."""
    senses = _senses()
    return [
        other
        for other in members
        if other.sense != noun.sense
        and other.sense not in noun.broader
        and noun.sense not in other.broader
        and not (set(other.broader) & senses) - set(noun.broader)
        and abs(other.zipf - noun.zipf) <= ZIPF_WINDOW
        and (other.plural or not plural)
        and not _present(context, other)
        and not _present(question, other)
        and not other.lemma.startswith(noun.lemma)
        and not noun.lemma.startswith(other.lemma)
    ]


def draw_thing(
    original: str, cls: str, context: str, question: str, seed: int, sample_id: str
) -> tuple[BankEntry, list[tuple[str, str]]] | None:
    """Another member of the original's group (of a broader sense where the group leaves fewer than `MIN_POOL`): as
    common as the original (`ZIPF_WINDOW`), of another sense, neither a kind of the original nor the original a
    kind of it, nor a kind of another member the original is no kind of (no "beagle" for a "wolf": a beagle is a
    dog), no form of it in the context or the question. Its entry, in the number of the original, and the
    (old, new) pairs of the other number the rewrite applies (both casings); None where there is none."""
    found = thing_member(original, cls)
    if found is None:
        return None
    noun, plural = found
    pool: list[ClassNoun] = []
    for members in _widening(noun):
        wider = _pool(noun, plural, members, context, question)
        pool = wider or pool  # a wider sense that leaves none keeps the narrower group's few
        if len(pool) >= MIN_POOL:
            break
    if not pool:
        return None
    new = pool[rng_for(seed, sample_id, original.casefold()).randrange(len(pool))]
    replacement = new.plural if plural else new.lemma
    pairs: list[tuple[str, str]] = []
    if noun.plural and new.plural and noun.plural != noun.lemma:
        old_other, new_other = (noun.lemma, new.lemma) if plural else (noun.plural, new.plural)
        pairs = [(old_other, new_other), (old_other.capitalize(), new_other.capitalize())]
    return made_entry(replacement, THING_LABEL, cls, "closed_class"), pairs
