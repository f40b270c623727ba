"""What the commands share: a `Command` (name, help, arguments, run), the argparse types of whole numbers and
policy names, and the options several commands take (the policy, NER's processes and batches, the log level),
each written once."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass

from fqa_build.config import SubstitutionConfig


@dataclass(frozen=True)
class Command:
    """One command of `python -m fqa_build`: a new command is one more `Command` in its module's `COMMANDS`."""

    name: str
    help: str  # one line, shown by `python -m fqa_build --help`
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    description: str = ""  # shown by `python -m fqa_build NAME --help` (default: the help)


LOG_LEVELS = ["DEBUG", "INFO", "WARNING", "ERROR"]


def int_at_least(minimum: int):
    """An argparse type: a whole number of at least `minimum`; anything else ends in argparse's one-line error
    naming the option (exit 2), never a traceback from deep inside ("--batch-size 0": range() step zero)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {value}")
        return value

    parse.__name__ = f"int>={minimum}"
    return parse


def policy_name(text: str) -> str:
    """An argparse type: a kept policy's name or a policy file's path; a retired or unknown one, or a file that is
    not a policy, ends in one line saying so (exit 2)."""
    from fqa_build.swap.policies.registry import get_policy

    try:
        get_policy(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


policy_name.__name__ = "policy"

POSITIVE = int_at_least(1)
NON_NEGATIVE = int_at_least(0)

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class CommandFormatter(logging.Formatter):
    """Log lines with their time and level, but a command's own error (logger `build`, level ERROR) in the one
    style every refusal takes, a usage error's too: `python -m fqa_build COMMAND: error: MESSAGE`."""

    def __init__(self, prog: str) -> None:
        super().__init__(LOG_FORMAT)
        self.prog = prog

    def format(self, record: logging.LogRecord) -> str:
        if record.levelno >= logging.ERROR and record.name == "fqa_build":
            return f"{self.prog}: error: {record.getMessage()}"
        return super().format(record)


def configure_logging(args: argparse.Namespace, level: str | None = None) -> None:
    """Log to stderr at `level` (default the command's --log-level, else INFO) through `CommandFormatter`."""
    handler = logging.StreamHandler()
    handler.setFormatter(CommandFormatter(args.parser.prog))
    logging.basicConfig(level=level or getattr(args, "log_level", "INFO"), handlers=[handler])


def refuse(args: argparse.Namespace, message: str) -> int:
    """Say why a command cannot go on, in the one style of every refusal, and return its exit code, 2."""
    print(f"{args.parser.prog}: error: {message}", file=sys.stderr)
    return 2


def available_cores() -> int:
    """Cores this process may run on (measured: one NER process per core is fastest; see docs/speed.md)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


def add_policy_option(parser: argparse.ArgumentParser, what: str) -> None:
    """`--policy`: a kept policy's name or a policy file (JSON, `python -m fqa_build policy NAME` writes one), the
    default's by default; `what` says what it decides here."""
    from fqa_build.swap.policies.registry import POLICIES

    parser.add_argument(
        "--policy",
        default=SubstitutionConfig.policy,
        type=policy_name,
        metavar="{" + ",".join(sorted(POLICIES)) + "} or FILE",
        help=f"{what}: a kept policy or a policy file (default {SubstitutionConfig.policy}; see docs/policies.md)",
    )


def add_ner_options(parser: argparse.ArgumentParser, workers: int, workers_help: str, batch_size: int) -> None:
    """`--workers`, `--spacy-model` and `--batch-size`: how NER runs."""
    parser.add_argument("--workers", type=POSITIVE, default=workers, help=workers_help)
    parser.add_argument(
        "--spacy-model", default=None, help="spaCy pipeline (default: en_core_web_lg, else the best installed)"
    )
    parser.add_argument(
        "--batch-size", type=POSITIVE, default=batch_size, help=f"texts per NER batch (default {batch_size})"
    )


def add_log_level_option(parser: argparse.ArgumentParser) -> None:
    """`--log-level`: what the log shows."""
    parser.add_argument("--log-level", default="INFO", choices=LOG_LEVELS, help="what the log shows (default INFO)")
