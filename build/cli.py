"""Command line: `python -m build COMMAND ...`, a thin layer over the library (each command parses its
arguments and calls one library function). With no command the arguments are those of `build`:
`python -m build --out OUT` is `python -m build build --out OUT`.

A command is one entry of `COMMANDS`: its name, a one-line help, a function adding its arguments to its
subparser and a function running it on the parsed arguments (returning the exit code). A new command
(`evaluate`, `validate`) is one more entry.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .config import BuildConfig, ShardLayout, SubstitutionConfig, default_cache_dir, parse_entity_types
from .ner.runner import ModelError
from .read.skips import SourceError
from .swap.policies import POLICIES

log = logging.getLogger("build")

LOG_LEVELS = ["DEBUG", "INFO", "WARNING", "ERROR"]
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


@dataclass(frozen=True)
class Command:
    name: str
    help: str  # one line, shown by `python -m build --help`
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    description: str = ""  # shown by `python -m build NAME --help` (default: the help)


def available_cores() -> int:
    """Cores this process may run on (measured: one NER process per core is fastest; see README "Speed")."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


def add_build_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--source", action="append", default=[], metavar="KIND[:PATH]",
        help="squad:FILE (SQuAD v1.1 JSON), squad (rajpurkar/squad train from the Hub), trivia_qa:DIR (TriviaQA "
        "rc layout), trivia_qa (mandarjoshi/trivia_qa rc train from the Hub). Repeatable. Default: the sample in "
        "data/.",
    )
    parser.add_argument(
        "--bank-source", action="append", default=[], metavar="KIND[:PATH]",
        help="a further source (same forms as --source) read only to enlarge the entity bank. Repeatable.",
    )
    parser.add_argument("--out", required=True, type=Path, help="output folder, laid out as the Hub dataset repo")
    parser.add_argument("--seed", type=int, default=42, help="seed of the replacement draws (default 42)")
    parser.add_argument(
        "--policy", default=SubstitutionConfig.policy, choices=sorted(POLICIES),
        help=f"how replacements are chosen (default {SubstitutionConfig.policy}; see README)",
    )
    parser.add_argument("--split-seed", type=int, default=42, help="seed of the train/dev/test split (default 42)")
    parser.add_argument(
        "--workers", type=int, default=available_cores(),
        help="processes for NER and substitution (default: the cores available, here %(default)s); the output "
        "does not depend on it",
    )
    parser.add_argument(
        "--spacy-model", default=None, help="spaCy pipeline (default: en_core_web_lg, else the best installed)"
    )
    parser.add_argument("--batch-size", type=int, default=64, help="texts per NER batch (default 64)")
    parser.add_argument(
        "--entity-types", default="default", help="'default' (the 8 of the paper), 'all', or LABEL,LABEL,..."
    )
    parser.add_argument(
        "--window-chars", type=int, default=BuildConfig.window_chars, help="TriviaQA context window (default 1600)"
    )
    parser.add_argument(
        "--cache-dir", type=Path, default=default_cache_dir(), help="NER cache folder (default %(default)s)"
    )
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
    parser.add_argument(
        "--write-rejections", action="store_true",
        help="also write OUT/rejections.parquet (id, source, reason, entity, entity_type of every record the swap "
        "rejected), for inspection; not part of the release",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    parser.add_argument("--log-level", default="INFO", choices=LOG_LEVELS)


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
        write_rejections=args.write_rejections,
    )


def run_build_command(args: argparse.Namespace) -> int:
    from .pipeline import run_build

    logging.basicConfig(level=args.log_level, format=LOG_FORMAT)
    try:
        config = config_from_args(args)
    except ValueError as exc:
        args.parser.error(str(exc))
    try:
        result = run_build(config)
    except (SourceError, ModelError, FileExistsError) as exc:
        log.error("%s", exc)
        return 2
    for source, numbers in result.stats["sources"].items():
        print(f"{source}: kept {numbers['kept']} of {numbers['total']} ({numbers['kept_share']:.1%})")
    print(f"splits: {result.stats['splits']}; output: {result.out}")
    return 0


def add_card_arguments(parser: argparse.ArgumentParser) -> None:
    # the defaults are CardOptions' (not imported here: build.release.card imports `datasets`, slow for --help)
    parser.add_argument("out", type=Path, help="a build output folder")
    parser.add_argument("--repo-id", default=None, help="Hub repo the card names (default faithfulness_qa.HUB_REPO_ID)")
    parser.add_argument("--tag", default=None, help="release tag the card pins (default v<faithfulness_qa.VERSION>)")


def run_card(args: argparse.Namespace) -> int:
    from .release.card import CardError, CardOptions, render_card

    logging.basicConfig(level="INFO", format=LOG_FORMAT)
    try:
        default = CardOptions()
        options = CardOptions(repo_id=args.repo_id or default.repo_id, tag=args.tag or default.tag)
        path = render_card(args.out, options)
    except CardError as exc:
        log.error("%s", exc)
        return 2
    print(f"card: {path}")
    return 0


