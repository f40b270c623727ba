"""The `build` command: its options and their mapping to a `BuildConfig` (`python -m fqa_build [build] --out OUT`)."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from fqa_build.cli_options import (
    NON_NEGATIVE,
    POSITIVE,
    Command,
    add_log_level_option,
    add_ner_options,
    add_policy_option,
    available_cores,
    configure_logging,
    int_at_least,
    policy_name,
)
from fqa_build.config import (
    ENGINES,
    BuildConfig,
    EngineConfig,
    ShardLayout,
    SubstitutionConfig,
    default_cache_dir,
    parse_entity_types,
)
from fqa_build.engines import EngineError
from fqa_build.ner.runner import ModelError
from fqa_build.read.formats import SOURCE_FORMATS
from fqa_build.read.skips import SourceError

log = logging.getLogger("fqa_build")


def add_build_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--source",
        action="append",
        default=[],
        metavar="FORMAT[:PATH]",
        help=", ".join(kind.help for kind in SOURCE_FORMATS.values()) + ". Repeatable. Default: the sample in data/.",
    )
    parser.add_argument(
        "--bank-source",
        action="append",
        default=[],
        metavar="FORMAT[:PATH]",
        help="a further source (same forms as --source) read only to enlarge the entity bank. Repeatable.",
    )
    parser.add_argument("--out", required=True, type=Path, help="output folder, laid out as the Hub dataset repo")
    parser.add_argument("--seed", type=NON_NEGATIVE, default=42, help="seed of the replacement draws (default 42)")
    add_policy_option(parser, "how replacements are chosen")
    parser.add_argument(
        "--split-seed", type=NON_NEGATIVE, default=42, help="seed of the train/dev/test split (default 42)"
    )
    add_ner_options(
        parser,
        workers=available_cores(),
        workers_help="processes for NER and substitution (default: the cores available, here %(default)s); the "
        "output does not depend on it",
        batch_size=64,
    )
    parser.add_argument(
        "--entity-types",
        default="default",
        help="the NER labels an answer is matched to: 'default' (the reference work's 8: PERSON GPE ORG DATE "
        "CARDINAL NORP LOC EVENT; the policy adds the value labels it makes, MONEY PERCENT QUANTITY ORDINAL TIME, "
        "so rows carry up to 13), 'all', or LABEL,LABEL,...",
    )
    parser.add_argument(
        "--window-chars",
        type=int_at_least(100),
        default=BuildConfig.window_chars,
        help="TriviaQA context window (default 1600)",
    )
    parser.add_argument(
        "--cache-dir", type=Path, default=default_cache_dir(), help="NER cache folder (default %(default)s)"
    )
    parser.add_argument("--no-cache", action="store_true", help="run NER without reading or writing the cache")
    parser.add_argument(
        "--bank-corpus",
        default="paragraphs",
        choices=["paragraphs", "all"],
        help="contexts that feed the entity bank and get whole-context NER: paragraphs (the Wikipedia-paragraph "
        "sources: SQuAD, NQ, MRQA's SQuAD and NaturalQuestions, and every --bank-source; default) or all",
    )
    parser.add_argument(
        "--ner-scope",
        default="auto",
        choices=["auto", "context"],
        help="auto (default): contexts outside the bank corpus get NER on the sentences around their answers "
        "only; context: whole contexts everywhere",
    )
    parser.add_argument(
        "--min-bank-frequency",
        type=POSITIVE,
        default=1,
        help="mentions an entity needs to enter the bank (default 1)",
    )
    parser.add_argument(
        "--max-rows-per-shard", type=POSITIVE, default=100_000, help="rows per Parquet shard at most (default 100000)"
    )
    parser.add_argument(
        "--row-group-size", type=POSITIVE, default=2_000, help="rows per Parquet row group (default 2000)"
    )
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        default="local",
        help="where the stages run: local (forked processes; default) or ray (Ray Data; pip install -r "
        "requirements-ray.txt). The output is the same byte for byte",
    )
    parser.add_argument(
        "--ray-address",
        metavar="ADDR",
        help="--engine ray: an existing Ray cluster (e.g. ray://head:10001 or auto); default: start a local Ray "
        "instance for the build",
    )
    parser.add_argument(
        "--ray-num-cpus", type=POSITIVE, metavar="N", help="--engine ray: CPUs of the local Ray instance (--workers)"
    )
    parser.add_argument(
        "--ner-cache-uri",
        metavar="URI",
        help="--engine ray: the NER cache every worker uses, a path or URI the cluster shares (s3://bucket/prefix); "
        "default CACHE_DIR/ner-shared",
    )
    parser.add_argument("--ray-progress", action="store_true", help="--engine ray: show Ray Data's progress bars")
    parser.add_argument(
        "--exclude",
        action="append",
        default=[],
        metavar="[ragtruth:]FILE",
        help="a held-out set (JSONL/JSON/Parquet of questions and passages; ragtruth:PATH for RAGTruth's "
        "source_info.jsonl or its folder) to decontaminate against: a record "
        "whose question matches one of its questions, or whose context shares a 13-gram with one of its "
        "passages, is dropped (repeatable)",
    )
    parser.add_argument(
        "--write-rejections",
        action="store_true",
        help="also write OUT/rejections.parquet (id, source, reason, entity, entity_type of every record the swap "
        "rejected), for inspection; not part of the release",
    )
    parser.add_argument(
        "--repo-id",
        metavar="ORG/NAME",
        help='the Hub dataset repo the card\'s "How to load" names (default: a placeholder the card names as one)',
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    add_log_level_option(parser)


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
        exclude=tuple(args.exclude),
        repo_id=args.repo_id,
        engine=EngineConfig(
            name=args.engine,
            ray_address=args.ray_address,
            ray_num_cpus=args.ray_num_cpus,
            cache_uri=args.ner_cache_uri,
            ray_progress=args.ray_progress,
        ),
    )


def _caused_by_interrupt(error: BaseException) -> bool:
    """Whether a Ctrl-C is what `error` was raised from (its cause or context, at any depth)."""
    seen = 0
    while error is not None and seen < 20:
        if isinstance(error, KeyboardInterrupt):
            return True
        error, seen = error.__cause__ or error.__context__, seen + 1
    return False


def _interrupted(config: BuildConfig) -> int:
    if config.progress:
        sys.stderr.write("\n")  # the message on a line of its own, not after the progress bar's
    cache = "" if config.cache_dir is None else f" (NER results so far are kept in {config.cache_dir})"
    log.error("interrupted: %s is as it was; run the same command again to resume%s", config.out, cache)
    return 130


def run_build_command(args: argparse.Namespace) -> int:
    from fqa_build.pipeline import run_build
    from fqa_build.release.stage import NothingKeptError

    configure_logging(args)
    try:
        config = config_from_args(args)
    except ValueError as exc:
        args.parser.error(str(exc))
    try:
        result = run_build(config)
    except (SourceError, ModelError, FileExistsError, EngineError, NothingKeptError) as exc:
        log.error("%s", exc)
        return 2
    except KeyboardInterrupt:
        return _interrupted(config)
    except OSError as exc:
        if _caused_by_interrupt(exc):
            return _interrupted(config)
        log.error("cannot write the build to %s: %s; %s is as it was", config.out, exc, config.out)
        return 2
    except Exception as exc:
        if _caused_by_interrupt(exc):  # a library that wraps the Ctrl-C it met (an import under way)
            return _interrupted(config)
        raise
    for source, numbers in result.stats["sources"].items():
        print(f"{source}: kept {numbers['kept']} of {numbers['total']} ({numbers['kept_share']:.1%})")
    print(f"splits: {result.stats['splits']}; output: {result.out}")
    return 0


def add_policy_arguments(parser: argparse.ArgumentParser) -> None:
    """`policy [NAME]` and `--components`."""
    from fqa_build.swap.policies.registry import POLICIES

    parser.add_argument(
        "name",
        nargs="?",
        default=SubstitutionConfig.policy,
        type=policy_name,
        metavar="{" + ",".join(sorted(POLICIES)) + "} or FILE",
        help=f"the policy to print (default {SubstitutionConfig.policy})",
    )
    parser.add_argument(
        "--components", action="store_true", help="print every component a policy can list, with its parameters"
    )


def run_policy_command(args: argparse.Namespace) -> int:
    """Print a policy as data (JSON; edit it under a new name and build with `--policy FILE`), or the components."""
    import json
    from dataclasses import asdict

    from fqa_build.swap.components import COMPONENTS
    from fqa_build.swap.policies.registry import get_policy

    if args.components:
        data = [
            {"name": name, "description": " ".join((kind.__doc__ or "").split()), "parameters": asdict(kind())}
            for name, kind in COMPONENTS.items()
        ]
    else:
        data = get_policy(args.name).to_dict()
    print(json.dumps(data, indent=2, ensure_ascii=False))
    return 0


COMMANDS = (
    Command(
        "build",
        "build the dataset: counterfactual train/dev/test Parquet, an entity bank, stats and card "
        "(the default command)",
        add_build_arguments,
        run_build_command,
        "Build the Faithfulness-QA dataset: counterfactual train/dev/test Parquet and an entity bank.",
    ),
    Command(
        "policy",
        "print a policy as data (JSON) to edit and build with --policy FILE, or the components a policy can list",
        add_policy_arguments,
        run_policy_command,
    ),
)
