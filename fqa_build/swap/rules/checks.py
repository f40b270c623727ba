"""Checks on the finished sample. The first six are the reference work's; the rest are ours."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Stage, rule
from fqa_build.text import contains_whole_word, find_whole_word

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


@rule(Stage.CHECK, Reason.NEW_ENTITY_ABSENT)
def new_entity_present(swap: Swap) -> Reason | None:
    """The replacement occurs in the new context as a whole word."""
    return None if contains_whole_word(swap.rewrite.text, swap.replacement) else Reason.NEW_ENTITY_ABSENT


@rule(Stage.CHECK, Reason.CONTEXT_UNCHANGED)
def context_changed(swap: Swap) -> Reason | None:
    """The new context differs from the original."""
    return None if swap.rewrite.text != swap.context else Reason.CONTEXT_UNCHANGED


@rule(Stage.CHECK, Reason.CONTEXT_TOO_SHORT)
def context_long_enough(swap: Swap) -> Reason | None:
    """The new context has at least `min_context_chars` characters."""
    return None if len(swap.rewrite.text) >= swap.config.min_context_chars else Reason.CONTEXT_TOO_SHORT


@rule(Stage.CHECK, Reason.REPLACEMENT_IN_ORIGINAL)
def replacement_not_in_original(swap: Swap) -> Reason | None:
    """The replacement does not already occur in the original context."""
    return Reason.REPLACEMENT_IN_ORIGINAL if contains_whole_word(swap.context, swap.replacement) else None


@rule(Stage.CHECK, Reason.TOO_MANY_OCCURRENCES)
def few_occurrences(swap: Swap) -> Reason | None:
    """At most `max_occurrences` mentions were rewritten."""
    return None if swap.rewrite.mentions <= swap.config.max_occurrences else Reason.TOO_MANY_OCCURRENCES


@rule(Stage.CHECK, Reason.REPLACEMENT_TOO_SHORT)
def replacement_long_enough(swap: Swap) -> Reason | None:
    """The replacement has at least 2 characters."""
    return None if len(swap.replacement) >= 2 else Reason.REPLACEMENT_TOO_SHORT


@rule(Stage.CHECK, Reason.ORIGINAL_ENTITY_REMAINS)
def original_absent(swap: Swap) -> Reason | None:
    """Neither the original nor any of its other names (surname, first name, short form, acronym) is left; a
    count's mentions that count other things, which `counts_rewrite_own_mentions` leaves as written
    (`Rewrite.kept`), excepted."""
    text, kept = swap.rewrite.text, swap.rewrite.kept
    if kept and len(list(find_whole_word(text, swap.original))) != kept:
        return Reason.ORIGINAL_ENTITY_REMAINS
    forms = swap.old_forms if kept else (swap.original, *swap.old_forms)
    left = any(contains_whole_word(text, form) for form in forms)
    return Reason.ORIGINAL_ENTITY_REMAINS if left else None


@rule(Stage.CHECK, Reason.INVALID_ANSWER_OFFSETS)
def answer_offsets_valid(swap: Swap) -> Reason | None:
    """The new answer sits at its answer_start and begins with the replacement."""
    start, text = swap.answer_span[0], swap.answer_text
    valid = (
        0 <= start
        and swap.rewrite.text[start : start + len(text)] == text
        and text.casefold().startswith(swap.replacement.casefold())
    )
    return None if valid else Reason.INVALID_ANSWER_OFFSETS


@rule(Stage.CHECK, Reason.ORIGINAL_IN_QUESTION)
def original_not_in_question(swap: Swap) -> Reason | None:
    """The question names neither the original nor any of its other names (after the forms step added the
    short forms the rewrite took over)."""
    named = any(contains_whole_word(swap.record.question, text) for text in (swap.original, *swap.old_forms))
    return Reason.ORIGINAL_IN_QUESTION if named else None
