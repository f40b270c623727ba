"""Command line: `python -m fqa_build COMMAND ...`, a thin layer over the library (each command parses its
arguments and calls one library function). With no command the arguments are those of `build`:
`python -m fqa_build --out OUT` is `python -m fqa_build build --out OUT`.

A command is one `Command` (fqa_build/cli_options.py): its name, a one-line help, a function adding its arguments
to its subparser and a function running it on the parsed arguments (returning the exit code). Each module of
commands (`cli_build`, `cli_release`, `cli_checks`) lists its own; a new command is one more entry there.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Sequence
from typing import NoReturn

from fqa_build.cli_build import COMMANDS as BUILD_COMMANDS
from fqa_build.cli_checks import COMMANDS as QA_COMMANDS
from fqa_build.cli_options import Command
from fqa_build.cli_release import COMMANDS as RELEASE_COMMANDS
from fqa_build.version import VersionAction

#: every command, in the order `--help` lists them: each module of commands holds its own entries
COMMANDS: tuple[Command, ...] = BUILD_COMMANDS + RELEASE_COMMANDS + QA_COMMANDS
DEFAULT_COMMAND = "build"


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage error is one line, naming what is wrong and where the help is (argparse's
    own prints the whole usage first, twenty lines for `build`)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser(prog: str = "python -m fqa_build") -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=prog,
        description="The offline build of the Faithfulness-QA dataset and its release.",
        epilog=f"With no command, the arguments are those of `{DEFAULT_COMMAND}` (python -m fqa_build --out OUT). "
        "Each command has --help.",
    )
    parser.add_argument("-V", "--version", action=VersionAction, help="print the version and exit")
    commands = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND", required=True)
    for command in COMMANDS:
        sub = commands.add_parser(command.name, help=command.help, description=command.description or command.help)
        command.add_arguments(sub)
        sub.set_defaults(run=command.run, parser=sub)
    return parser


def parse_args(argv: Sequence[str], prog: str = "python -m fqa_build") -> argparse.Namespace:
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


def main(argv: Sequence[str] | None = None, prog: str = "python -m fqa_build") -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv, prog)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
