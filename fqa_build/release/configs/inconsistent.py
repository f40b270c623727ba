"""`inconsistent`: the original and the counterfactual passage of a sample together, in both orders, the two
answers the gold conflict; a prediction is right when it names both answers, or says the passages conflict."""

from __future__ import annotations

import collections
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa

import faithfulness_qa as fqa
from fqa_build.release.baselines import by_ids, names, reader_answers_over
from fqa_build.release.configs.base import (
    DerivedConfig,
    SamplesBySplit,
    not_a_string,
    register_derived,
    share,
    spans_misplaced,
)
from fqa_build.release.derived import answer_regions, by_hash, meta
from fqa_build.release.passage_entities import PassageEntities
from fqa_build.release.read_back import read_config
from fqa_build.text import normalize_answer
from fqa_build.types import Sample

SEPARATOR = "\n\n"
_CONFLICT = re.compile(r"\b(conflict|conflicting|contradict|contradictory|inconsistent)\b")


def inconsistent_rows(sample: Sample) -> list[dict[str, Any]]:
    """Two rows: the original passage first, and the counterfactual one first; `answers` holds the first
    passage's answer, then the second's."""
    (new_lo, new_hi), (old_lo, old_hi) = answer_regions(sample)
    passages = {
        "original": (sample.original_context, old_lo, sample.original_context[old_lo:old_hi]),
        "counterfactual": (sample.context, new_lo, sample.context[new_lo:new_hi]),
    }
    rows = []
    for first, second in (("original", "counterfactual"), ("counterfactual", "original")):
        (a_text, a_at, a_answer), (b_text, b_at, b_answer) = passages[first], passages[second]
        offset = len(a_text) + len(SEPARATOR)
        rows.append(
            {
                "id": f"{sample.id}-{first}-first",
                "question": sample.question,
                "context": a_text + SEPARATOR + b_text,
                "answers": {"text": [a_answer, b_answer], "answer_start": [a_at, offset + b_at]},
                "first_passage": first,
                "passage_starts": [0, offset],
                "meta": meta(sample),
            }
        )
    return rows


def derive(samples_by_split: SamplesBySplit, entities: PassageEntities) -> dict[str, list[dict[str, Any]]]:
    """Split -> rows: two rows a sample, ordered by a stable hash."""
    return {
        s: by_hash("inconsistent", (r for x in xs for r in inconsistent_rows(x))) for s, xs in samples_by_split.items()
    }


def says_conflict(prediction: str) -> bool:
    """True where a prediction says the passages disagree ("the passages conflict", "contradictory")."""
    return bool(_CONFLICT.search(prediction.casefold()))


def score(rows: Sequence[Mapping[str, Any]], predictions: Mapping[str, Any]) -> dict[str, Any]:
    """`conflict_recall`: predictions that name both answers or say the passages conflict; `first_only` and
    `second_only`: those that name only the first passage's answer, or only the second's (the order bias);
    `counterfactual_only` and `original_only`: the same by passage."""
    counts = collections.Counter()
    for row in rows:
        prediction = predictions[row["id"]]
        first, second = (names(prediction, a) for a in row["answers"]["text"])
        counts["conflict"] += (first and second) or says_conflict(prediction)
        if first != second and not says_conflict(prediction):
            counts["first_only" if first else "second_only"] += 1
            which = row["first_passage"] if first else _other(row["first_passage"])
            counts[f"{which}_only"] += 1
    n = len(rows)
    return {
        "conflict_recall": share(counts["conflict"], n),
        "first_only": share(counts["first_only"], n),
        "second_only": share(counts["second_only"], n),
        "counterfactual_only": share(counts["counterfactual_only"], n),
        "original_only": share(counts["original_only"], n),
        "n": n,
    }


def _other(passage: str) -> str:
    return "original" if passage == "counterfactual" else "counterfactual"


def statistics(out: Path) -> dict[str, Any]:
    """Rows per split and per order."""
    counts: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)

    def count(split: str, table: pa.Table) -> None:
        counts[split].update(table.column("first_passage").to_pylist())

    splits = read_config(out, fqa.CONFIGS_BY_NAME["inconsistent"], count)["splits"]
    return {"splits": splits, "counts": {s: dict(counts[s]) for s in splits}}


def _passages(row: Mapping[str, Any]) -> tuple[str, str]:
    at = row["passage_starts"][1]
    return row["context"][: at - len(SEPARATOR)], row["context"][at:]


def _differing_words(row: Mapping[str, Any]) -> str:
    """The words in which the two passages differ, each side's run joined by " or " (a word diff)."""
    import difflib

    first, second = (p.split() for p in _passages(row))
    sides: list[str] = []
    matcher = difflib.SequenceMatcher(None, first, second, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            sides += [" ".join(first[i1:i2]), " ".join(second[j1:j2])]
    return " or ".join(normalize_answer(s) for s in sides if s)


BASELINES = {
    "original": lambda rows, inputs: by_ids(
        rows,
        [r["answers"]["text"][0 if r["first_passage"] == "original" else 1] for r in rows],
    ),
    "reader": lambda rows, inputs: by_ids(rows, reader_answers_over(rows, _passages)),
    "diff": lambda rows, inputs: by_ids(rows, [_differing_words(r) for r in rows]),
}

CARD_SECTION = """\
**`inconsistent`**: two passages that disagree. Each sample twice, its original and its counterfactual context joined by a blank line, once in each order; `answers` holds the first passage's answer, then the second's. A prediction is right (`conflict_recall`) when it names both answers, or says the passages conflict ("conflict", "contradict", "inconsistent"); `first_only` and `second_only` count predictions that name one answer only, by position, `original_only` and `counterfactual_only` by passage. (The `reader` reads each passage and gives the one answer it scores highest.) The two passages differ only where the answer was swapped, so a word diff of them (`diff` below) finds both answers: the task measures whether a model notices, not whether the conflict can be found.

{{ fields_table }}

| split | rows | original first | counterfactual first |
|---|---:|---:|---:|
{% for split, info in d.splits.items() %}
| {{ split }} | {{ info.num_examples|int }} | {{ d.counts[split].original|default(0)|int }} | {{ d.counts[split].counterfactual|default(0)|int }} |
{% endfor %}
"""  # noqa: E501 (a card paragraph is one line)


def row_problem(row: Mapping[str, Any]) -> str | None:
    """Two answers, each at its offset and in its own passage, and two passages joined by the separator."""
    starts, answers = row["passage_starts"], row["answers"]
    if len(answers["text"]) != 2 or len(starts) != 2 or starts[0] != 0:
        return "not two answers and two passages"
    if row["context"][starts[1] - len(SEPARATOR) : starts[1]] != SEPARATOR:
        return "the passages are not joined by a blank line"
    if not (answers["answer_start"][0] < starts[1] <= answers["answer_start"][1]):
        return "an answer is not in its own passage"
    return spans_misplaced(row["context"], answers)


INCONSISTENT = register_derived(
    DerivedConfig(
        config=fqa.CONFIGS_BY_NAME["inconsistent"],
        derive=derive,
        statistics=statistics,
        card_section=CARD_SECTION,
        score=score,
        prediction_key="prediction",
        prediction_problem=not_a_string,
        baselines=BASELINES,
        row_problem=row_problem,
    )
)
