"""Rules on the answer's company: an answer that is one of a pair or a list of things of its kind ("Watson and
Crick", "filmed in Austin and Grapevine") is one of several equal answers; the swap would make the new name the
gold answer while the others answer the question as well. A building, work or law a policy adds that stands in
a list of its kind is the answer only where the passage says which one the question asks for."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from nameparser.config import CONSTANTS as NAME_CONSTANTS

from fqa_build.reasons import Reason
from fqa_build.sentences import sentence_spans
from fqa_build.swap.rule import Stage, rule
from fqa_build.types import Entity

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

_PLACES = frozenset({"GPE", "LOC", "FAC"})
#: what stands between two coordinated mentions: a list comma and/or a coordinator, then perhaps a repeated
#: preposition, "the" or a title ("Inigo Jones, Sir John Vanbrugh")
_SEPARATOR = re.compile(
    r"^\s*(,)?\s*(?:(and|or|&|nor|and/or|as well as|along with|plus)\s+)?"
    r"(?:(?:in|on|at|by|from|to|of|with|for)\s+)?(?:(?:the|[A-Z][a-z]*\.?)\s+)?$"
)
_COORDINATORS = ("and", "or", "&", "nor", "and/or", "as well as", "along with", "plus")
_WORD = re.compile(r"[A-Za-z0-9][\w'’-]*")
_FUNCTION_WORDS = frozenset({"and", "or", "the", "a", "an", "of", "in", "on", "at", "by", "with", "to", "for", "as"})


#: between numbers and dates only a bare list separator: "in 1975, and in 1977 the department was created"
#: joins two clauses, not two answers
_TIGHT_SEPARATOR = re.compile(r"^\s*(,)?\s*(?:(and|or|&|nor|and/or)\s+)?$")
_NUMERIC = frozenset({"DATE", "CARDINAL", "TIME", "MONEY", "PERCENT", "QUANTITY", "ORDINAL"})


def _separator(text: str, label: str) -> tuple[bool, bool] | None:
    """(has a comma, has a coordinator) for the text between two mentions of a list, or None if it is no list
    separator. A capitalised word kept before the next mention must be a title ("Sir")."""
    found = (_TIGHT_SEPARATOR if label in _NUMERIC else _SEPARATOR).match(text)
    if found is None or not (found.group(1) or found.group(2)):
        return None
    words = text.split()
    last = words[-1].rstrip(".").casefold() if words else ""
    if words and words[-1][:1].isupper() and last not in NAME_CONSTANTS.titles:
        return None
    return bool(found.group(1)), bool(found.group(2))


def _same_kind(label: str, other: str) -> bool:
    return label == other or (label in _PLACES and other in _PLACES)


def coordinated_with(context: str, entities: Sequence[Entity], start: int, end: int, label: str) -> list[str]:
    """The texts of the mentions of the same kind (the same label, or places beside a place) coordinated with
    the mention [start, end) in one list ("A and B", "A, B, and C", "A as well as B"), or [] when it stands in
    none. A run joined by commas alone is no list ("Paris, France"; an apposition): a coordinator must join it.
    Beside a person, a name NER gave another label is a person where it is the surname of a person the text
    names ("Washington and William Gist" after "George Washington")."""
    ordered = sorted(e for e in entities if e[1] <= start or e[0] >= end)
    surnames = {context[s:e].split()[-1] for s, e, lab in entities if lab == "PERSON" and len(context[s:e].split()) > 1}

    def kin(entity: Entity) -> bool:
        return _same_kind(label, entity[2]) or (label == "PERSON" and context[entity[0] : entity[1]] in surnames)

    before = [e for e in ordered if e[1] <= start and kin(e)]
    after = [e for e in ordered if e[0] >= end and kin(e)]
    chain: list[Entity] = []
    coordinator = False
    edge = start
    for entity in reversed(before):
        joined = _separator(context[entity[1] : edge], label)
        if joined is None or not _nothing_between(ordered, entity[1], edge):
            break
        coordinator |= joined[1]
        chain.append(entity)
        edge = entity[0]
    edge = end
    for entity in after:
        joined = _separator(context[edge : entity[0]], label)
        if joined is None or not _nothing_between(ordered, edge, entity[0]):
            break
        coordinator |= joined[1]
        chain.append(entity)
        edge = entity[1]
    return [context[s:e] for s, e, _ in chain] if coordinator else []


def _nothing_between(entities: Sequence[Entity], start: int, end: int) -> bool:
    return not any(start <= s and e <= end for s, e, _ in entities)


_RESPECTIVELY = re.compile(r"[^.;]*\brespectively\b")
_WORD_BEFORE = re.compile(r"([A-Za-z]+)\s+$")


def singled_out(question: str, others: Sequence[str], context: str = "", start: int = 0, end: int = 0) -> bool:
    """True when the question or the text tells the answer from the others of its list: the question names
    another member ("Who, with Jim Nantz, ...", "Between Brakel and what other city": it asks for the one it
    does not name), names a singular role written right before the answer alone ("President Gerald Ford" in a
    list of Eagle Scouts, asked "which president"), or the list is paired with another ("... as Pocahontas
    and Smith, respectively")."""
    asked = {w.casefold() for w in _WORD.findall(question)}
    if _RESPECTIVELY.match(context, end):
        return True
    before = _WORD_BEFORE.search(context, max(0, start - 30), start)
    if before is not None:
        role = before.group(1)
        plural = role.endswith("s") and not role.endswith("ss")
        if role.casefold() in asked and not plural and role.casefold() not in _FUNCTION_WORDS:
            return True
    for other in others:
        words = [w for w in _WORD.findall(other) if w[:1].isupper() or w[:1].isdigit()]
        if any(w.casefold() in asked for w in words):
            return True
    return False


# the person rules name what is wrong with a pair of names more precisely
@rule(
    Stage.MENTION,
    Reason.ANSWER_COORDINATED,
    after=("person_not_in_couple", "person_asked_alone", "question_asks_for_one"),
)
def answer_not_coordinated(swap: Swap) -> Reason | None:
    """The answer's mention is not one of a pair or a list of mentions of its kind ("Watson and Crick", "filmed
    in Austin and Grapevine", "Martin, Allegre, and Goodell") unless the question names another of them: the
    others would answer the question as well as the new name."""
    mention = swap.mention
    raw_label = next((lab for s, e, lab in swap.info.entities if (s, e) == (mention.raw_start, mention.raw_end)), "")
    start, end = min(mention.start, mention.raw_start), max(mention.end, mention.raw_end)
    others = coordinated_with(swap.context, swap.info.entities, start, end, raw_label or swap.label)
    if others and not singled_out(swap.record.question, others, swap.context, start, end):
        return Reason.ANSWER_COORDINATED
    return None


#: a question's verbs read without a parser: a past form ("played", "held") the passage must hold in some form
_PAST = re.compile(r"\b([a-z]{3,}ed)\b")
_IRREGULAR = {
    "held": ("hold", "held", "host"),
    "built": ("build", "built", "construct"),
    "won": ("win", "won", "victor"),
    "fought": ("fight", "fought", "battle"),
    "sung": ("sing", "sang", "sung"),
    "sang": ("sing", "sang", "sung"),
    "shot": ("shoot", "shot", "film"),
    "begun": ("begin", "began", "begun", "start"),
    "began": ("begin", "began", "begun", "start"),
    "made": ("make", "made"),
    "buried": ("bury", "buried", "burial", "grave", "tomb"),
    "born": ("born", "birth"),
}
#: the labels NER gives a building it does not take for one ("Mercedes-Benz Superdome" as an organisation)
_KIN_LABELS = {"FAC": ("FAC", "ORG")}
_NOT_VERBS = frozenset({"called", "named", "used", "based", "known", "need", "seed", "speed", "bed", "red", "hundred"})


def _verb_stems(question: str) -> list[tuple[str, ...]]:
    """The stems of the question's past forms (each a tuple of stems one of which the passage must hold)."""
    stems: list[tuple[str, ...]] = []
    for word in re.findall(r"[a-z]+", question.casefold()):
        if word in _IRREGULAR:
            stems.append(_IRREGULAR[word])
        elif _PAST.fullmatch(word) and word not in _NOT_VERBS:
            stem = word[:-2]
            if len(stem) > 2 and stem[-1] == stem[-2]:
                stem = stem[:-1]  # "planned"
            stems.append((stem if len(stem) <= 4 else stem[:-1],))
    return stems


def _question_names_its_own_words(swap: Swap) -> bool:
    """The question names a capitalised word that stands between the mention and the one of its kind before it
    in its sentence ("the San Francisco Bay Area's Levi's Stadium" asked "which site is in the San Francisco Bay Area"):
    it tells the answer from the others of the list."""
    asked = {w.casefold() for w in re.findall(r"[A-Za-z]+", swap.record.question)}
    spans = sentence_spans(swap.context)
    for start, _ in swap.mention_spans:
        first = next((s for s, e in spans if s <= start < e), 0)
        kin = _KIN_LABELS.get(swap.label, (swap.label,))
        edge = max([e for s, e, label in swap.info.entities if first <= s and e <= start and label in kin] + [first])
        own = re.findall(r"\b[A-Z][A-Za-z]{2,}", swap.context[edge:start])
        if any(w.casefold() in asked for w in own):
            return True
    return False


@rule(Stage.MADE, Reason.SITE_NOT_SINGLED_OUT)
def site_answers_the_question(swap: Swap) -> Reason | None:
    """A building, work or law that stands in its sentence beside two or more others of its label (for a building,
    also organisations NER took buildings for), a list of candidate sites ("narrowed the bids to three sites: A, B,
    and C"), is the answer only where the passage holds the question's verb ("played", "held") in some form or
    the question names a word written just before it: otherwise the passage lists candidates and never says which
    one the question asks for."""
    if swap.label not in ("FAC", "WORK_OF_ART", "LAW") or swap.label not in swap.policy.added_types:
        return None
    spans = [(s, e) for s, e in sentence_spans(swap.context) if any(s <= m < e for m, _ in swap.mention_spans)]
    mentions = set(swap.mention_spans)
    others = {
        swap.context[s:e]
        for s, e, label in swap.info.entities
        if label in _KIN_LABELS.get(swap.label, (swap.label,))
        and (s, e) not in mentions
        and any(a <= s < b for a, b in spans)
    } - {swap.original}
    if len(others) < 2 or _question_names_its_own_words(swap):
        return None
    words = re.findall(r"[a-z]+", swap.context.casefold())
    for stems in _verb_stems(swap.record.question):
        if not any(w.startswith(stem) for stem in stems for w in words):
            return Reason.SITE_NOT_SINGLED_OUT
    return None