def add_push_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("out", type=Path, help="a build output folder")
    parser.add_argument("--repo-id", required=True, help="ORG/NAME of the dataset repo (created if missing)")
    parser.add_argument("--tag", required=True, help="release tag, v<faithfulness_qa.VERSION> (e.g. v0.1.0)")
    parser.add_argument("--private", action="store_true", help="create the repo private")
    parser.add_argument("--dry-run", action="store_true", help="render the card and list the files; upload nothing")
    parser.add_argument("--log-level", default="INFO", choices=LOG_LEVELS)


def run_push(args: argparse.Namespace) -> int:
    from .release.card import CardError
    from .release.push import PushError, push_release

    logging.basicConfig(level=args.log_level, format=LOG_FORMAT)
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


def add_audit_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("out", help="a build output folder")
    parser.add_argument("--sample", type=int, default=120, help="records to draw (default 120)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the draw (default 0)")
    parser.add_argument("--sheet", default=None, help="where to write the Markdown sheet (default OUT/audit-seedS.md)")


def run_audit(args: argparse.Namespace) -> int:
    from .qa.audit import run_audit as audit

    path, found = audit(args.out, args.sample, args.seed, args.sheet)
    print(f"audit sheet: {path}")
    print(json.dumps(found.as_dict(), sort_keys=True))
    return 0


def add_bench_arguments(parser: argparse.ArgumentParser) -> None:
    from .qa.bench import BenchOptions

    parser.add_argument("--source", action="append", default=[], help=f"input (default {BenchOptions.sources[0]})")
    parser.add_argument("--double-source", action="append", default=[],
                        help="the input of the 2x build (default: SQuAD dev and the SQuAD train slice)")
    parser.add_argument("--workers", type=int, default=BenchOptions.workers)
    parser.add_argument("--batch-size", type=int, default=BenchOptions.batch_size)
    parser.add_argument("--policy", default=SubstitutionConfig.policy, choices=sorted(POLICIES))
    parser.add_argument("--spacy-model", default=None)
    parser.add_argument("--no-agreement", action="store_true", help="skip the snippet-vs-whole NER agreement step")
    parser.add_argument("--keep", action="store_true", help="keep the temporary build folders")


def bench_options_from_args(args: argparse.Namespace):
    from .qa.bench import BenchOptions

    return BenchOptions(
        sources=tuple(args.source) or BenchOptions.sources,
        double_sources=tuple(args.double_source) or BenchOptions.double_sources,
        workers=args.workers, batch_size=args.batch_size, policy=args.policy, spacy_model=args.spacy_model,
        agreement=not args.no_agreement, keep=args.keep,
    )


def run_bench_command(args: argparse.Namespace) -> int:
    from .qa.bench import run_bench

    options = bench_options_from_args(args)
    logging.basicConfig(level="INFO", format=LOG_FORMAT)
    missing = options.missing_inputs()
    if missing:
        args.parser.error(f"input not found: {missing[0]} (pass --source / --double-source)")
    print(json.dumps(run_bench(options), sort_keys=True))
    return 0


COMMANDS: tuple[Command, ...] = (
    Command("build", "build the dataset: counterfactual train/dev/test Parquet, an entity bank, stats and card "
            "(the default command)", add_build_arguments, run_build_command,
            "Build the Faithfulness-QA dataset: counterfactual train/dev/test Parquet and an entity bank."),
    Command("card", "render a build's dataset card (OUT/README.md) and its plots again", add_card_arguments, run_card),
    Command("push", "publish a build folder to the Hugging Face Hub as one commit, then tag it", add_push_arguments,
            run_push, "Publish a build folder to the Hugging Face Hub as one commit, then tag it. Token from "
            "HF_TOKEN or `hf auth login`; endpoint from HF_ENDPOINT."),
    Command("audit", "write an audit sheet of a build (a seeded sample) and print the automated proxies",
            add_audit_arguments, run_audit),
    Command("bench", "measure the build's time and memory against NER alone and print one JSON line",
            add_bench_arguments, run_bench_command),
)
DEFAULT_COMMAND = "build"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m build",
        description="The offline build of the Faithfulness-QA dataset and its release.",
        epilog=f"With no command, the arguments are those of `{DEFAULT_COMMAND}` (python -m build --out OUT). "
        "Each command has --help.",
    )
    commands = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND", required=True)
    for command in COMMANDS:
        sub = commands.add_parser(command.name, help=command.help, description=command.description or command.help)
        command.add_arguments(sub)
        sub.set_defaults(run=command.run, parser=sub)
    return parser


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """Parse a command line; one that does not start with a command (or -h/--help) is a `build` command line."""
    argv = list(argv)
    if not argv or argv[0] not in {c.name for c in COMMANDS} | {"-h", "--help"}:
        argv.insert(0, DEFAULT_COMMAND)
    return build_parser().parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
