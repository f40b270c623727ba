"""The invariants of one `default` row of a build, each a named invariant of `validate`: the answers sit at their
offsets and begin with the replacement, the rewritten spans hold it and glue into no word, the text outside them
is the original's, nothing of the original is left, and a year stays a year."""

from __future__ import annotations

import re
from typing import Any

from fqa_build.bank.shapes import has_digits, is_year
from fqa_build.gazetteers.countries import country_of_form
from fqa_build.swap.rewriting.rewrite import name_parts
from fqa_build.text import find_whole_word


def row_violations(row: dict[str, Any]) -> list[str]:
    """The invariants one `default` row breaks, in the order `validate` reports them (empty when it breaks none)."""
    return [name for name, breaks in ROW_INVARIANTS.items() if breaks(row)]


def _answer_offsets(row: dict[str, Any]) -> bool:
    context, texts, starts = row["context"], row["answers"]["text"], row["answers"]["answer_start"]
    return len(texts) != len(starts) or any(
        context[start : start + len(text)] != text for text, start in zip(texts, starts, strict=False)
    )


def _replacement_at_answer(row: dict[str, Any]) -> bool:
    """Broken unless the first answer begins with the replacement and every other answer (another form of the new
    answer: the full date of a year, the surname of a name) holds a rewritten mention."""
    context, new = row["context"], row["replacement_entity"]
    starts, texts = row["answers"]["answer_start"], row["answers"]["text"]
    if not starts or context[starts[0] : starts[0] + len(new)].casefold() != new.casefold():
        return True
    spans = [(span["start"], span["end"]) for span in row["replaced_spans"]]
    return any(
        not any(start <= s and e <= start + len(text) for s, e in spans)
        for text, start in zip(texts[1:], starts[1:], strict=False)
    )


def _replacement_glued(row: dict[str, Any]) -> bool:
    """Broken where a rewritten span runs into a word on either side."""
    context = row["context"]
    for span in row["replaced_spans"]:
        start, end = span["start"], span["end"]
        before = context[start - 1] if start > 0 else " "
        # a decade's year keeps its plural "s" ("the 1960s" shifted to "the 1970s"): no glued word
        piece = context[start:end]
        decade = piece.isdigit() and len(piece) == 4 and context[end : end + 1] == "s"
        after = context[end + 1 : end + 2] if decade else context[end : end + 1]
        if before.isalnum() or before == "_" or after.isalnum() or after == "_":
            return True
    return False


def _shape_kept(row: dict[str, Any]) -> bool:
    """Broken where the swap changed nothing, made a year no year, or took the digits of a date or count."""
    new, old = row["replacement_entity"], row["original_entity"]
    return (
        old.casefold() == new.casefold()
        or (is_year(old) and not is_year(new))
        or (row["entity_type"] in ("DATE", "CARDINAL") and has_digits(old) and not has_digits(new))
    )


def _replacement_at_spans(row: dict[str, Any]) -> bool:
    context, original, new = row["context"], row["original_context"], row["replacement_entity"]
    for span, was in zip(row["replaced_spans"], row["original_spans"], strict=False):
        piece = context[span["start"] : span["end"]]
        # the replacement, a short form of it, its acronym, the expansion of an acronym replacement, another form of
        # the same country ("Danish" for "Denmark"), or the article fixed before it ("a" -> "an"); or, where the
        # swap rewrites numbers with it (a shifted timeline, a converted restatement), the same words with other
        # numbers
        if not piece or not (
            piece.casefold() in new.casefold()
            or piece.isupper()
            or piece.casefold() in ("a", "an")
            or _spells_out(piece, new)
            or _same_country(piece, new)
            or _numbers_only_changed(original[was["start"] : was["end"]], piece)
        ):
            return True
    return False


def _spells_out(words: str, acronym: str) -> bool:
    """Whether the capitalised words of `words` give the initials `acronym` ("Central Olympic Committee", "COC")."""
    initials = "".join(word[0] for word in words.split() if word[:1].isupper())
    return acronym.isupper() and len(acronym) > 1 and initials == acronym


def _same_country(form: str, new: str) -> bool:
    """Whether `form` is a name, adjective or people of the country `new` names ("Danish" and "Denmark")."""
    this, that = country_of_form(form), country_of_form(new)
    return this is not None and that is not None and this[0] == that[0]


def _original_outside_spans(row: dict[str, Any]) -> bool:
    return _outside(row["context"], row["replaced_spans"]) != _outside(row["original_context"], row["original_spans"])


def _original_left(row: dict[str, Any]) -> bool:
    """The original, or a part of a person's name, is left in the new context more often than the swap kept it on
    purpose: outside the rewritten spans, as another quantity's mention ("Denmark 1.1%" beside a swapped "Austria
    1.1%", `context_v14`) or a count's mention that counts another thing."""
    new, old = row["replacement_entity"], row["original_entity"]
    names = [old] + (list(name_parts(old).values()) if row["entity_type"] == "PERSON" else [])
    rewritten = [(s["start"], s["end"]) for s in row["original_spans"]]
    for name in names:
        if name.casefold() in new.casefold():
            continue
        kept = [
            (s, e)
            for s, e in find_whole_word(row["original_context"], name)
            if not any(s < b and a < e for a, b in rewritten)
        ]
        if len(list(find_whole_word(row["context"], name))) > len(kept):
            return True
    return False


#: the row invariants, each true of a row that breaks it, in the order `validate` reports them
ROW_INVARIANTS = {
    "answer_offsets": _answer_offsets,
    "replacement_at_answer": _replacement_at_answer,
    "replacement_at_spans": _replacement_at_spans,
    "replacement_glued": _replacement_glued,
    "shape_kept": _shape_kept,
    "original_outside_spans": _original_outside_spans,
    "original_left": _original_left,
}


_DIGITS = re.compile(r"\d+")


def _numbers_only_changed(before: str, after: str) -> bool:
    """Whether `after` is `before` with other numbers and nothing else changed ("1990s" -> "2000s"; "739" -> "1,478",
    a number that grew past a thousand written with its separator, as the passage writes its others)."""
    before, after = _UNGROUPED.sub("", before), _UNGROUPED.sub("", after)
    return before != after and bool(_DIGITS.search(after)) and _DIGITS.sub("0", before) == _DIGITS.sub("0", after)


#: a thousands separator between digits ("1,478"): a scaled number may gain or lose one
_UNGROUPED = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")


def _outside(text: str, spans: list[dict[str, int]]) -> list[str]:
    """The pieces of `text` between the spans (in order)."""
    pieces, at = [], 0
    for span in spans:
        pieces.append(text[at : span["start"]])
        at = span["end"]
    pieces.append(text[at:])
    return pieces
