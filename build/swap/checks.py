"""Quality checks on a counterfactual sample. Each has a name; a failing sample is dropped and its reason
counted. The first six are the reference work's; the rest are ours."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..text import contains_whole_word


@dataclass(frozen=True)
class CheckInput:
    """Everything a check may look at."""

    original_context: str
    context: str
    question: str
    original: str
    original_parts: tuple[str, ...]  # short mentions of a replaced person (surname, first name)
    replacement: str
    num_replacements: int
    answer_text: str
    answer_start: int
    min_context_chars: int
    max_occurrences: int


Check = Callable[[CheckInput], bool]


def new_entity_present(s: CheckInput) -> bool:
    return contains_whole_word(s.context, s.replacement)


def context_changed(s: CheckInput) -> bool:
    return s.context != s.original_context


def context_long_enough(s: CheckInput) -> bool:
    return len(s.context) >= s.min_context_chars


def replacement_not_in_original(s: CheckInput) -> bool:
    return not contains_whole_word(s.original_context, s.replacement)


def few_occurrences(s: CheckInput) -> bool:
    return s.num_replacements <= s.max_occurrences


def replacement_long_enough(s: CheckInput) -> bool:
    return len(s.replacement) >= 2


def original_absent(s: CheckInput) -> bool:
    return not any(contains_whole_word(s.context, text) for text in (s.original, *s.original_parts))


def answer_offsets_valid(s: CheckInput) -> bool:
    return (
        0 <= s.answer_start
        and s.context[s.answer_start : s.answer_start + len(s.answer_text)] == s.answer_text
        and s.answer_text.casefold().startswith(s.replacement.casefold())
    )


def original_not_in_question(s: CheckInput) -> bool:
    return not any(contains_whole_word(s.question, text) for text in (s.original, *s.original_parts))


#: (reason counted when the check fails, check), in the order they run.
CHECKS: tuple[tuple[str, Check], ...] = (
    ("new_entity_absent", new_entity_present),
    ("context_unchanged", context_changed),
    ("context_too_short", context_long_enough),
    ("replacement_in_original", replacement_not_in_original),
    ("too_many_occurrences", few_occurrences),
    ("replacement_too_short", replacement_long_enough),
    ("original_entity_remains", original_absent),
    ("invalid_answer_offsets", answer_offsets_valid),
    ("original_in_question", original_not_in_question),
)


def first_failure(sample: CheckInput) -> str | None:
    """The reason of the first failing check, or None when the sample passes them all."""
    for reason, check in CHECKS:
        if not check(sample):
            return reason
    return None
