"""Command line: a thin layer over the library calls."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path
from typing import Sequence

from .config import BuildConfig, default_cache_dir, parse_entity_types
from .config import SubstitutionConfig
from .ner.runner import ModelError
from .config import ShardLayout
from .swap.policies import POLICIES, get_policy
from .config import DEFAULT_POLICY
from .read.skips import SourceError
from .config import DEFAULT_WINDOW_CHARS

log = logging.getLogger("build")


def available_cores() -> int:
    """Cores this process may run on (measured: one NER process per core is fastest; see README "Speed")."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m build",
        description="Build the Faithfulness-QA dataset: counterfactual train/dev/test Parquet and an entity bank.",
        epilog="Other commands: python -m build audit OUT --sample 120 --seed S; python -m build card OUT; "
        "python -m build push OUT --repo-id ORG/NAME --tag vX.Y.Z; python -m build bench (each with --help).",
    )
    parser.add_argument(
        "--source", action="append", default=[], metavar="KIND[:PATH]",
        help="squad:FILE (SQuAD v1.1 JSON), squad (rajpurkar/squad train from the Hub), trivia_qa:DIR (TriviaQA "
        "rc layout), trivia_qa (mandarjoshi/trivia_qa rc train from the Hub). Repeatable. Default: the sample in data/.",
    )
    parser.add_argument(
        "--bank-source", action="append", default=[], metavar="KIND[:PATH]",
        help="a further source (same forms as --source) read only to enlarge the entity bank. Repeatable.",
    )
    parser.add_argument("--out", required=True, type=Path, help="output folder, laid out as the Hub dataset repo")
    parser.add_argument("--seed", type=int, default=42, help="seed of the replacement draws (default 42)")
    parser.add_argument(
        "--policy", default=DEFAULT_POLICY, choices=sorted(POLICIES),
        help=f"how replacements are chosen (default {DEFAULT_POLICY}; see README)",
    )
    parser.add_argument("--split-seed", type=int, default=42, help="seed of the train/dev/test split (default 42)")
    parser.add_argument(
        "--workers", type=int, default=available_cores(),
        help="processes for NER and substitution (default: the cores available, here %(default)s); the output "
        "does not depend on it",
    )
    parser.add_argument("--spacy-model", default=None, help="spaCy pipeline (default: en_core_web_lg, else the best installed)")
    parser.add_argument("--batch-size", type=int, default=64, help="texts per NER batch (default 64)")
    parser.add_argument("--entity-types", default="default", help="'default' (the 8 of the paper), 'all', or LABEL,LABEL,...")
    parser.add_argument("--window-chars", type=int, default=DEFAULT_WINDOW_CHARS, help="TriviaQA context window (default 1600)")
    parser.add_argument("--cache-dir", type=Path, default=default_cache_dir(), help="NER cache folder (default %(default)s)")
    parser.add_argument("--no-cache", action="store_true", help="run NER without reading or writing the cache")
    parser.add_argument(
        "--bank-corpus", default="squad", choices=["squad", "all"],
        help="contexts that feed the entity bank and get whole-context NER: squad (SQuAD sources and every "
        "--bank-source; default) or all",
    )
    parser.add_argument(
        "--ner-scope", default="auto", choices=["auto", "context"],
        help="auto (default): contexts outside the bank corpus get NER on the sentences around their answers "
        "only; context: whole contexts everywhere",
    )
    parser.add_argument("--min-bank-frequency", type=int, default=1, help="mentions an entity needs to enter the bank")
    parser.add_argument("--max-rows-per-shard", type=int, default=100_000)
    parser.add_argument("--row-group-size", type=int, default=2_000)
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    parser.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    return parser


def config_from_args(args: argparse.Namespace) -> BuildConfig:
    return BuildConfig(
        out=args.out,
        sources=tuple(args.source),
        bank_sources=tuple(args.bank_source),
        split_seed=args.split_seed,
        workers=args.workers,
        spacy_model=args.spacy_model,
        batch_size=args.batch_size,
        entity_types=parse_entity_types(args.entity_types),
        window_chars=args.window_chars,
        cache_dir=None if args.no_cache else args.cache_dir,
        min_bank_frequency=args.min_bank_frequency,
        substitution=SubstitutionConfig(seed=args.seed, policy=args.policy),
        layout=ShardLayout(max_rows_per_shard=args.max_rows_per_shard, row_group_size=args.row_group_size),
        progress=not args.no_progress,
        bank_corpus=args.bank_corpus,
        ner_scope=args.ner_scope,
    )


