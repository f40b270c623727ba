"""Derive fqa_build/lexicons/eponym_surnames.txt: the capitalised words of an English word list from which the list
derives a word ("Marx": "Marxism", "Darwin": "Darwinian", "Newton": "Newtonian").

Why: a surname that has given English a word is one famous man's; a composed surname must call nobody to mind.

Run: `python tools/eponym_surnames.py PATH` with PATH the word list of Debian's wamerican package
(/usr/share/dict/american-english; the build reads only the lexicon).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "fqa_build" / "lexicons" / "eponym_surnames.txt"
_SUFFIXES = ("ism", "isms", "ist", "ists", "ian", "ians", "ean", "eans", "esque", "ite", "ites", "ic", "an", "ans")
_CAPITALISED = re.compile(r"[A-Z][a-z]+")


def eponyms(words: set[str]) -> list[str]:
    """The capitalised words of `words` that a word of `words` derives from (sorted)."""
    found = []
    for word in sorted(w for w in words if _CAPITALISED.fullmatch(w)):
        stems = [word] + ([word[:-1]] if word[-1] in "eyo" else [])
        if any(stem + suffix in words for stem in stems for suffix in _SUFFIXES):
            found.append(word)
    return found


def main() -> None:
    """Write the lexicon."""
    path = Path(sys.argv[1])
    words = set(path.read_text(encoding="utf-8", errors="ignore").split())
    lines = [
        "# A capitalised word an English word is derived from (a famous man's surname, a place, a faith): no composed",
        "# surname (swap/components/composed_persons/make.py). Derived by tools/eponym_surnames.py.",
        "# Source: Debian wamerican 2020.12.07-2 (SCOWL lists, Copyright 2000-2011 Kevin Atkinson; permissive: use,",
        "# and redistribute), /usr/share/dict/american-english.",
    ]
    OUT.write_text("\n".join(lines + eponyms(words)) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
