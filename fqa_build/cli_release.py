"""The commands of a release (`card`, `push`): each parses its arguments and calls one library function."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

from fqa_build.cli_options import Command, add_log_level_option, configure_logging

log = logging.getLogger("fqa_build")


def add_card_arguments(parser: argparse.ArgumentParser) -> None:
    # the defaults are CardOptions' (not imported here: fqa_build.release.card imports `datasets`, slow for --help)
    parser.add_argument("out", type=Path, help="a build output folder")
    parser.add_argument(
        "--repo-id", default=None, help="Hub repo the card names (default: the build's --repo-id, else a placeholder)"
    )
    parser.add_argument("--tag", default=None, help="release tag the card pins (default v<faithfulness_qa.VERSION>)")
    parser.add_argument("--force", action="store_true", help="replace a card that was edited by hand")


def run_card(args: argparse.Namespace) -> int:
    from fqa_build.checks.evaluate import baseline_scores
    from fqa_build.release.card import CardError, CardOptions, render_card

    configure_logging(args, "INFO")
    try:
        default = CardOptions()
        options = CardOptions(repo_id=args.repo_id, tag=args.tag or default.tag)
        path = render_card(args.out, options, baselines=baseline_scores, replace_edited=args.force)
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
    add_log_level_option(parser)


def run_push(args: argparse.Namespace) -> int:
    from fqa_build.publish.push import PushError, push_release
    from fqa_build.release.card import CardError

    configure_logging(args)
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


COMMANDS = (
    Command("card", "render a build's dataset card (OUT/README.md) and its plots again", add_card_arguments, run_card),
    Command(
        "push",
        "publish a build folder to the Hugging Face Hub as one commit, then tag it",
        add_push_arguments,
        run_push,
        "Publish a build folder to the Hugging Face Hub as one commit, then tag it. Token from "
        "HF_TOKEN or `hf auth login`; endpoint from HF_ENDPOINT.",
    ),
)
