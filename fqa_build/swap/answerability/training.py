"""Training the candidate reader on real extractive QA data: every question whose gold answer is an NER mention
with at least one rival of its type in the passage is one example; the weights maximise the gold's conditional
likelihood among its passage's candidates (Newton's method with an L2 penalty: no randomness, a fixed number of
steps, so a retrain on the same inputs and package versions gives the same bytes)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from fqa_build.halves import Half, half_of
from fqa_build.swap.answerability.candidates import passage_candidates
from fqa_build.swap.answerability.features import FEATURES, candidate_features
from fqa_build.swap.answerability.parse import parse_texts
from fqa_build.swap.answerability.reader import PARSER_MODEL
from fqa_build.swap.answerability.words import read_passage
from fqa_build.text import normalize_answer
from fqa_build.types import Entity, QARecord

log = logging.getLogger(__name__)

L2 = 1.0
STEPS = 25
DECIMALS = 6


@dataclass(frozen=True)
class Example:
    """One question's candidates as feature rows (the gold's first)."""

    id: str
    rows: np.ndarray


def gold_mention(record: QARecord, entities: Sequence[Entity]) -> Entity | None:
    """The NER mention the record's first gold answer is: the same span, or the same normalised text."""
    answer = record.answers[0]
    start, end = answer.start, answer.start + len(answer.text)
    wanted = normalize_answer(answer.text)
    for entity in entities:
        if (entity[0], entity[1]) == (start, end):
            return entity
    for entity in entities:
        if entity[0] < end and start < entity[1] and normalize_answer(record.context[entity[0] : entity[1]]) == wanted:
            return entity
    return None


def make_examples(
    records: Sequence[QARecord], entities_of: Callable[[QARecord], Sequence[Entity]], workers: int = 1
) -> list[Example]:
    """The examples of `records` (those with a matched gold and at least one rival)."""
    chosen = []
    for record in records:
        entities = entities_of(record)
        gold = gold_mention(record, entities)
        if gold is None:
            continue
        text = record.context[gold[0] : gold[1]]
        spans = [(a.start, a.start + len(a.text)) for a in record.answers] + [(gold[0], gold[1])]
        candidates = passage_candidates(record.context, entities, gold[2], spans, [text], record.question)
        if len(candidates) >= 2:
            chosen.append((record, candidates))
    texts = sorted({r.context for r, _ in chosen} | {r.question for r, _ in chosen})
    parse_of = dict(zip(texts, parse_texts(texts, PARSER_MODEL, workers), strict=True))
    examples = []
    for record, candidates in chosen:
        parses = (parse_of[record.question], parse_of[record.context])
        rows = candidate_features(record.question, read_passage(record.context), candidates, parses)
        examples.append(Example(record.id, rows))
    return examples


def _derivatives(weights: np.ndarray, examples: Sequence[Example]) -> tuple[np.ndarray, np.ndarray]:
    """The gradient and the Hessian of the penalised conditional log-likelihood."""
    grad, hess = -L2 * weights, -L2 * np.eye(len(weights))
    for example in examples:
        scores = example.rows @ weights
        p = np.exp(scores - scores.max())
        p /= p.sum()
        mean = p @ example.rows
        grad += example.rows[0] - mean
        centred = example.rows - mean
        hess -= (centred * p[:, None]).T @ centred
    return grad, hess


def fit(examples: Sequence[Example]) -> np.ndarray:
    """Weights maximising the penalised conditional likelihood (STEPS Newton steps from zero)."""
    weights = np.zeros(len(FEATURES))
    for _ in range(STEPS):
        grad, hess = _derivatives(weights, examples)
        weights = weights - np.linalg.solve(hess, grad)
    return np.round(weights, DECIMALS)


def top1(weights: np.ndarray, examples: Sequence[Example]) -> float:
    """The share of examples whose gold the weights rank first (ties count against)."""
    if not examples:
        return 0.0
    hits = 0
    for example in examples:
        scores = example.rows @ weights
        hits += int(scores[0] > scores[1:].max())
    return hits / len(examples)


def weights_json(weights: np.ndarray, trained_on: dict) -> str:
    """The weights file's text (stable: sorted keys, fixed decimals)."""
    data = {
        "features": list(FEATURES),
        "weights": [round(float(w), DECIMALS) for w in weights],
        "l2": L2,
        "steps": STEPS,
        "trained_on": trained_on,
    }
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def development_records(records: Iterable[QARecord]) -> list[QARecord]:
    """The records of the development half (fqa_build/halves.py): no held-out article trains the reader."""
    return [r for r in records if half_of(r.title, r.context, r.evidence_title) is Half.DEVELOPMENT]


def train_from_files(sources: Sequence[str], cache_dir: Path | None, workers: int) -> tuple[str, dict]:
    """Read `sources` (`--source` specs), run NER as the build does (through its cache), and train on their
    development half; the weights file's text and a report (examples, top-1 accuracy)."""
    from fqa_build.config import BuildConfig
    from fqa_build.ner.plan import plan_ner, run_ner_plan
    from fqa_build.read.inputs import load_inputs

    config = BuildConfig(
        out=Path("unused"), sources=tuple(sources), cache_dir=cache_dir, workers=workers, progress=False
    )
    inputs = load_inputs(config)
    plan = plan_ner(config, inputs)
    found, info = run_ner_plan(config, plan)
    records = development_records(inputs.records)

    def entities_of(record: QARecord) -> list[Entity]:
        return plan.entities(inputs.key_of[record.id], found)

    examples = make_examples(records, entities_of, workers)
    weights = fit(examples)
    sources_info = [
        {"format": entry["kind"], "name": entry["name"], "sha256": entry.get("sha256")}
        for entry in inputs.loaded.inputs
    ]
    report = {
        "examples": len(examples),
        "records": len(records),
        "top1": round(top1(weights, examples), 4),
        "ner_model": f"{info.name} {info.version}",
        "parser_model": PARSER_MODEL,
        "sources": sources_info,
    }
    return weights_json(weights, report), report
