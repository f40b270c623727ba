"""The commands of the checks on a build (`audit`, `bench`, `evaluate`, `validate`): each parses its arguments
and calls one library function of `fqa_build.checks`."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from fqa_build.cli_options import (
    NON_NEGATIVE,
    POSITIVE,
    Command,
    add_ner_options,
    add_policy_option,
    configure_logging,
    refuse,
)
from fqa_build.halves import Half


def add_audit_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("out", help="a build output folder")
    parser.add_argument("--sample", type=POSITIVE, default=120, help="records to draw (default 120)")
    parser.add_argument("--seed", type=NON_NEGATIVE, default=0, help="seed of the draw (default 0)")
    parser.add_argument("--sheet", default=None, help="the Markdown sheet (default OUT-audit-seedS.md, beside OUT)")
    per_type_help = "a type-stratified sheet: this many records of each entity type (instead of --sample)"
    parser.add_argument("--per-type", type=POSITIVE, default=None, help=per_type_help)
    parser.add_argument("--types", default=None, help="with --per-type: a comma list of entity types (default all)")
    parser.add_argument("--also", action="append", default=[], metavar="OUT2", help="draw from this build too")
    half_help = "draw only rows of this half of their source (fqa_build/halves.py; default: every row)"
    parser.add_argument("--half", choices=[h.value for h in Half], default=None, help=half_help)


def run_audit(args: argparse.Namespace) -> int:
    from fqa_build.checks.audit import AuditError
    from fqa_build.checks.audit import run_audit as audit
    from fqa_build.labels import ALL_ENTITY_TYPES
    from fqa_build.swap.components.closed_class_nouns.things import THING_LABEL

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
        return refuse(args, str(error))
    print(f"audit sheet: {path}")
    print(json.dumps(found.as_dict(), sort_keys=True))
    return 0


def add_bench_arguments(parser: argparse.ArgumentParser) -> None:
    from fqa_build.bench.bench import BenchOptions

    parser.add_argument("--source", action="append", default=[], help=f"input (default {BenchOptions.sources[0]})")
    parser.add_argument(
        "--double-source",
        action="append",
        default=[],
        help="the input of the 2x build (default: SQuAD dev and the SQuAD train slice)",
    )
    workers_help = f"NER processes (default {BenchOptions.workers})"
    add_ner_options(parser, workers=BenchOptions.workers, workers_help=workers_help, batch_size=BenchOptions.batch_size)
    add_policy_option(parser, "the swap policy of the builds")
    parser.add_argument("--no-agreement", action="store_true", help="skip the snippet-vs-whole NER agreement step")
    parser.add_argument(
        "--no-profile", action="store_true", help="skip the one-process build that times each stage and rule"
    )
    parser.add_argument("--keep", action="store_true", help="keep the temporary build folders")
    parser.add_argument(
        "--engine",
        choices=("local", "ray"),
        default="local",
        help="local (default) or ray: Ray's overhead against the local engine, 1 vs 2 CPUs, and a Wikipedia-scale "
        "projection",
    )


def bench_options_from_args(args: argparse.Namespace):
    from fqa_build.bench.bench import BenchOptions

    return BenchOptions(
        sources=tuple(args.source) or BenchOptions.sources,
        double_sources=tuple(args.double_source) or BenchOptions.double_sources,
        workers=args.workers,
        batch_size=args.batch_size,
        policy=args.policy,
        spacy_model=args.spacy_model,
        agreement=not args.no_agreement,
        profile=not args.no_profile,
        keep=args.keep,
        engine=args.engine,
    )


def run_bench_command(args: argparse.Namespace) -> int:
    from fqa_build.bench.bench import BenchError, run_bench

    options = bench_options_from_args(args)
    configure_logging(args, "INFO")
    missing = options.missing_inputs()
    if missing:
        args.parser.error(f"input not found: {missing[0]} (pass --source / --double-source)")
    if options.engine == "ray":
        from fqa_build.bench.bench_ray import run_ray_bench

        print(json.dumps(run_ray_bench(options), sort_keys=True))
        return 0
    try:
        print(json.dumps(run_bench(options), sort_keys=True))
    except BenchError as error:
        args.parser.error(str(error))
    return 0


def add_evaluate_arguments(parser: argparse.ArgumentParser) -> None:
    from fqa_build.checks.evaluate import baseline_names, scorers

    parser.add_argument("dataset", help="a built folder, or a Hub dataset repo id (with --revision)")
    parser.add_argument("--config", default="default", choices=sorted(scorers()), help="the config (default default)")
    parser.add_argument("--split", default="test", help="the split to score (default test)")
    parser.add_argument(
        "--predictions", help="JSONL: {id, prediction} | {id, label} | {id, hallucination_labels} (docs/output.md)"
    )
    parser.add_argument(
        "--baseline", choices=baseline_names(), help="score a reference predictor instead (each config has its own)"
    )
    parser.add_argument("--per-type", action="store_true", help="also print a table per entity type")
    parser.add_argument("--revision", default=None, help="the Hub revision (a tag such as v0.1.0) of a repo id")
    parser.add_argument("--cache-dir", default=None, help="where a Hub download is kept")


def run_evaluate(args: argparse.Namespace) -> int:
    from fqa_build.checks.evaluate import EvaluationError, dataset_folder, evaluate, per_type_table

    try:
        folder = dataset_folder(args.dataset, args.config, args.split, args.revision, args.cache_dir)
        result = evaluate(folder, args.config, args.split, args.predictions, args.baseline, args.per_type)
    except EvaluationError as error:
        return refuse(args, str(error))
    per_type = result.pop("per_type", None)
    print(json.dumps(result, sort_keys=True))
    if per_type is not None:
        print(per_type_table({"per_type": per_type}))
    return 0


def add_validate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("out", help="a built folder or a downloaded Hub snapshot")


def run_validate(args: argparse.Namespace) -> int:
    from fqa_build.checks.validate import report, validate
    from fqa_build.release.parquet import MANIFEST_NAME

    folder = Path(args.out)
    if not folder.is_dir():
        return refuse(args, f"{args.out}: {'not a folder' if folder.exists() else 'does not exist'}")
    if not (folder / MANIFEST_NAME).is_file():
        return refuse(args, f"{args.out}: not a build folder (no {MANIFEST_NAME}); nothing to validate")
    listed = report(validate(args.out))
    if listed:
        print(f"{args.out}: invalid\n{listed}", file=sys.stderr)
        return 1
    print(f"{args.out}: valid")
    return 0


COMMANDS = (
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
        "check every invariant of a built folder or Hub snapshot; exit 1 listing the violations by invariant",
        add_validate_arguments,
        run_validate,
    ),
)
