"""`--version`: what the command prints about the project it runs."""

from __future__ import annotations

import argparse


def version_text() -> str:
    """What `--version` prints: the project's version, the default policy and the Python running it."""
    import platform

    import faithfulness_qa as fqa
    from fqa_build.config import DEFAULT_POLICY

    return f"faithfulness-qa {fqa.VERSION} (default policy {DEFAULT_POLICY}; Python {platform.python_version()})"


class VersionAction(argparse.Action):
    """`--version`: print `version_text()` and exit 0 (computed only when asked: it imports `datasets`)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(version_text())
        parser.exit()
