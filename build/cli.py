"""Command line: `python -m build COMMAND ...`, a thin layer over the library (each command parses its
arguments and calls one library function). With no command the arguments are those of `build`:
`python -m build --out OUT` is `python -m build build --out OUT`.

A command is one entry of `COMMANDS`: its name, a one-line help, a function adding its arguments to its
subparser and a function running it on the parsed arguments (returning the exit code). A new command
(`evaluate`, `validate`) is one more entry.
"""

from __future__ import annotations

import argparse
import difflib
import json
import logging
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .cli_build import (
    LOG_FORMAT,
    LOG_LEVELS,
    NON_NEGATIVE,
    POSITIVE,
    add_build_arguments,
    policy_name,
    run_build_command,
)
from .config import SubstitutionConfig
from .halves import Half
from .swap.policies import POLICIES
from .version import VersionAction

log = logging.getLogger("build")


@dataclass(frozen=True)
class Command:
    name: str
    help: str  # one line, shown by `python -m build --help`
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    description: str = ""  # shown by `python -m build NAME --help` (default: the help)


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
    parser.add_argument(
        "--dry-run", action="store_true", help="validate the folder and list the files; write and upload nothing"
    )
    parser.add_argument("--log-level", default="INFO", choices=LOG_LEVELS, help="what the log shows (default INFO)")


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
    parser.add_argument("--sample", type=POSITIVE, default=120, help="records to draw (default 120)")
    parser.add_argument("--seed", type=NON_NEGATIVE, default=0, help="seed of the draw (default 0)")
    parser.add_argument("--sheet", default=None, help="the Markdown sheet (default OUT-audit-seedS.md, beside OUT)")
    per_type_help = "a type-stratified sheet: this many records of each entity type (instead of --sample)"
    parser.add_argument("--per-type", type=POSITIVE, default=None, help=per_type_help)
    parser.add_argument("--types", default=None, help="with --per-type: a comma list of entity types (default all)")
    parser.add_argument("--also", action="append", default=[], metavar="OUT2", help="draw from this build too")
    half_help = "draw only rows of this half of their source (build/halves.py; default: every row)"
    parser.add_argument("--half", choices=[h.value for h in Half], default=None, help=half_help)


def run_audit(args: argparse.Namespace) -> int:
    from .labels import ALL_ENTITY_TYPES
    from .qa.audit import AuditError
    from .qa.audit import run_audit as audit
    from .swap.things import THING_LABEL

    if args.types and not args.per_type:
        args.parser.error("--types goes with --per-type")
    types = [t.strip().upper() for t in args.types.split(",") if t.strip()] if args.types else None
    unknown = sorted(set(types or ()) - {*ALL_ENTITY_TYPES, THING_LABEL})
    if unknown:
        args.parser.error(f"unknown entity type(s) {unknown}; known: {', '.join((*ALL_ENTITY_TYPES, THING_LABEL))}")
    for folder in (args.out, *args.also):
        if not Path(folder).is_dir():
            args.parser.error(
                f"{folder}: no such build folder" if not Path(folder).exists() else f"{folder}: not a folder"
            )
    half = Half(args.half) if args.half else None
    try:
        path, found = audit(args.out, args.sample, args.seed, args.sheet, args.per_type, types, args.also, half)
    except AuditError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"audit sheet: {path}")
    print(json.dumps(found.as_dict(), sort_keys=True))
    return 0


def add_bench_arguments(parser: argparse.ArgumentParser) -> None:
    from .qa.bench import BenchOptions

    parser.add_argument("--source", action="append", default=[], help=f"input (default {BenchOptions.sources[0]})")
    parser.add_argument(
        "--double-source",
        action="append",
        default=[],
        help="the input of the 2x build (default: SQuAD dev and the SQuAD train slice)",
    )
    parser.add_argument(
        "--workers", type=POSITIVE, default=BenchOptions.workers, help=f"NER processes (default {BenchOptions.workers})"
    )
    parser.add_argument(
        "--batch-size",
        type=POSITIVE,
        default=BenchOptions.batch_size,
        help=f"texts per NER batch (default {BenchOptions.batch_size})",
    )
    parser.add_argument(
        "--policy",
        default=SubstitutionConfig.policy,
        type=policy_name,
        metavar="{" + ",".join(sorted(POLICIES)) + "}",
        help=f"the swap policy of the builds (default {SubstitutionConfig.policy})",
    )
    parser.add_argument(
        "--spacy-model", default=None, help="spaCy pipeline (default: en_core_web_lg, else the best installed)"
    )
    parser.add_argument("--no-agreement", action="store_true", help="skip the snippet-vs-whole NER agreement step")
    parser.add_argument("--keep", action="store_true", help="keep the temporary build folders")
    parser.add_argument(
        "--engine",
        choices=("local", "ray"),
        default="local",
        help="local (default) or ray: Ray's overhead against the local engine, 1 vs 2 CPUs, and a Wikipedia-scale "
        "projection",
    )


def bench_options_from_args(args: argparse.Namespace):
    from .qa.bench import BenchOptions

    return BenchOptions(
        sources=tuple(args.source) or BenchOptions.sources,
        double_sources=tuple(args.double_source) or BenchOptions.double_sources,
        workers=args.workers,
        batch_size=args.batch_size,
        policy=args.policy,
        spacy_model=args.spacy_model,
        agreement=not args.no_agreement,
        keep=args.keep,
        engine=args.engine,
    )


