"""Evidence windows (context_v11): where a whole passage refuses a swap for something outside the sentences that
answer the question, the swap is tried once more on a window of whole sentences of the passage that holds the
answer's sentence and the sentences the question's words point to.

The window is grown from the answer's sentence one neighbour at a time, the neighbour that carries more of the
question's words first (the earlier one on a tie), until it holds every question word the passage holds, up to
`MAX_SENTENCES` sentences and `MAX_CHARS` characters; it holds at least one neighbour, and a window opening on a
word that points back ("He", "However") takes the sentence before it. A window holding less than `MIN_EVIDENCE`
of the question's words the passage holds is none: the question would lose its evidence. The window is a record
of its own (its answers, offsets relative to it), its NER the passage's sliced to it; every rule runs on it as
on any passage.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from fqa_build.bank.entity_bank import EntityBank
from fqa_build.read.windows import _sentences, _tokens, question_weights
from fqa_build.reasons import Reason
from fqa_build.swap.components import EvidenceWindows
from fqa_build.swap.hooks import Hook, hook
from fqa_build.swap.orchestration.state import ContextInfo
from fqa_build.swap.policies.policy import Policy
from fqa_build.types import Answer, Mention, QARecord, Rejection, Sample

#: the most sentences and characters a window holds
MAX_SENTENCES = 5
MAX_CHARS = 900
#: the share of the question's words (weighted as in fqa_build/read/windows.py) the passage holds that the window holds
MIN_EVIDENCE = 0.75

#: the refusals a window may undo: a tie of the answer to something elsewhere in the passage (a form of the original
#: left, a date or count tied to others, a place or nationality the passage names); never a refusal of the match,
#: of the question, or of a tie within the answer's own sentence
WINDOWED_REASONS = frozenset(
    {
        Reason.ACRONYM_LEFT,
        Reason.SHORT_FORM_LEFT,
        Reason.INSIDE_OTHER_PERSON,
        Reason.INSIDE_LONGER_NAME,
        Reason.RELATIVE_DATE,
        Reason.GEOGRAPHY_LEFT,
        Reason.DERIVED_WORD_LEFT,
        Reason.OTHER_ANSWER_LEFT,
        Reason.WEEKDAY_LEFT,
        Reason.VARIANT_LEFT,
        Reason.ORIGINAL_WORD_LEFT,
        Reason.NATIONALITY_NAMED,
        Reason.LANGUAGE_NAMED,
        Reason.LANDMARK_NAMED,
        Reason.MADE_PLACE_ASTRAY,
        Reason.AGE_COMPARED,
        Reason.SECOND_ANSWER_LEFT,
        Reason.DATE_FIXED_BY_NAME,
        Reason.PLACE_OUT_OF_REGION,
        Reason.TIMELINE_FIXED,
        Reason.TIMELINE_UNREAD,
        Reason.TIMELINE_NO_OFFSET,
        Reason.REPLACEMENT_IN_ORIGINAL,
        Reason.TOO_MANY_OCCURRENCES,
        Reason.ORIGINAL_ENTITY_REMAINS,
        Reason.TITLE_WORD_LEFT,
        Reason.WORK_TIED_TO_PERSON,
        Reason.VALUE_IN_ARITHMETIC,
        Reason.VALUE_RESTATED,
        Reason.COUNT_TIED_IN_PASSAGE,
        Reason.PERSON_SPELLING_LEFT,
        Reason.TIMELINE_UNDATED_EVENT,
        Reason.TIMELINE_LIFETIME,
    }
)

#: a sentence opening on one of these words leans on the sentence before it
_LEANS_BACK = frozenset(
    "he she it they his her its their him them this these those such however but also thus therefore then "
    "there here both another other later afterwards meanwhile instead nevertheless furthermore moreover "
    "additionally similarly consequently hence others latter former yet still again nonetheless accordingly next "
    "finally lastly subsequently thereafter".split()
)
_FIRST_WORD = re.compile(r"[\W_]*(\w+)")
#: a full stop that ends no sentence: after a short abbreviation ("St. Louis", "Dr. Smith", "c. 1500")
_ABBREVIATION = re.compile(r"(?:^|\s)(?:St|Dr|Mr|Mrs|Ms|Jr|Sr|Mt|No|Co|Inc|Ltd|Gen|Col|Lt|Rev|Prof|Ft|vs|c|ca)\.\s*$")


@dataclass(frozen=True)
class Window:
    """A window of a passage: its bounds in the passage and the record cut to it."""

    start: int
    end: int
    record: QARecord


def _window_sentences(text: str) -> list[tuple[int, int]]:
    """The passage's sentences, not cut after an initial or an abbreviation, nor before a lower-case word."""
    merged: list[tuple[int, int]] = []
    for start, end in _sentences(text):
        if merged:
            before = text[merged[-1][0] : merged[-1][1]]
            opening = text[start:end].lstrip()[:1]
            if _ABBREVIATION.search(before) or opening.islower():
                merged[-1] = (merged[-1][0], end)
                continue
        merged.append((start, end))
    return merged


