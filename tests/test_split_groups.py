"""The split groups (fqa_build/read/split_groups.py): records sharing a passage, an article or a question are one
group, whatever the records' order or PYTHONHASHSEED; on SQuAD dev no title and no question crosses splits."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter, defaultdict

import pytest

from fqa_build.halves import group_key
from fqa_build.hashing import sha256_text
from fqa_build.read.split_groups import question_id, question_text_key, split_groups
from fqa_build.release.splits import assign_split
from fqa_build.types import Answer, QARecord

from .conftest import ROOT, SQUAD_DEV, require_shared


def _record(source: str, source_id: str, title: str, question: str, context: str, evidence: str | None = None):
    return QARecord(source, source_id, title, question, context, (Answer(context.split()[0], 0),), evidence)


#: two paragraphs of one article (underscores and case differ), a TriviaQA question over two evidence pages,
#: two untitled passages (one asked twice), and one question asked by two sources of different articles
RECORDS = [
    _record("squad", "s1", "Super_Bowl_50", "Who won Super Bowl 50?", "Denver won the game."),
    _record("squad", "s2", "super bowl 50", "Where was it played?", "Levi's Stadium hosted it."),
    _record("trivia_qa", "tc_7--Paris", "Paris", "Which city is on the Seine?", "Paris lies on the Seine.", "Paris"),
    _record("trivia_qa", "tc_7--Seine", "Seine", "Which city is on the Seine?", "Seine flows by Paris.", "Seine"),
    _record("mrqa_newsqa", "n1", "", "Who resigned?", "Smith resigned on Monday."),
    _record("mrqa_newsqa", "n2", "", "When did Smith resign?", "Smith resigned on Monday."),
    _record("mrqa_newsqa", "n3", "", "Who resigned?  ", "Jones resigned on Friday."),
    _record("squad", "s3", "Relativity", "Who came up with the theory of relativity?", "Einstein did."),
    _record("nq", "q1", "Albert Einstein", "who came up with the theory of relativity", "Einstein, a physicist."),
]


def _key(*contexts: str) -> str:
    return min(sha256_text(c) for c in contexts)


def test_question_ids_and_texts():
    assert question_id(RECORDS[2]) == question_id(RECORDS[3]) == "tc_7"
    assert question_id(RECORDS[0]) == "s1"
    assert question_text_key("  Who won  Super Bowl 50 ?! ") == "who won super bowl 50"
    assert question_text_key("WHO wrote “Hamlet”?") == "who wrote “hamlet"
    assert question_text_key("?") == ""


def test_records_sharing_an_article_a_question_or_a_passage_are_one_group():
    groups = split_groups(RECORDS)
    bowl = _key("Denver won the game.", "Levi's Stadium hosted it.")
    paris = _key("Paris lies on the Seine.", "Seine flows by Paris.")
    einstein = _key("Einstein did.", "Einstein, a physicist.")
    news = _key("Smith resigned on Monday.", "Jones resigned on Friday.")
    assert groups == {
        "squad-s1": bowl,  # two paragraphs of one title
        "squad-s2": bowl,
        "trivia_qa-tc_7--Paris": paris,  # one TriviaQA question over two evidence pages
        "trivia_qa-tc_7--Seine": paris,
        "mrqa_newsqa-n1": news,  # no title: grouped by its passage
        "mrqa_newsqa-n2": news,
        "mrqa_newsqa-n3": news,  # another passage, the same question text as n1 ("Who resigned?")
        "squad-s3": einstein,  # one question asked by two sources
        "nq-q1": einstein,
    }
    assert split_groups(RECORDS, {r.id: sha256_text(r.context) for r in RECORDS}) == groups


def test_a_question_id_alone_joins_and_untitled_passages_stay_apart():
    pages = [
        _record("trivia_qa", "tc_9--A", "A", "Who painted it?", "Monet painted it.", "A"),
        _record("trivia_qa", "tc_9--B", "B", "Who painted the Water Lilies?", "Monet lived in Giverny.", "B"),
        _record("squad", "x1", "", "What is red?", "Mars is red."),
        _record("squad", "x2", "", "What is blue?", "The sea is blue."),
    ]
    assert split_groups(pages) == {
        "trivia_qa-tc_9--A": _key("Monet painted it.", "Monet lived in Giverny."),
        "trivia_qa-tc_9--B": _key("Monet painted it.", "Monet lived in Giverny."),
        "squad-x1": sha256_text("Mars is red."),
        "squad-x2": sha256_text("The sea is blue."),
    }


def test_the_groups_do_not_depend_on_the_records_order():
    expected = split_groups(RECORDS)
    for seed in range(5):
        shuffled = RECORDS[:]
        random.Random(seed).shuffle(shuffled)
        assert split_groups(shuffled) == expected
    assert len(set(expected.values())) == 4


def test_the_groups_do_not_depend_on_the_hash_seed():
    script = (
        "import json, sys; sys.path.insert(0, '.'); from tests.test_split_groups import RECORDS;"
        "from fqa_build.read.split_groups import split_groups; print(json.dumps(split_groups(RECORDS), sort_keys=True))"
    )
    runs = {
        subprocess.run(
            [sys.executable, "-c", script],
            cwd=ROOT,
            env={"PYTHONHASHSEED": seed, "PATH": ""},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("0", "1", "4242")
    }
    assert len(runs) == 1 and json.loads(runs.pop()) == split_groups(RECORDS)


@pytest.mark.slow
@pytest.mark.real_data
def test_squad_dev_no_title_and_no_question_crosses_splits():
    # the read stage and assign_split over every record decide each sample's split
    from fqa_build.config import BuildConfig
    from fqa_build.read.inputs import load_inputs

    inputs = load_inputs(BuildConfig(out="unused", sources=(f"squad:{require_shared(SQUAD_DEV)}",), progress=False))
    split = {r.id: assign_split(inputs.split_group_of[r.id], 42) for r in inputs.records}
    titles, questions, texts = defaultdict(set), defaultdict(set), defaultdict(set)
    for r in inputs.records:
        titles[group_key(r.title, r.context)].add(split[r.id])
        questions[r.source, question_id(r)].add(split[r.id])
        texts[question_text_key(r.question)].add(split[r.id])
    assert len(titles) == 48 and len(questions) == 10_570
    assert all(len(s) == 1 for groups in (titles, questions, texts) for s in groups.values())
    # one group per title: the largest (of 10,570 records) 810
    sizes = Counter(inputs.split_group_of.values())
    assert len(sizes) == 48 and max(sizes.values()) == 810
    # 80/10/10 by title, roughly: 48 titles give 39 / 3 / 6
    shares = Counter(next(iter(s)) for s in titles.values())
    assert shares == {"train": 39, "dev": 3, "test": 6}
    assert 0.7 < shares["train"] / 48 < 0.9 and 0.04 < shares["dev"] / 48 < 0.16 and 0.04 < shares["test"] / 48 < 0.16
