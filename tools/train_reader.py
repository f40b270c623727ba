"""Retrain the candidate reader (`fqa_build/swap/answerability/reader_weights.json`) on the development halves of the
files in `../shared/data` (the SQuAD v1.1 train slice, SQuAD dev and the NQ-open oracle passages), with the build's
own NER and cache. The same inputs and package versions give the same bytes (tests/test_answerability.py
retrains it and compares).

    python tools/train_reader.py [--check] [--source squad:FILE ...] [--workers N]

`--check` writes nothing and exits 1 when the committed file differs from a retrain.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SHARED = ROOT.parent / "shared" / "data"
SOURCES = (
    f"squad:{SHARED / 'squad_v1.1' / 'train-v1.1.du2017-test-slice.json'}",
    f"squad:{SHARED / 'squad_v1.1' / 'dev-v1.1.json'}",
    f"nq:{SHARED / 'nq_open' / 'lost_in_the_middle' / 'nq-open-oracle.jsonl.gz'}",
)


def main(argv: list[str] | None = None) -> int:
    from fqa_build.config import default_cache_dir
    from fqa_build.swap.answerability.reader import WEIGHTS_PATH
    from fqa_build.swap.answerability.training import train_from_files

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--source", action="append", help="a --source spec to train on (default: the SQuAD and NQ files)"
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--check", action="store_true", help="compare with the committed weights, write nothing")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    text, report = train_from_files(tuple(args.source or SOURCES), default_cache_dir(), args.workers)
    logging.info(
        "trained on %d examples of %d records: top-1 %.4f", report["examples"], report["records"], report["top1"]
    )
    if args.check:
        same = WEIGHTS_PATH.read_text(encoding="utf-8") == text
        print("reader weights: identical" if same else "reader weights: a retrain differs from the committed file")
        return 0 if same else 1
    with tempfile.NamedTemporaryFile("w", dir=WEIGHTS_PATH.parent, delete=False, encoding="utf-8") as tmp:
        tmp.write(text)
    os.chmod(tmp.name, 0o644)  # a temporary file is private; the weights are not
    os.replace(tmp.name, WEIGHTS_PATH)
    print(f"wrote {WEIGHTS_PATH.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