def _leans_back(text: str) -> bool:
    word = _FIRST_WORD.match(text)
    return word is not None and word.group(1).casefold() in _LEANS_BACK


def evidence_window(record: QARecord) -> Window | None:
    """The window of `record`'s passage around its first gold answer that holds the question's evidence, or None
    where the passage is no longer than the window would be or the question's words lie outside it."""
    text, answer = record.context, record.answers[0]
    spans = _window_sentences(text)
    if len(spans) < 3:
        return None
    starts = [s for s, _ in spans]
    first = _index(starts, answer.start)
    last = _index(starts, answer.start + max(1, len(answer.text)) - 1)
    weights = question_weights(record.question)
    words = [set(_tokens(text[s:e])) & weights.keys() for s, e in spans]
    held = set().union(*words)
    needed = sum(weights[w] for w in held)

    def found(lo: int, hi: int) -> set[str]:
        return set().union(*words[lo : hi + 1])

    def fits(lo: int, hi: int) -> bool:
        return hi - lo + 1 <= MAX_SENTENCES and spans[hi][1] - spans[lo][0] <= MAX_CHARS

    while found(first, last) != held or last == first:
        have = found(first, last)
        options = []
        if first > 0 and fits(first - 1, last):
            options.append((sum(weights[w] for w in words[first - 1] - have), 1, first - 1, last))
        if last + 1 < len(spans) and fits(first, last + 1):
            options.append((sum(weights[w] for w in words[last + 1] - have), 0, first, last + 1))
        if not options:
            break
        _, _, first, last = max(options)
        if found(first, last) == held and last > first:
            break
    while first > 0 and _leans_back(text[spans[first][0] : spans[first][1]]) and fits(first - 1, last):
        first -= 1
    if _leans_back(text[spans[first][0] : spans[first][1]]) or last == first:
        return None
    if needed and sum(weights[w] for w in found(first, last)) < MIN_EVIDENCE * needed:
        return None
    lo, hi = spans[first][0], spans[last][1]
    while hi > lo and text[hi - 1].isspace():
        hi -= 1
    if lo == 0 and hi >= len(text.rstrip()):
        return None
    answers = tuple(
        Answer(a.text, a.start - lo) for a in record.answers if a.start >= lo and a.start + len(a.text) <= hi
    )
    return Window(lo, hi, replace(record, context=text[lo:hi], answers=answers))


def _index(starts: list[int], position: int) -> int:
    """The sentence holding `position`."""
    return max(0, bisect.bisect_right(starts, position) - 1)


def window_info(info: ContextInfo, window: Window, ngrams: frozenset[tuple[str, ...]]) -> ContextInfo:
    """The passage's NER entities and mentions that lie inside the window, their offsets relative to it (no
    second NER pass); `ngrams` the window's own."""
    lo, hi = window.start, window.end
    entities = tuple((s - lo, e - lo, label) for s, e, label in info.entities if s >= lo and e <= hi)
    mentions = tuple(
        Mention(m.start - lo, m.end - lo, m.label, m.surface, m.raw_start - lo, m.raw_end - lo)
        for m in info.mentions
        if m.raw_start >= lo and m.raw_end <= hi
    )
    return ContextInfo(entities, mentions, ngrams)


@functools.cache
def passage_policy(policy: Policy) -> Policy:
    """The policy swapping a passage as it is, without windows (what `in_window` tries first and on the window)."""
    return policy.without(EvidenceWindows)


def in_window(
    record: QARecord,
    info: ContextInfo,
    bank: EntityBank,
    attempt: Callable[[QARecord, ContextInfo], Sample | Rejection],
) -> Sample | Rejection:
    """`attempt` on the record's passage; where the passage refuses the swap for a tie elsewhere in it
    (`WINDOWED_REASONS`), `attempt` once more on its evidence window: the window's sample, recording where the
    window starts, or the passage's refusal where there is no window or the window refuses too."""
    refused = attempt(record, info)
    if isinstance(refused, Sample) or refused.reason not in WINDOWED_REASONS:
        return refused
    window = evidence_window(record)
    if window is None or not window.record.answers:
        return refused
    cut = window_info(info, window, bank.keys_in(window.record.context))
    retried = attempt(window.record, cut)
    return replace(retried, context_start=window.start) if isinstance(retried, Sample) else refused


@hook(Hook.RECORD, EvidenceWindows)
def retry_on_window(
    record: QARecord,
    info: ContextInfo,
    bank: EntityBank,
    attempt: Callable[[QARecord, ContextInfo, Policy], Sample | Rejection],
    policy: Policy,
) -> Sample | Rejection:
    """The record swapped on its passage, and where the passage refuses it for a tie elsewhere, on its window
    (`in_window`), each time without windows."""
    plain = passage_policy(policy)
    return in_window(record, info, bank, lambda r, i: attempt(r, i, plain))
