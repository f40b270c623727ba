"""The detector configs derived from the `default` samples, labelled by construction: `guardrail` (a PASS
response states the context's answer, a FAIL response a wrong one: the original answer, or another entity of
the answer's type from the same passage) and `spans` (a wrong answer phrased as a short sentence, the answer
labelled as contradicted by the counterfactual context, and its clean twin). Each row stays in its sample's
split; rows are ordered by a stable hash of their id."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from fqa_build.hashing import stable_int
from fqa_build.release.passage_entities import PassageEntities, grounded_rivals, pick
from fqa_build.types import Sample

TASK_TYPE = "QA"
CONFLICT = "Evident Conflict"
FAILURE_MODE = "parametric_answer"
#: a FAIL response that names another entity of the answer's type from the same passage
GROUNDED = "grounded_rival"


def meta(sample: Sample) -> dict[str, Any]:
    return {
        "source": sample.source,
        "source_id": sample.source_id,
        "entity_type": sample.entity_type,
        "entity_kind": sample.entity_kind,
        "default_id": sample.id,
    }


def answer_regions(sample: Sample) -> tuple[tuple[int, int], tuple[int, int]]:
    """(the new answer's span in `context`, the original answer's span in `original_context`): the rewritten
    region at the answer's start and the original region it replaced, each extended by the words the gold
    answer says beyond the entity ("Stanford Stadium" for "Stanford")."""
    start = sample.answers["answer_start"][0]
    text = sample.answers["text"][0]
    pairs = list(zip(sample.replaced_spans, sample.original_spans, strict=True))
    new, old = next(((n, o) for n, o in pairs if n["start"] == start), pairs[0])
    extra = start + len(text) - new["end"]
    return (start, start + len(text)), (old["start"], old["end"] + max(0, extra))


#: the short sentences a response is phrased in (one a sample, by a stable hash of its id): the same for the right
#: and the wrong answer of a sample, so the phrasing says nothing about the label, and not the passage's own words,
#: so a response's being in the passage says nothing either
SENTENCES = (
    "The answer is {}.",
    "According to the passage, it is {}.",
    "{} is the answer.",
    "Based on the context, the answer is {}.",
    "It is {}.",
)


def phrased(salt: str, sample_id: str, answer: str) -> tuple[str, int]:
    """`answer` in the short sentence a stable hash of (salt, sample id) picks, and where it starts in it."""
    template = SENTENCES[stable_int(salt, sample_id) % len(SENTENCES)]
    return template.format(answer), template.index("{}")


def gold_forms(sample: Sample) -> list[str]:
    """The forms of the new gold a right answer may take: the gold answer as the context says it, and the
    replacement entity alone where that is another form of it (distinct, in that order)."""
    (new_lo, new_hi), _ = answer_regions(sample)
    forms = [sample.context[new_lo:new_hi], sample.replacement_entity]
    return list(dict.fromkeys(f for f in forms if f))


def original_answer(sample: Sample) -> str:
    """The original gold answer as the original context says it (the region the new answer replaced)."""
    _, (old_lo, old_hi) = answer_regions(sample)
    return sample.original_context[old_lo:old_hi]


def guardrail_rows(sample: Sample, entities: PassageEntities) -> list[dict[str, Any]]:
    """A PASS and a FAIL response phrased as a short sentence: the context's answer, and the original answer
    (`parametric_answer`). Where the passage names another entity of the answer's type, also a short PASS and
    FAIL: the context's answer in one of its gold forms (picked by a stable hash), and that other entity
    (`grounded_rival`, picked by a stable hash where there are several). So every label has as many responses
    that are words of the passage as the other label, and a test of whether the response is in the passage
    scores exactly 0.5 balanced accuracy."""
    forms = gold_forms(sample)
    original = original_answer(sample)
    rival = pick("guardrail-rival", sample.id, grounded_rivals(sample, entities))
    responses = [
        ("pass", "sentence", phrased("guardrail", sample.id, forms[0])[0], None),
        ("fail", "sentence", phrased("guardrail", sample.id, original)[0], FAILURE_MODE),
    ]
    if rival is not None:
        responses = [
            ("pass", "short", pick("guardrail-form", sample.id, forms), None),
            ("fail", "short", rival, GROUNDED),
            *responses,
        ]
    return [
        {
            "id": f"{sample.id}-{label}-{form}",
            "task_type": TASK_TYPE,
            "question": sample.question,
            "context": sample.context,
            "response": response,
            "label": label.upper(),
            "failure_mode": mode,
            "meta": meta(sample),
        }
        for label, form, response, mode in responses
    ]


def spans_rows(sample: Sample, entities: PassageEntities) -> list[dict[str, Any]]:
    """Two rows, an answer phrased as a short sentence (the same sentence for both): the hallucinated one
    states a wrong answer, a span labelled over it, the clean one the context's answer, no span. The wrong
    answer is, by a stable hash, the original answer or another entity of the answer's type that the passage
    names (where there is one): a word-for-word diff against the passage finds the first and not the second,
    and flags the sentence's own words in both rows."""
    rival = grounded_rivals(sample, entities)
    wrong = pick("spans-rival", sample.id, rival) if stable_int("spans-wrong", sample.id) % 2 else None
    wrong = wrong or original_answer(sample)
    output, at = phrased("spans", sample.id, wrong)
    clean = phrased("spans", sample.id, gold_forms(sample)[0])[0]
    base = {"query": sample.question, "context": sample.context, "task_type": TASK_TYPE, "meta": meta(sample)}
    label = {"start": at, "end": at + len(wrong), "text": wrong, "label_type": CONFLICT}
    return [
        {"id": f"{sample.id}-hallucinated", **base, "output": output, "hallucination_labels": [label]},
        {"id": f"{sample.id}-clean", **base, "output": clean, "hallucination_labels": []},
    ]


def by_hash(config: str, rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows ordered by a stable hash of (config, id): no RNG, the same order on every machine."""
    return sorted(rows, key=lambda row: (stable_int(config, row["id"]), row["id"]))


def nested_slices(train: list[dict[str, Any]], sizes: Iterable[int]) -> dict[int, list[dict[str, Any]]]:
    """Training slices of `guardrail`, each the first `size` rows of one order (so each smaller slice lies
    inside the larger ones), stratified by entity type and label: samples interleaved across types in
    proportion to their counts (a sample's rank in its type, over the type's size), each sample's rows as
    PASS/FAIL pairs. A slice not smaller than `train` would be all of it, the same rows under another name:
    it is empty (and left out of the card's `configs`, as every empty split is)."""
    by_sample: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in train:
        by_sample[row["meta"]["default_id"]].append(row)
    by_type: dict[str, list[str]] = defaultdict(list)
    for default_id, rows in by_sample.items():
        by_type[rows[0]["meta"]["entity_type"]].append(default_id)
    keyed = []
    for ids in by_type.values():
        ids.sort(key=lambda i: (stable_int("slice", i), i))
        keyed += [((rank + 0.5) / len(ids), stable_int("slice", i), i) for rank, i in enumerate(ids)]
    order = [row for *_, i in sorted(keyed) for row in _paired(by_sample[i])]
    return {size: order[:size] if size < len(order) else [] for size in sizes}


def _paired(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A sample's rows as PASS/FAIL pairs: short pass, short fail, sentence pass, sentence fail."""
    rank = {"pass-short": 0, "fail-short": 1, "pass-sentence": 2, "fail-sentence": 3}
    return sorted(rows, key=lambda row: rank[row["id"].rsplit("-", 2)[-2] + "-" + row["id"].rsplit("-", 1)[-1]])