def audit_main(argv: Sequence[str]) -> int:
    """`python -m build audit OUT --sample 120 --seed S`: the audit sheet and the automated proxies."""
    import json

    from .qa.audit import run_audit

    parser = argparse.ArgumentParser(prog="python -m build audit", description="Write an audit sheet of a build.")
    parser.add_argument("out", help="a build output folder")
    parser.add_argument("--sample", type=int, default=120, help="records to draw (default 120)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the draw (default 0)")
    parser.add_argument("--sheet", default=None, help="where to write the Markdown sheet (default OUT/audit-seedS.md)")
    args = parser.parse_args(argv)
    path, found = run_audit(args.out, args.sample, args.seed, args.sheet)
    print(f"audit sheet: {path}")
    print(json.dumps(found.as_dict(), sort_keys=True))
    return 0


def card_main(argv: Sequence[str]) -> int:
    """`python -m build card OUT [--repo-id R] [--tag T]`: render the dataset card again."""
    from .release.card import CardError, CardOptions, render_card

    parser = argparse.ArgumentParser(prog="python -m build card", description="Render OUT/README.md and its plots.")
    parser.add_argument("out", type=Path, help="a build output folder")
    parser.add_argument("--repo-id", default=CardOptions.repo_id, help="Hub repo the card names (default %(default)s)")
    parser.add_argument("--tag", default=CardOptions.tag, help="release tag the card pins (default %(default)s)")
    args = parser.parse_args(argv)
    logging.basicConfig(level="INFO", format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        path = render_card(args.out, CardOptions(repo_id=args.repo_id, tag=args.tag))
    except CardError as exc:
        log.error("%s", exc)
        return 2
    print(f"card: {path}")
    return 0


def push_main(argv: Sequence[str]) -> int:
    """`python -m build push OUT --repo-id ORG/NAME --tag vX.Y.Z [--private] [--dry-run]`."""
    from .release.card import CardError
    from .release.push import PushError, push_release

    parser = argparse.ArgumentParser(
        prog="python -m build push",
        description="Publish a build folder to the Hugging Face Hub as one commit, then tag it. Token from HF_TOKEN "
        "or `hf auth login`; endpoint from HF_ENDPOINT.",
    )
    parser.add_argument("out", type=Path, help="a build output folder")
    parser.add_argument("--repo-id", required=True, help="ORG/NAME of the dataset repo (created if missing)")
    parser.add_argument("--tag", required=True, help="release tag, v<faithfulness_qa.VERSION> (e.g. v0.1.0)")
    parser.add_argument("--private", action="store_true", help="create the repo private")
    parser.add_argument("--dry-run", action="store_true", help="render the card and list the files; upload nothing")
    parser.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    args = parser.parse_args(argv)
    logging.basicConfig(level=args.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        result = push_release(args.out, args.repo_id, args.tag, private=args.private, dry_run=args.dry_run)
    except (PushError, CardError) as exc:
        log.error("%s", exc)
        return 2
    if result.commit is None:
        print(f"dry run: {len(result.files)} files would go to {result.repo_id} as one commit tagged {result.tag}")
    else:
        state = "new commit" if result.created_commit else "no change, existing commit"
        print(f"pushed {result.repo_id}@{result.tag}: {state} {result.commit}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    from .pipeline import run_build

    argv = list(sys.argv[1:] if argv is None else argv)
    from .qa.bench import main as bench_main

    commands = {"audit": audit_main, "card": card_main, "push": push_main, "bench": bench_main}
    if argv[:1] and argv[0] in commands:
        return commands[argv[0]](argv[1:])
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=args.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        config = config_from_args(args)
    except ValueError as exc:
        parser.error(str(exc))
    try:
        result = run_build(config)
    except (SourceError, ModelError, FileExistsError) as exc:
        log.error("%s", exc)
        return 2
    for source, numbers in result.stats["sources"].items():
        print(f"{source}: kept {numbers['kept']} of {numbers['total']} ({numbers['kept_share']:.1%})")
    print(f"splits: {result.stats['splits']}; output: {result.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
