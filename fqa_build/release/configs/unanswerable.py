"""`unanswerable`: each counterfactual context and its twin with the evidence removed (every sentence that
names the answer, in any of its forms), whose gold is no answer; SQuAD 2.0's protocol scores it."""

from __future__ import annotations

import collections
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa

import faithfulness_qa as fqa
from fqa_build.release.baselines import by_ids, context_of, first_bank_entity, reader_answers
from fqa_build.release.configs.base import (
    DerivedConfig,
    SamplesBySplit,
    not_a_string,
    register_derived,
    share,
    spans_misplaced,
)
from fqa_build.release.derived import by_hash, gold_forms, meta
from fqa_build.release.passage_entities import PassageEntities
from fqa_build.release.read_back import read_config
from fqa_build.sentences import sentence_spans
from fqa_build.text import exact_match, f1, find_whole_word, normalize_answer
from fqa_build.types import Sample

#: what a prediction says to give no answer: the empty string, or these words (after SQuAD's normalisation)
NO_ANSWER = frozenset({"", "no answer", "unanswerable", "unknown", "cannot be answered"})


#: words whose full stop ends no sentence ("St. Lawrence", "Dr. Watson")
_ABBREVIATION = re.compile(
    r"(?<!\w)(?:St|Mt|Ft|Dr|Mr|Mrs|Ms|Jr|Sr|Gen|Col|Lt|Capt|Sgt|Rev|Gov|Sen|Rep|Prof|Inc|Co|Corp|Ltd|No|vs|e\.g|i\.e|"
    r"U\.S|[A-Z])\.\s*$"
)


def whole_sentences(text: str) -> list[tuple[int, int]]:
    """The sentences of `text` (`sentence_spans`), a piece after an abbreviation or an initial, or one that
    opens in lower case, joined to the sentence before it: units that can be removed without leaving half a
    sentence."""
    joined: list[list[int]] = []
    for start, end in sentence_spans(text):
        piece = text[start:end]
        if joined and (_ABBREVIATION.search(text[joined[-1][0] : joined[-1][1]]) or piece[:1].islower()):
            joined[-1][1] = end
        else:
            joined.append([start, end])
    return [(start, end) for start, end in joined]


def without_evidence(sample: Sample) -> tuple[str, int] | None:
    """The counterfactual context less every sentence that names the answer (a rewritten mention, or any form
    of the gold as a whole word) and how many went; None where nothing would be left, or where a form of the
    answer would still be named."""
    text = sample.context
    forms = [*gold_forms(sample), *sample.answers["text"]]
    marks = [(s["start"], s["end"]) for s in sample.replaced_spans]
    marks += [(a, a + len(t)) for a, t in zip(sample.answers["answer_start"], sample.answers["text"], strict=True)]
    marks += [hit for form in forms for hit in find_whole_word(text, form)]
    kept, removed = [], 0
    for start, end in whole_sentences(text):
        if any(start < hi and lo < end for lo, hi in marks):
            removed += 1
        else:
            kept.append(text[start:end])
    left = "".join(kept).strip()
    if not left or not removed:
        return None
    said = f" {normalize_answer(left)} "
    if any(f" {normalize_answer(form)} " in said for form in forms if normalize_answer(form)):
        return None
    return left, removed


def unanswerable_rows(sample: Sample) -> list[dict[str, Any]]:
    """The answerable twin (the counterfactual context and its answers) and the unanswerable one; none where the
    evidence cannot be removed (`without_evidence`)."""
    stripped = without_evidence(sample)
    if stripped is None:
        return []
    left, removed = stripped
    base = {"question": sample.question, "meta": meta(sample)}
    return [
        {
            "id": f"{sample.id}-answerable",
            **base,
            "context": sample.context,
            "answers": sample.answers,
            "answerable": True,
            "removed_sentences": 0,
        },
        {
            "id": f"{sample.id}-unanswerable",
            **base,
            "context": left,
            "answers": {"text": [], "answer_start": []},
            "answerable": False,
            "removed_sentences": removed,
        },
    ]


def derive(samples_by_split: SamplesBySplit, entities: PassageEntities) -> dict[str, list[dict[str, Any]]]:
    """Split -> rows: two rows a sample whose evidence can be removed, ordered by a stable hash."""
    return {
        s: by_hash("unanswerable", (r for x in xs for r in unanswerable_rows(x))) for s, xs in samples_by_split.items()
    }


