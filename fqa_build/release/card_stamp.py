"""The stamp a rendered card ends with: the sha256 of the text above it. A card edited by hand no longer matches
its stamp, so a rebuild (which replaces the card) can refuse to lose the edit; a card rendered by an older
template still matches its own stamp, so a rebuild after an update is not mistaken for one."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

_STAMP = re.compile(r"\n<!-- rendered by faithfulness-qa; sha256 of the text above: ([0-9a-f]{64}) -->\n\Z")


def stamped(text: str) -> str:
    """`text` with its stamp appended."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return f"{text}\n<!-- rendered by faithfulness-qa; sha256 of the text above: {digest} -->\n"


def card_edited(path: Path) -> bool:
    """Whether the card at `path` was changed after it was rendered (False where there is none, or it carries no
    stamp: cards rendered before stamps cannot tell)."""
    if not path.is_file():
        return False
    text = path.read_text(encoding="utf-8", errors="replace")
    found = _STAMP.search(text)
    if found is None:
        return "<!-- rendered by faithfulness-qa" in text  # a stamp damaged by the edit
    return stamped(text[: found.start()]) != text
