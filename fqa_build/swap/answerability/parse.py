"""The dependency parse the reader reads roles from: each token's lemma, part of speech, head and relation, from
the same spaCy pipeline NER uses, without its NER (loaded once per process, on first use)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Parse:
    """A text's tokens: character spans, words and lemmas (casefolded), coarse parts of speech, fine tags, heads
    (token indices; a root is its own head) and dependency relations."""

    starts: tuple[int, ...]
    ends: tuple[int, ...]
    words: tuple[str, ...]
    lemmas: tuple[str, ...]
    pos: tuple[str, ...]
    tags: tuple[str, ...]
    heads: tuple[int, ...]
    deps: tuple[str, ...]

    def token_at(self, start: int, end: int) -> int | None:
        """The syntactic head of the tokens inside [start, end): the one whose head lies outside them."""
        inside = [i for i, (s, e) in enumerate(zip(self.starts, self.ends, strict=True)) if s >= start and e <= end]
        if not inside:
            inside = [i for i, (s, e) in enumerate(zip(self.starts, self.ends, strict=True)) if s < end and start < e]
        for i in inside:
            if self.heads[i] == i or self.heads[i] not in inside:
                return i
        return inside[0] if inside else None

    def as_lists(self) -> list[list]:
        """Its fields as lists, in order (what the parse cache stores)."""
        return [list(getattr(self, f.name)) for f in fields(self)]

    @classmethod
    def from_lists(cls, lists: list[list]) -> Parse:
        """The parse `as_lists` gave (ValueError where the lists are not one per field, of one length)."""
        if len(lists) != len(fields(cls)) or len({len(values) for values in lists}) > 1:
            raise ValueError("not a parse")
        return cls(*(tuple(values) for values in lists))

    def path_to_root(self, token: int) -> list[int]:
        """The token and its ancestors, up to the root of its sentence."""
        path = [token]
        while self.heads[path[-1]] != path[-1] and len(path) < 200:
            path.append(self.heads[path[-1]])
        return path


def tree_distance(parse: Parse, a: int, b: int) -> int | None:
    """Edges between tokens a and b in the dependency tree (None in different sentences)."""
    up_a = parse.path_to_root(a)
    depth_a = {t: d for d, t in enumerate(up_a)}
    for d_b, t in enumerate(parse.path_to_root(b)):
        if t in depth_a:
            return depth_a[t] + d_b
    return None


@functools.cache
def _parser(model: str):
    import spacy

    return spacy.load(model, exclude=["ner"])


def parse_of(doc) -> Parse:
    """The Parse of a spaCy `Doc` that went through a tagger, lemmatizer and parser."""
    return Parse(
        tuple(t.idx for t in doc),
        tuple(t.idx + len(t.text) for t in doc),
        tuple(t.text.casefold() for t in doc),
        tuple(t.lemma_.casefold() for t in doc),
        tuple(t.pos_ for t in doc),
        tuple(t.tag_ for t in doc),
        tuple(t.head.i for t in doc),
        tuple(t.dep_ for t in doc),
    )


def parse_texts(texts: Sequence[str], model: str, workers: int = 1) -> list[Parse]:
    """The parses of `texts` with the spaCy pipeline `model` (its NER left out), in `workers` processes."""
    return [parse_of(doc) for doc in _parser(model).pipe(texts, batch_size=32, n_process=workers)]


def parse_alone(text: str, model: str) -> Parse:
    """The parse of `text` by itself with the spaCy pipeline `model` (its NER left out): what the reader reads,
    the same whatever else is parsed, and kept in the parse cache (parse_cache.py)."""
    from fqa_build.swap.answerability.parse_cache import cached, pipeline_key

    return cached(
        pipeline_key(model, with_ner=False),
        text,
        lambda t: parse_of(_parser(model)(t)),
        Parse.as_lists,
        Parse.from_lists,
    )


#: relations whose token takes the role of its head (a name in apposition, compounded or coordinated)
_INHERIT = frozenset({"compound", "appos", "conj", "flat", "nmod", "poss"})
_SUBJECT = frozenset({"nsubj", "csubj", "expl"})
_OBJECT = frozenset({"dobj", "nsubjpass", "attr", "oprd", "dative", "acomp"})
_WH_TAGS = frozenset({"WP", "WDT", "WRB", "WP$"})


def role(parse: Parse, token: int) -> tuple[str, int]:
    """The token's role in its clause and the clause's predicate: ("subject" | "object" | "by:"/"in:"/... a
    preposition | "other", the predicate's token). The agent of a passive is its subject ("sung by X"); a name in
    apposition, compound or coordination has its head's role."""
    seen = 0
    while parse.deps[token] in _INHERIT and parse.heads[token] != token and seen < 20:
        token, seen = parse.heads[token], seen + 1
    dep, head = parse.deps[token], parse.heads[token]
    if dep in _SUBJECT:
        return "subject", head
    if dep in _OBJECT:
        return "object", head
    if dep == "pobj":
        prep = head
        verb = parse.heads[prep]
        if parse.deps[prep] == "agent":
            return "subject", verb
        return f"{parse.lemmas[prep]}:", verb
    return "other", head


def wh_role(parse: Parse) -> tuple[str, int] | None:
    """The role of the question's wh-phrase ("who" the subject of "sings"; "which team" the object of "beat"), or
    None where the question has no wh-word."""
    for i, tag in enumerate(parse.tags):
        if tag in _WH_TAGS:
            token = parse.heads[i] if parse.deps[i] == "det" and parse.heads[i] != i else i
            return role(parse, token)
    return None


def predicate(parse: Parse, token: int) -> int:
    """The verb governing the token (its nearest verb ancestor; the sentence root if none)."""
    for ancestor in parse.path_to_root(token)[1:]:
        if parse.pos[ancestor] in ("VERB", "AUX"):
            return ancestor
    return parse.path_to_root(token)[-1]