def abstains(prediction: str) -> bool:
    """True where a prediction gives no answer."""
    return normalize_answer(prediction) in NO_ANSWER


def score(rows: Sequence[Mapping[str, Any]], predictions: Mapping[str, Any]) -> dict[str, Any]:
    """SQuAD 2.0: exact match and F1 over all rows (a row without answer is right only when the prediction
    abstains), and the same on each half: `answerable_exact_match` (a prediction that abstains scores 0),
    `abstained_when_unanswerable` and `abstained_when_answerable`."""
    em = f1_sum = 0.0
    counts = collections.Counter()
    for row in rows:
        prediction = predictions[row["id"]]
        if row["answerable"]:
            counts["answerable"] += 1
            counts["abstained_answerable"] += abstains(prediction)
            hit = (not abstains(prediction)) and any(exact_match(prediction, g) for g in row["answers"]["text"])
            counts["answerable_em"] += hit
            em += hit
            f1_sum += 0.0 if abstains(prediction) else max(f1(prediction, g) for g in row["answers"]["text"])
        else:
            counts["unanswerable"] += 1
            counts["abstained_unanswerable"] += abstains(prediction)
            em += abstains(prediction)
            f1_sum += abstains(prediction)
    return {
        "exact_match": share(em, len(rows)),
        "f1": share(f1_sum, len(rows)),
        "answerable_exact_match": share(counts["answerable_em"], counts["answerable"]),
        "abstained_when_unanswerable": share(counts["abstained_unanswerable"], counts["unanswerable"]),
        "abstained_when_answerable": share(counts["abstained_answerable"], counts["answerable"]),
        "n": len(rows),
    }


def statistics(out: Path) -> dict[str, Any]:
    """Rows, answerable and unanswerable rows per split; sentences removed."""
    counts: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)

    def count(split: str, table: pa.Table) -> None:
        for answerable, removed in zip(
            table.column("answerable").to_pylist(), table.column("removed_sentences").to_pylist(), strict=True
        ):
            counts[split]["answerable" if answerable else "unanswerable"] += 1
            counts[split]["removed"] += removed

    splits = read_config(out, fqa.CONFIGS_BY_NAME["unanswerable"], count)["splits"]
    return {"splits": splits, "counts": {s: dict(counts[s]) for s in splits}}


BASELINES = {
    "first-bank-entity": lambda rows, inputs: by_ids(rows, first_bank_entity(rows, inputs, context_of)),
    "reader": lambda rows, inputs: by_ids(rows, reader_answers(rows, context_of)),
}

CARD_SECTION = """\
**`unanswerable`**: answer, or say there is no answer. Each sample twice: its counterfactual context (answerable, the gold is the new answer), and the same context with every sentence that names the answer removed (unanswerable: `answers` is empty). A sample whose every sentence names the answer, or whose answer another sentence still names, is left out. Scored as SQuAD 2.0: a prediction gives no answer with the empty string or "no answer" (also "unanswerable", "unknown", "cannot be answered"); `exact_match` and `f1` over all rows, and each half on its own.

{{ fields_table }}

| split | rows | answerable | unanswerable | sentences removed |
|---|---:|---:|---:|---:|
{% for split, info in d.splits.items() %}
| {{ split }} | {{ info.num_examples|int }} | {{ d.counts[split].answerable|default(0)|int }} | {{ d.counts[split].unanswerable|default(0)|int }} | {{ d.counts[split].removed|default(0)|int }} |
{% endfor %}
"""  # noqa: E501 (a card paragraph is one line)


def row_problem(row: Mapping[str, Any]) -> str | None:
    """An answerable row's answers are at their offsets; an unanswerable one has none and removed a sentence."""
    if row["answerable"]:
        return (
            "an answerable row without an answer"
            if not row["answers"]["text"]
            else spans_misplaced(row["context"], row["answers"])
        )
    if row["answers"]["text"] or row["removed_sentences"] < 1:
        return "an unanswerable row with an answer, or with no sentence removed"
    return None


UNANSWERABLE = register_derived(
    DerivedConfig(
        config=fqa.CONFIGS_BY_NAME["unanswerable"],
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
