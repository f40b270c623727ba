"""Decontamination against held-out evaluation sets (`--exclude FILE`): a record goes when its question equals
a held-out question after normalisation (lower case, no punctuation, no articles), or when its context shares a
13-word n-gram with a held-out passage (as in the GPT-3 decontamination). Hash sets, not pairwise comparison;
stable hashes, so the result depends on nothing but the inputs.

A held-out file is read by its layout: JSONL(.gz), JSON (a list, SQuAD's `data`, MRQA's `context` + `qas`) or
Parquet, with the question in `question` and passages in any of PASSAGE_FIELDS (which covers NQ-open, NQ-Swap,
FaithEval, ConflictQA and SQuAD/MRQA). `ragtruth:PATH` reads RAGTruth's `source_info.jsonl` (a file, or the
folder holding it): the QA sources' question and passages, the summaries' articles and the data-to-text
sources' reviews."""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from tqdm import tqdm

from fqa_build.hashing import sha256_file
from fqa_build.read.passages import clean_passage
from fqa_build.read.skips import SkipCounter, SourceError
from fqa_build.reasons import Reason
from fqa_build.text import normalize_answer
from fqa_build.types import QARecord

log = logging.getLogger(__name__)
#: words in an n-gram of the 13-gram test
NGRAM = 13
_WORD = re.compile(r"\w+")
#: fields of a held-out record that hold passages (a string, or a list of strings or of {"text"/"context"})
PASSAGE_FIELDS = (
    "context",
    "passage",
    "passages",
    "text",
    "document",
    "documents",
    "ctxs",
    "contexts",
    "org_context",  # NQ-Swap
    "sub_context",
    "counter_memory",  # ConflictQA
    "parametric_memory",
)
#: named layouts for `--exclude KIND:PATH` (a bare path is read by the generic reader)
FORMATS = ("ragtruth",)


#: a question's normal form: SQuAD's answer normalisation (lower case, no punctuation, no articles)
normalize_question = normalize_answer


def ngram_hashes(text: str, n: int = NGRAM) -> set[int]:
    """Stable 64-bit hashes of the text's word n-grams (lower case, words of letters and digits)."""
    words = [w.lower() for w in _WORD.findall(text)]
    return {
        int.from_bytes(hashlib.blake2b(" ".join(words[i : i + n]).encode(), digest_size=8).digest(), "big")
        for i in range(len(words) - n + 1)
    }


@dataclass
class HeldOut:
    """One held-out set: its name (the file's, after `KIND:` for a named layout), its normalised questions and
    its passages' n-gram hashes."""

    name: str
    sha256: str = ""
    questions: set[str] = field(default_factory=set)
    grams: set[int] = field(default_factory=set)
    passages: int = 0


def _rows(path: Path) -> Iterator[Any]:
    suffixes = "".join(path.suffixes[-2:]).lower()
    try:
        if path.suffix.lower() == ".parquet":
            import pyarrow as pa
            import pyarrow.parquet as pq

            try:
                table = pq.read_table(path)
            except pa.ArrowException as error:
                raise SourceError(f"{path}: cannot read the held-out Parquet ({error})") from None
            yield from table.to_pylist()
            return
        opener = gzip.open if suffixes.endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as handle:
            if ".jsonl" in suffixes:
                yield from _lines(path, handle)
                return
            try:
                data = json.load(handle)
            except json.JSONDecodeError as error:
                if error.msg != "Extra data":
                    raise
                # a .json file of JSON lines (what `Dataset.to_json` writes)
                handle.seek(0)
                yield from _lines(path, handle)
                return
    except FileNotFoundError:
        raise SourceError(f"{path}: held-out file not found") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise SourceError(f"{path}: cannot read the held-out set ({error})") from None
    if isinstance(data, Mapping) and isinstance(data.get("data"), list):  # SQuAD layout
        for article in data["data"]:
            for paragraph in article.get("paragraphs", []) if isinstance(article, Mapping) else []:
                if isinstance(paragraph, Mapping):
                    yield paragraph  # {"context", "qas"}: read like an MRQA line
        return
    yield from data if isinstance(data, list) else [data]


def _lines(path: Path, handle: IO[str]) -> Iterator[Any]:
    for number, line in enumerate(handle, start=1):
        if line.strip():
            try:
                yield json.loads(line)
            except json.JSONDecodeError as error:
                raise SourceError(f"{path}: line {number} is not JSON ({error.msg})") from None


