"""Rewriting a context: every whole-word mention of the original entity becomes the replacement.

Only whole words are rewritten ("Paris" never inside "Parisians"); a possessive stays as written
("Obama's" -> "Tom Hanks's"); short mentions of a person (the surname alone) get the matching part of the new
name; where mentions overlap the longest wins; a replacement at the start of a capitalised mention is
capitalised.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from types import SimpleNamespace

from nameparser import HumanName

from fqa_build.gazetteers.persons import plain_name
from fqa_build.text import find_whole_word


@dataclass(frozen=True)
class Rewrite:
    """The rewritten text, with each rewritten region in old and new offsets (same order). Regions are the
    entity's mentions and, where the indefinite article before one had to change ("a Eastern" -> "an
    Eastern"), that article; `mentions` counts the former."""

    text: str
    old_spans: tuple[tuple[int, int], ...]
    new_spans: tuple[tuple[int, int], ...]
    mentions: int = 0
    articles: frozenset[int] = frozenset()  # indices of the spans that are changed articles
    dependents: frozenset[int] = frozenset()  # indices of the spans of other words the swap rewrote (a total)
    kept: int = 0  # the mentions of the original left as written (`only` excluded them: they count other things)

    @property
    def mention_old_spans(self) -> tuple[tuple[int, int], ...]:
        """The old spans of the entity's mentions (without changed articles and rewritten dependents)."""
        return tuple(
            span for i, span in enumerate(self.old_spans) if i not in self.articles and i not in self.dependents
        )

    def map_region(self, old_start: int, old_end: int) -> tuple[int, int] | None:
        """New offsets of the old region [old_start, old_end), or None when a rewritten span crosses its edge."""
        shift_start = shift_end = 0
        for (o_start, o_end), (n_start, n_end) in zip(self.old_spans, self.new_spans, strict=True):
            if o_start < old_start < o_end or o_start < old_end < o_end:
                return None
            delta = (n_end - n_start) - (o_end - o_start)
            if o_end <= old_start:
                shift_start += delta
            if o_end <= old_end:
                shift_end += delta
        return old_start + shift_start, old_end + shift_end

    def new_span_of(self, old_start: int) -> tuple[int, int] | None:
        """The new span of the rewritten region that started at `old_start` in the original text."""
        for (start, _), new in zip(self.old_spans, self.new_spans, strict=True):
            if start == old_start:
                return new
        return None


def name_parts(name: str) -> dict[str, str]:
    """The parts of a multi-word person name that text also uses alone: surname (and its last word when the
    surname has several, as "van Beethoven") and first name. A single-word name has none."""
    return dict(_name_parts(name))


@functools.lru_cache(maxsize=200_000)
def _name_parts(name: str) -> tuple[tuple[str, str], ...]:
    if len(name.split()) < 2:
        return ()
    if plain_name(name):
        words = name.split()
        parsed = SimpleNamespace(first=words[0], last=words[-1])
    else:
        parsed = HumanName(name)
    parts: dict[str, str] = {}
    if parsed.last:
        parts["last"] = parsed.last
        parts["last_tail"] = parsed.last.split()[-1]
    if parsed.first and len(parsed.first.rstrip(".")) > 1:
        parts["first"] = parsed.first
    return tuple((role, text) for role, text in parts.items() if text.casefold() != name.casefold())


def person_short_forms(original: str, replacement: str) -> list[tuple[str, str]]:
    """(old, new) pairs for short mentions of a multi-word person name, by role.

    "Barack Obama" -> "Tom Hanks" gives [("Obama", "Hanks"), ("Barack", "Tom")].
    """
    old, new = name_parts(original), name_parts(replacement)
    pairs: list[tuple[str, str]] = []
    for role, old_text in old.items():
        new_text = new.get(role)
        if role == "last_tail" and old_text == old.get("last"):
            continue
        if new_text and old_text.casefold() != new_text.casefold() and (old_text, new_text) not in pairs:
            pairs.append((old_text, new_text))
    return pairs


def _fit_case(found: str, replacement: str) -> str:
    if found[:1].isupper() and replacement[:1].islower():
        return replacement[:1].upper() + replacement[1:]
    return replacement


_ARTICLE_END = re.compile(r"(?<!\w)([aA])(n?)(\s+)$")
_VOWEL_SOUND = re.compile(
    r"^(?:[aeiouAEIOU](?!ni|nu|sa|se|si|so|su)|(?:[FHLMNRSX])(?=[A-Z.\s]|$)|8|11\b|18\b|hour|honest|honou?r)"
)
_CONSONANT_SOUND = re.compile(r"^(?:[Uu]ni|[Uu]s[aeiou]|[Ee]u|[Oo]ne\b|[Oo]nce\b)")


def indefinite_article(word: str) -> str:
    """ "an" before a vowel sound ("an Eastern", "an FBI agent", "an 18-year"), else "a" ("a university")."""
    if _CONSONANT_SOUND.match(word):
        return "a"
    return "an" if _VOWEL_SOUND.match(word) else "a"


def rewrite_context(
    context: str,
    original: str,
    replacement: str,
    short_forms: Sequence[tuple[str, str]] = (),
    dependents: Sequence[tuple[int, int, str]] = (),
    only: Sequence[tuple[int, int]] | None = None,
) -> Rewrite:
    """Replace every whole-word, case-insensitive occurrence of `original` (and, case-sensitively, each
    short form) in `context`, and each dependent span (start, end, new text: a total the swap moves) as given;
    where `only` is given, just those occurrences of `original` (a count's mentions that count what the answer
    counts). Overlapping occurrences resolve leftmost-longest."""
    found = list(find_whole_word(context, original))
    candidates: list[tuple[int, int, str]] = [(s, e, replacement) for s, e in found if only is None or (s, e) in only]
    kept = len(found) - len(candidates)
    for old, new in short_forms:
        candidates.extend((s, e, new) for s, e in find_whole_word(context, old, ignore_case=False))
    candidates.extend(dependents)
    dependent_starts = {start for start, _, _ in dependents}
    candidates.sort(key=lambda c: (c[0], -(c[1] - c[0])))
    pieces: list[str] = []
    old_spans: list[tuple[int, int]] = []
    new_spans: list[tuple[int, int]] = []
    cursor = 0
    length = 0
    mentions = 0
    articles: set[int] = set()
    rewritten: set[int] = set()
    for start, end, new in candidates:
        if start < cursor:
            continue  # overlaps a longer mention already rewritten
        text = _fit_case(context[start:end], new)
        between = context[cursor:start]
        article = _ARTICLE_END.search(between)
        if article:
            wanted = indefinite_article(text)
            written = article.group(1) + article.group(2)
            if written.casefold() != wanted:
                fixed = article.group(1) + wanted[1:]  # keep the capital of "A"/"An"
                a_start = cursor + article.start()
                articles.add(len(old_spans))
                pieces.append(context[cursor:a_start])
                length += a_start - cursor
                old_spans.append((a_start, a_start + len(written)))
                new_spans.append((length, length + len(fixed)))
                pieces.append(fixed)
                length += len(fixed)
                cursor = a_start + len(written)
        pieces.append(context[cursor:start])
        length += start - cursor
        if start in dependent_starts:
            rewritten.add(len(old_spans))
        else:
            mentions += 1
        old_spans.append((start, end))
        new_spans.append((length, length + len(text)))
        pieces.append(text)
        length += len(text)
        cursor = end
    pieces.append(context[cursor:])
    return Rewrite(
        "".join(pieces), tuple(old_spans), tuple(new_spans), mentions, frozenset(articles), frozenset(rewritten), kept
    )