def run_bench_command(args: argparse.Namespace) -> int:
    from .qa.bench import BenchError, run_bench

    options = bench_options_from_args(args)
    logging.basicConfig(level="INFO", format=LOG_FORMAT)
    missing = options.missing_inputs()
    if missing:
        args.parser.error(f"input not found: {missing[0]} (pass --source / --double-source)")
    if options.engine == "ray":
        from .qa.bench_ray import run_ray_bench

        print(json.dumps(run_ray_bench(options), sort_keys=True))
        return 0
    try:
        print(json.dumps(run_bench(options), sort_keys=True))
    except BenchError as error:
        args.parser.error(str(error))
    return 0


def add_evaluate_arguments(parser: argparse.ArgumentParser) -> None:
    from .qa.evaluate import BASELINES, scorers

    parser.add_argument("dataset", help="a built folder, or a Hub dataset repo id (with --revision)")
    parser.add_argument("--config", default="default", choices=sorted(scorers()), help="the config (default default)")
    parser.add_argument("--split", default="test", help="the split to score (default test)")
    parser.add_argument("--predictions", help="JSONL: {id, prediction} | {id, label} | {id, hallucination_labels}")
    parser.add_argument("--baseline", choices=BASELINES, help="score a reference predictor instead (default config)")
    parser.add_argument("--per-type", action="store_true", help="also print a table per entity type")
    parser.add_argument("--revision", default=None, help="the Hub revision (a tag such as v0.1.0) of a repo id")
    parser.add_argument("--cache-dir", default=None, help="where a Hub download is kept")


def run_evaluate(args: argparse.Namespace) -> int:
    from .qa.evaluate import EvaluationError, dataset_folder, evaluate, per_type_table

    try:
        folder = dataset_folder(args.dataset, args.config, args.split, args.revision, args.cache_dir)
        result = evaluate(folder, args.config, args.split, args.predictions, args.baseline, args.per_type)
    except EvaluationError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    per_type = result.pop("per_type", None)
    print(json.dumps(result, sort_keys=True))
    if per_type is not None:
        print(per_type_table({"per_type": per_type}))
    return 0


def add_validate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("out", help="a built folder or a downloaded Hub snapshot")


def run_validate(args: argparse.Namespace) -> int:
    from .qa.validate import report, validate

    folder = Path(args.out)
    if not folder.is_dir():
        print(f"error: {args.out}: {'not a folder' if folder.exists() else 'does not exist'}", file=sys.stderr)
        return 2
    listed = report(validate(args.out))
    if listed:
        print(f"{args.out}: invalid\n{listed}", file=sys.stderr)
        return 1
    print(f"{args.out}: valid")
    return 0


COMMANDS: tuple[Command, ...] = (
    Command(
        "build",
        "build the dataset: counterfactual train/dev/test Parquet, an entity bank, stats and card "
        "(the default command)",
        add_build_arguments,
        run_build_command,
        "Build the Faithfulness-QA dataset: counterfactual train/dev/test Parquet and an entity bank.",
    ),
    Command("card", "render a build's dataset card (OUT/README.md) and its plots again", add_card_arguments, run_card),
    Command(
        "push",
        "publish a build folder to the Hugging Face Hub as one commit, then tag it",
        add_push_arguments,
        run_push,
        "Publish a build folder to the Hugging Face Hub as one commit, then tag it. Token from "
        "HF_TOKEN or `hf auth login`; endpoint from HF_ENDPOINT.",
    ),
    Command(
        "audit",
        "write an audit sheet of a build (a seeded sample) and print the automated proxies",
        add_audit_arguments,
        run_audit,
    ),
    Command(
        "bench",
        "measure the build's time and memory against NER alone and print one JSON line",
        add_bench_arguments,
        run_bench_command,
    ),
    Command(
        "evaluate",
        "score predictions (or a baseline) on a config's split and print one JSON line of metrics",
        add_evaluate_arguments,
        run_evaluate,
    ),
    Command(
        "validate",
        "check every invariant of a built folder or Hub snapshot; exit 1 listing the violations by rule",
        add_validate_arguments,
        run_validate,
    ),
)
DEFAULT_COMMAND = "build"


def build_parser(prog: str = "python -m build") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="The offline build of the Faithfulness-QA dataset and its release.",
        epilog=f"With no command, the arguments are those of `{DEFAULT_COMMAND}` (python -m build --out OUT). "
        "Each command has --help.",
    )
    parser.add_argument("-V", "--version", action=VersionAction, help="print the version and exit")
    commands = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND", required=True)
    for command in COMMANDS:
        sub = commands.add_parser(command.name, help=command.help, description=command.description or command.help)
        command.add_arguments(sub)
        sub.set_defaults(run=command.run, parser=sub)
    return parser


def parse_args(argv: Sequence[str], prog: str = "python -m build") -> argparse.Namespace:
    """Parse a command line; one that does not start with a command (or -h/--help/-V/--version) is a `build`
    command line."""
    argv = list(argv)
    names = [c.name for c in COMMANDS]
    if argv and not argv[0].startswith("-") and argv[0] not in names:
        # a build command line starts with an option; a bare word here is a mistyped command, not a missing --out
        close = difflib.get_close_matches(argv[0], names, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        build_parser(prog).error(f"unknown command {argv[0]!r}{hint}; the commands are {', '.join(names)}")
    if not argv or argv[0] not in {*names, "-h", "--help", "-V", "--version"}:
        argv.insert(0, DEFAULT_COMMAND)
    return build_parser(prog).parse_args(argv)


def main(argv: Sequence[str] | None = None, prog: str = "python -m build") -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv, prog)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
