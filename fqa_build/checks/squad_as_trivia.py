"""SQuAD as TriviaQA: a TriviaQA-rc folder made from SQuAD v1.1, where the truth about windows is known.

Each SQuAD article becomes one Wikipedia evidence document (its paragraphs joined by a blank line) and each
question a TriviaQA record whose answer aliases are its gold answers. A SQuAD question was written from one
paragraph, so a window chosen for it is right when the answer mention it swaps lies in that paragraph:
`paragraph_share` measures that over a build of the folder.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from fqa_build.read.squad import read_json_file
from fqa_build.release.read_back import read_rows

#: the folder's record of where each question's paragraph sits: question id -> [filename, start, end]
PARAGRAPHS_FILE = "paragraphs.json"
_UNSAFE = re.compile(r"[^\w.-]+")


def evidence_filename(title: str) -> str:
    """The evidence file of an article ("Super_Bowl_50" -> "Super_Bowl_50.txt"), safe on every file system."""
    return _UNSAFE.sub("_", title).strip("_") + ".txt"


def write_squad_as_trivia(squad_path: Path, out: Path, limit_articles: int | None = None) -> dict[str, list]:
    """Write `out/qa/wikipedia-dev.json`, `out/evidence/wikipedia/*.txt` and `out/paragraphs.json` from a SQuAD
    v1.1 file (the first `limit_articles` articles, or all); return the paragraphs record."""
    doc = read_json_file(Path(squad_path))
    articles = doc["data"][:limit_articles] if limit_articles else doc["data"]
    evidence = Path(out) / "evidence" / "wikipedia"
    evidence.mkdir(parents=True, exist_ok=True)
    (Path(out) / "qa").mkdir(parents=True, exist_ok=True)
    items: list[dict[str, Any]] = []
    paragraphs: dict[str, list] = {}
    for article in articles:
        title = article["title"]
        filename = evidence_filename(title)
        parts, offset = [], 0
        for paragraph in article["paragraphs"]:
            context = paragraph["context"]
            for qa in paragraph["qas"]:
                answers = []
                for answer in qa["answers"]:
                    if answer["text"].strip() and answer["text"] not in answers:
                        answers.append(answer["text"])
                items.append(
                    {
                        "QuestionId": qa["id"],
                        "Question": qa["question"],
                        "Answer": {"Value": answers[0] if answers else "", "Aliases": answers[1:], "Type": "SQuAD"},
                        "EntityPages": [{"DocSource": "SQuAD", "Filename": filename, "Title": title}],
                    }
                )
                paragraphs[qa["id"]] = [filename, offset, offset + len(context)]
            parts.append(context)
            offset += len(context) + 2
        (evidence / filename).write_text("\n\n".join(parts), encoding="utf-8")
    qa_doc = {"Data": items, "Domain": "Wikipedia", "Split": "dev", "Version": 1.0, "VersionString": "squad"}
    (Path(out) / "qa" / "wikipedia-dev.json").write_text(json.dumps(qa_doc, ensure_ascii=False), encoding="utf-8")
    (Path(out) / PARAGRAPHS_FILE).write_text(json.dumps(paragraphs, sort_keys=True), encoding="utf-8")
    return paragraphs


def paragraph_share(build_out: str | os.PathLike, folder: str | os.PathLike) -> dict[str, Any]:
    """Over the kept samples of a build of a SQuAD-as-TriviaQA folder: how many swap an answer mention that
    lies in the question's own paragraph (the window found in its evidence document, the mention at the
    original span that became the new answer)."""
    paragraphs = json.loads((Path(folder) / PARAGRAPHS_FILE).read_text(encoding="utf-8"))
    documents: dict[str, str] = {}
    inside = total = 0
    for _, row in read_rows(str(build_out)):
        qid = row["source_id"].split("--", 1)[0]
        filename, lo, hi = paragraphs[qid]
        if filename not in documents:
            documents[filename] = (Path(folder) / "evidence" / "wikipedia" / filename).read_text(encoding="utf-8")
        start = documents[filename].find(row["original_context"])
        span = _swapped_answer_span(row)
        total += 1
        inside += start >= 0 and lo <= start + span[0] and start + span[1] <= hi
    return {"kept": total, "in_paragraph": inside, "share": round(inside / total, 4) if total else None}


def _swapped_answer_span(row: dict[str, Any]) -> tuple[int, int]:
    """Where, in the original context, the mention that became the new answer was (the original span paired
    with the replaced span at the answer's start; the first one where none starts there)."""
    answer_start = row["answers"]["answer_start"][0]
    for new, old in zip(row["replaced_spans"], row["original_spans"], strict=True):
        if new["start"] == answer_start:
            return old["start"], old["end"]
    old = row["original_spans"][0]
    return old["start"], old["end"]
