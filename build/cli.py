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
import logging
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .cli_build import LOG_FORMAT, LOG_LEVELS, add_build_arguments, run_build_command
from .cli_qa import (
    add_audit_arguments,
    add_bench_arguments,
    add_evaluate_arguments,
    add_validate_arguments,
    run_audit,
    run_bench_command,
    run_evaluate,
    run_validate,
)
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
    from .qa.evaluate import baseline_scores
    from .release.card import CardError, CardOptions, render_card

    logging.basicConfig(level="INFO", format=LOG_FORMAT)
    try:
        default = CardOptions()
        options = CardOptions(repo_id=args.repo_id or default.repo_id, tag=args.tag or default.tag)
        path = render_card(args.out, options, baselines=baseline_scores)
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
    from .publish.push import PushError, push_release
    from .release.card import CardError

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
