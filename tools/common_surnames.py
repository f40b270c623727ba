"""Derive fqa_build/lexicons/common_surnames.tsv: the common surnames of Faker's person providers, each with the
locales that list it (surname<TAB>locales, comma separated).

Why: a composed surname drawn from the corpus's persons is often one famous man's ("Warhol", "Lebesgue"), which a
reader places at once; a surname that a country's name lists count among its common ones belongs to no one
person. The locales tell its culture ("Lagat" is a Kenyan one, no surname of a Scottish geologist).

Run: pip install faker==37.12.0 into any environment, then `python tools/common_surnames.py` (the build reads
only the lexicon, never Faker).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from importlib import metadata
from pathlib import Path

#: a surname usable alone: a capitalised word of letters (as swap/components/composed_persons/make.py's _NAME_WORD)
_NAME_WORD = re.compile(r"^[A-Z][a-z]+(?:[-'’][A-Z]?[a-z]+)?$")
OUT = Path(__file__).resolve().parent.parent / "fqa_build" / "lexicons" / "common_surnames.tsv"


def main() -> None:
    """Write the lexicon."""
    import faker.providers.person as person

    locales: dict[str, set[str]] = {}
    for module in sorted(pkgutil.iter_modules(person.__path__), key=lambda m: m.name):
        provider = getattr(importlib.import_module(f"faker.providers.person.{module.name}"), "Provider", None)
        names = getattr(provider, "last_names", None)
        if names is None:
            continue
        for name in names:
            if _NAME_WORD.match(name):
                locales.setdefault(name, set()).add(module.name)
    version = metadata.version("faker")
    lines = [
        "# A surname a country's name lists count among its common ones, and the Faker locales that list it:",
        "# surname<TAB>locales (comma separated). Derived by tools/common_surnames.py.",
        f"# Source: Faker {version} (MIT licence), faker/providers/person/*/__init__.py, Provider.last_names.",
    ]
    lines += [f"{name}\t{','.join(sorted(locales[name]))}" for name in sorted(locales)]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
