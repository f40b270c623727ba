"""The gold answers of a sample as SQuAD scores them (policies with `map_gold_forms` and `trim_answers`).

Each gold answer of the source whose span holds a rewritten mention is a form of the new answer ("June 4, 2013"
and "2013"; the full name and the surname): mapped through the rewrite, it is a gold answer of the row at its new
offsets. No gold answer ends or starts with punctuation that is no part of it ("Thomas Addison." -> "Thomas
Addison", ", John F. Kennedy" -> "John F. Kennedy"), nor ends with a possessive ("Lyndon Shea's"). A source
gold answer that holds no rewritten mention and still stands in the new context, naming something else than
the new answer, is a second answer the row would keep (`second_answers_left`, under `no_second_answer_left`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from fqa_build.labels import DATE_LABELS, NAME_LABELS, NUMERIC_LABELS
from fqa_build.sentences import sentences_around
from fqa_build.swap.components import GoldForms
from fqa_build.swap.hooks import Hook, hook
from fqa_build.swap.rewriting.rewrite import Rewrite
from fqa_build.text import normalize_answer
from fqa_build.types import Answer, Entity

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: a closing bracket or quote, and what opens it
_OPENERS = {")": "(", "]": "[", "}": "{", "”": "“", "’": "‘", "»": "«"}
#: quotes that open and close alike: one closes where the answer holds an odd number of them
_SYMMETRIC_QUOTES = frozenset({'"', "'"})
_STOPS = frozenset(".,;:")
#: a period that ends an abbreviation is part of it ("U.S.", "J.", "a.m.", "Jr.", "Inc.")
_ABBREVIATION = re.compile(
    r"(?<![\w.])(?:[A-Za-z]\.)+$"
    r"|\b(?:Jr|Sr|Inc|Ltd|Co|Corp|Bros|St|Mt|Ft|Dr|Mr|Mrs|Ms|No|Nos|vs|etc|Esq|Gen|Col|Capt|Sgt|Lt|Rev|Hon)\.$"
)


#: a possessive ending after a name
_POSSESSIVES = ("'s", "’s")


def trimmed_end(text: str, start: int, end: int, floor: int | None = None) -> int:
    """The end of `text[start:end]` without the trailing punctuation that is no part of an answer: ".", ",", ";",
    ":" (a period only where no abbreviation ends with it), white space, closing quotes or brackets that do
    not open inside the answer, and a possessive "'s". Never below `floor` (the end of a rewritten span the
    answer holds), nor empty."""
    lowest = max(start + 1, floor if floor is not None else start + 1)
    while end > lowest:
        char, piece = text[end - 1], text[start:end]
        if piece.endswith(_POSSESSIVES) and end - 2 >= lowest:
            end -= 2  # "Lyndon Shea's": the possessive names no part of the answer (SQuAD's golds keep it)
            continue
        if char == "." and _ABBREVIATION.search(piece):
            break
        if char in _OPENERS and piece.count(_OPENERS[char]) >= piece.count(char):
            break
        if char in _SYMMETRIC_QUOTES and piece.count(char) % 2 == 0:
            break
        if not (char in _STOPS or char in _OPENERS or char in _SYMMETRIC_QUOTES or char.isspace()):
            break
        end -= 1
    return end


#: an opening bracket or quote, and what closes it ("'" is left: it opens "'90s")
_CLOSERS = {"(": ")", "[": "]", "{": "}", "“": "”", "‘": "’", "«": "»", '"': '"'}
_LEADING = frozenset(",;:")


def trimmed_start(text: str, start: int, end: int, ceiling: int | None = None) -> int:
    """The start of `text[start:end]` without the leading punctuation that is no part of an answer (", John F.
    Kennedy"): ",", ";", ":", white space, and opening quotes or brackets that do not close inside the answer.
    Never beyond `ceiling` (the start of a rewritten span the answer holds), nor empty."""
    highest = min(end - 1, ceiling if ceiling is not None else end - 1)
    while start < highest:
        char, piece = text[start], text[start:end]
        if char in _CLOSERS:
            closer = _CLOSERS[char]
            if (piece.count(char) % 2 == 0) if char == closer else piece.count(closer) >= piece.count(char):
                break
        elif not (char in _LEADING or char.isspace()):
            break
        start += 1
    return start


def trimmed_span(rewrite: Rewrite, start: int, end: int) -> tuple[int, int]:
    """The new-text span [start, end) without leading or trailing punctuation (`trimmed_start`, `trimmed_end`),
    keeping every rewritten span it holds whole."""
    held = [(n_start, n_end) for n_start, n_end in rewrite.new_spans if start <= n_start and n_end <= end]
    end = trimmed_end(rewrite.text, start, end, max((e for _, e in held), default=None))
    return trimmed_start(rewrite.text, start, end, min((s for s, _ in held), default=None)), end


def holds_mention(rewrite: Rewrite, answer: Answer) -> bool:
    """True when the source answer's span holds a whole rewritten mention of the original."""
    end = answer.start + len(answer.text)
    return any(answer.start <= o_start and o_end <= end for o_start, o_end in rewrite.mention_old_spans)


def gold_answers(
    rewrite: Rewrite, source: Sequence[Answer], first: tuple[int, int], every_form: bool, trimmed: bool
) -> list[Answer]:
    """The row's gold answers: the new answer at `first`, then (with `every_form`) each source answer that holds
    a rewritten mention, mapped through the rewrite; each without trailing punctuation when `trimmed`. No two
    share text and start; after the first, ordered by start, then text."""
    spans = [first]
    if every_form:
        for answer in source:
            if holds_mention(rewrite, answer):
                region = rewrite.map_region(answer.start, answer.start + len(answer.text))
                if region is not None:
                    spans.append(region)
    golds: list[Answer] = []
    for start, end in spans:
        if trimmed:
            start, end = trimmed_span(rewrite, start, end)
        gold = Answer(rewrite.text[start:end], start)
        if gold.text.strip() and gold not in golds:
            golds.append(gold)
    return [golds[0], *sorted(golds[1:], key=lambda a: (a.start, a.text))]


def _words(text: str) -> frozenset[str]:
    return frozenset(normalize_answer(text).split())


#: words a question shares with any sentence: no evidence of where its answer stands
_QUESTION_STOP = frozenset(
    "a an the of to in on at by for with from and or as that this these those it its his her their they he she "
    "who whom whose what which when where why how many much is was were are be been did do does has have had can "
    "could would will should may might".split()
)
_QUESTION_WORD = re.compile(r"[\w']+")
#: words each side of an answer that tell what it answers (wider windows reach the neighbouring clause's names)
SUPPORT_WORDS = 6


def _stems(text: str) -> frozenset[str]:
    words = (w.casefold().removesuffix("'s") for w in _QUESTION_WORD.findall(text))
    return frozenset(w[:5] for w in words if w not in _QUESTION_STOP)


def question_support(text: str, start: int, end: int, question: str, width: int = SUPPORT_WORDS) -> int:
    """How many of the question's content words (by their first five letters: "appointed" is "appoint") stand
    within `width` words either side of text[start:end], inside its sentence: how closely the text ties this
    span to what the question asks."""
    lo, hi = sentences_around(text, start, end)
    before = list(_QUESTION_WORD.finditer(text, lo, start))[-width:]
    after = list(_QUESTION_WORD.finditer(text, end, hi))[:width]
    around = text[before[0].start() if before else start : start] + " " + text[end : after[-1].end() if after else end]
    return len(_stems(around) & _stems(question))


def label_family(label: str) -> frozenset[str]:
    """The labels an answer may carry and still answer what one of `label` answers: a name of any kind for a
    name (NER tags a surname alone as an organisation as often as a person), a date or time for a date, another
    number for a number."""
    for family in (DATE_LABELS, NAME_LABELS, NUMERIC_LABELS - DATE_LABELS):
        if label in family:
            return family
    return frozenset({label})


def names_entity(answer: Answer, entities: Sequence[Entity], labels: frozenset[str], context: str) -> bool:
    """True when the answer is a name or value of one of `labels` the NER found where it stands (all its words
    are words of that entity): a rival to the new answer, not a phrase that says something else ("after their
    second year")."""
    end = answer.start + len(answer.text)
    words = _words(answer.text)
    return any(
        e_label in labels and e_start < end and answer.start < e_end and words <= _words(context[e_start:e_end])
        for e_start, e_end, e_label in entities
    )


def second_answers_left(
    rewrite: Rewrite,
    source: Sequence[Answer],
    matched: Answer,
    golds: Sequence[Answer],
    old_forms: Sequence[str],
    rival: Callable[[Answer], bool] = lambda answer: True,
) -> list[Answer]:
    """Source gold answers the rewrite left standing that name something else than the new answer: each holds no
    rewritten mention, reads the same in the new context, overlaps no answer that held one (a shorter or longer
    span of it), its words are neither inside nor around the words of a gold answer, old or new, or of a form of
    the original in `old_forms` (another occurrence, or a form the rewrite changed), and `rival` holds for it."""
    changed = [a for a in source if a == matched or holds_mention(rewrite, a)]
    forms = [_words(text) for text in (*(a.text for a in changed), *(g.text for g in golds), *old_forms)]
    left: list[Answer] = []
    for answer in source:
        end = answer.start + len(answer.text)
        if answer in changed or any(a.start < end and answer.start < a.start + len(a.text) for a in changed):
            continue
        region = rewrite.map_region(answer.start, end)
        if region is None or rewrite.text[region[0] : region[1]] != answer.text:
            continue  # a rewritten span crosses it: it changed with the swap
        words = _words(answer.text)
        if not words or any(form and (words <= form or form <= words) for form in forms):
            continue
        if rival(answer):
            left.append(answer)
    return left


@hook(Hook.ANSWER, GoldForms)
def trim_answer(swap: Swap, span: tuple[int, int]) -> tuple[int, int]:
    """No gold answer ends with punctuation that is no part of it (`trimmed_span`)."""
    return trimmed_span(swap.rewrite, *span)


@hook(Hook.GOLDS, GoldForms)
def every_gold(swap: Swap) -> dict[str, list]:
    """Every source gold answer holding a rewritten mention is a gold answer (`gold_answers`)."""
    golds = gold_answers(swap.rewrite, swap.record.answers, swap.answer_span, True, True)
    return {"text": [g.text for g in golds], "answer_start": [g.start for g in golds]}