def _passages(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _passages(item)
    elif isinstance(value, Mapping):
        for key in ("text", "context", "passage"):
            if isinstance(value.get(key), str):
                yield value[key]


def _ragtruth_rows(path: Path) -> Iterator[dict[str, Any]]:
    """RAGTruth sources as generic rows: QA sources carry {question, passages}, summaries an article string,
    data-to-text sources a business record whose reviews are the only prose."""
    for row in _rows(path):
        info = row.get("source_info") if isinstance(row, Mapping) else None
        if isinstance(info, str):
            yield {"passage": info}
        elif isinstance(info, Mapping):
            reviews = info.get("review_info") if isinstance(info.get("review_info"), list) else []
            yield {
                "question": info.get("question"),
                "passages": info.get("passages"),
                "texts": [r.get("review_text") for r in reviews if isinstance(r, Mapping)],
            }


def parse_exclude(spec: str) -> tuple[str | None, Path]:
    """`--exclude` value -> (named layout or None, path)."""
    kind, sep, rest = spec.partition(":")
    if sep and kind in FORMATS:
        if not rest:
            raise SourceError(f"--exclude {spec!r}: empty path after ':'")
        return kind, Path(rest)
    return None, Path(spec)


def load_held_out(spec: str | Path) -> HeldOut:
    """A held-out set (see the module's docstring for the layouts): each record's question and passages."""
    kind, path = parse_exclude(str(spec))
    if not path.exists():
        raise SourceError(f"--exclude {str(spec)!r}: {path} does not exist")
    if kind == "ragtruth" and path.is_dir():
        path = path / "source_info.jsonl"
    if path.is_dir():
        raise SourceError(f"--exclude {str(spec)!r}: {path} is a folder (expected a JSONL, JSON or Parquet file)")
    if not path.exists():
        raise SourceError(f"--exclude {str(spec)!r}: {path} does not exist")
    # a named layout keeps its name in the card: "ragtruth:source_info.jsonl" says what the file was
    held = HeldOut(f"{kind}:{path.name}" if kind else path.name, sha256_file(path))
    rows = _ragtruth_rows(path) if kind == "ragtruth" else _rows(path)
    for row in rows:
        if not isinstance(row, Mapping):
            continue
        questions = [row.get("question")]
        if isinstance(row.get("qas"), list):  # MRQA: one context, several questions
            questions += [qa.get("question") for qa in row["qas"] if isinstance(qa, Mapping)]
        for question in questions:
            if isinstance(question, str) and normalize_question(question):
                held.questions.add(normalize_question(question))
        for name in (*PASSAGE_FIELDS, "texts"):
            for passage in _passages(row.get(name)):
                held.passages += 1
                # cleaned as an NQ / MRQA context is before its n-grams are taken: markup ("<Li>", "[PAR]") and
                # tokenised clitics ("did n't") would otherwise give words the sample side never has
                held.grams |= ngram_hashes(clean_passage(passage).text)
    if not held.questions and not held.passages:
        raise SourceError(
            f"--exclude {str(spec)!r}: {path} holds no question and no passage (looked for `question`, `qas` and "
            f"{', '.join(f'`{f}`' for f in PASSAGE_FIELDS)}"
            + ("" if kind else "; for RAGTruth's source_info.jsonl write ragtruth:PATH")
            + ")"
        )
    return held


def contamination(question: str, context_hit: bool, held: HeldOut) -> str | None:
    """ "question" or "context" when the record matches the held-out set that way (`question` normalised,
    `context_hit`: its context shares an n-gram with the set), else None; a question match counts first."""
    if question in held.questions:
        return "question"
    return "context" if context_hit else None


def decontaminate(
    records: list[QARecord], specs: tuple[str, ...], skips: SkipCounter, progress: bool = False
) -> tuple[list[QARecord], list[dict[str, Any]]]:
    """The records no held-out set matches; each removed record is counted (skip reason `decontaminated`, and
    per set by question or by context). A record is counted against the first set, in --exclude order, that it
    matches; a question match counts before a context match."""
    held = [load_held_out(spec) for spec in specs]
    names = [h.name for h in held]
    if len(set(names)) != len(names):
        raise SourceError(f"--exclude: two held-out sets share a file name ({', '.join(names)}); rename one")
    removed = {h.name: {"question": 0, "context": 0} for h in held}
    # per context, which sets share an n-gram with it (not its n-grams: they would take ~15 bytes a character)
    context_hits: dict[str, tuple[bool, ...]] = {}
    kept = []
    for record in tqdm(records, desc="decontaminate", unit="question", disable=not progress):
        if record.context not in context_hits:
            grams = ngram_hashes(record.context)
            context_hits[record.context] = tuple(not grams.isdisjoint(h.grams) for h in held)
        question = normalize_question(record.question)
        for h, context_hit in zip(held, context_hits[record.context], strict=True):
            how = contamination(question, context_hit, h)
            if how is not None:
                removed[h.name][how] += 1
                skips.skip(record.source, Reason.DECONTAMINATED, record.id, f"its {how} is in {h.name}")
                break
        else:
            kept.append(record)
    report = [
        {
            "name": h.name,
            "sha256": h.sha256,
            "questions": len(h.questions),
            "passages": h.passages,
            "removed_by_question": removed[h.name]["question"],
            "removed_by_context": removed[h.name]["context"],
            "removed": removed[h.name]["question"] + removed[h.name]["context"],
        }
        for h in held
    ]
    for entry in report:
        log.info(
            "decontaminated against %s: removed %d (question %d, context %d)",
            entry["name"],
            entry["removed"],
            entry["removed_by_question"],
            entry["removed_by_context"],
        )
    return kept, report
