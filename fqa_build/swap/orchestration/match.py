"""Answer-to-entity matching: the cascade exact -> substring -> positional overlap, over all gold answers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from fqa_build.text import contains_key, normalize_entity, word_key
from fqa_build.types import Answer, Entity, Match, Mention

STRATEGIES = ("exact", "substring", "overlap", "substring_elsewhere", "lexicon")


def _answer_key(answer: Answer) -> str:
    return (normalize_entity(answer.text, "") or answer.text.strip()).casefold()


def lexicon_mentions(
    context: str, answers: Sequence[Answer], entities: Iterable[Entity], lexicon: Mapping[str, str]
) -> list[Mention]:
    """Mentions for answers that NER left untagged here but tagged elsewhere in the corpus.

    `lexicon` maps a case-folded surface form to its majority label. Only answers that no NER entity of any
    label overlaps qualify: where NER saw something else there, it is not overruled.
    """
    spans = [(s, e) for s, e, _ in entities]
    out: list[Mention] = []
    for answer in answers:
        start, end = answer.start, answer.start + len(answer.text)
        if any(s < end and start < e for s, e in spans):
            continue
        key = _answer_key(answer)
        label = lexicon.get(key)
        if label is None:
            continue
        offset = context.casefold().find(key, start, end)
        if offset < 0:
            continue
        surface = context[offset : offset + len(key)]
        mention = Mention(offset, offset + len(key), label, surface, offset, offset + len(key))
        if normalize_entity(surface, label) == surface and mention not in out:
            out.append(mention)
    return out


def ranked_matches(
    mentions: Sequence[Mention], answers: Sequence[Answer], lexicon_hits: Sequence[Mention] = ()
) -> list[Match]:
    """Every (mention, answer) match, best first: all exact matches (over every gold answer) before any
    substring match, those before any positional overlap, and last the answers found only in the corpus
    lexicon (`lexicon_hits`); one entry per mention.

    exact: the mention's surface equals the answer (after normalisation), one at the answer's position
    first; substring: one contains the other and they overlap; overlap: the spans overlap;
    substring_elsewhere: one contains the other as whole words, the mention elsewhere in the context.
    """
    ranked: list[tuple[tuple[int, ...], Match]] = []
    lexicon_level = STRATEGIES.index("lexicon")
    for mention in lexicon_hits:
        answer = next(a for a in answers if a.start <= mention.start < a.start + len(a.text))
        ranked.append(((lexicon_level, 0, 0, 0, mention.start), Match(mention, answer, "lexicon")))
    surfaces = [mention.surface.casefold() for mention in mentions]
    mention_words: dict[int, tuple[str, ...]] = {}
    for a_index, answer in enumerate(answers):
        key = _answer_key(answer)
        answer_words = word_key(key)
        answer_word_set = set(answer_words)
        a_start, a_end = answer.start, answer.start + len(answer.text)
        for m_index, mention in enumerate(mentions):
            overlap = min(mention.end, a_end) - max(mention.start, a_start)
            surface = surfaces[m_index]
            # only the best strategy a pair meets can survive the one-entry-per-mention pass below
            if surface == key:
                strategy = "exact"
            elif overlap > 0:
                strategy = "substring" if (surface in key or key in surface) else "overlap"
            else:
                # the answer names the entity with more words ("Stanford Stadium" for "Stanford"), or is the
                # surname of a person named in full elsewhere ("Manning" for "Peyton Manning"); no mention
                # sits at the answer itself
                words = mention_words.get(m_index)
                if words is None:
                    words = mention_words[m_index] = word_key(surface)
                if not words or words[-1] not in answer_word_set:
                    continue  # both alternatives below need the mention's last word among the answer's
                if not (
                    contains_key(answer_words, words)
                    or (mention.label == "PERSON" and answer_words == words[-len(answer_words) :])
                ):
                    continue
                strategy = "substring_elsewhere"
            rank = (STRATEGIES.index(strategy), -(overlap > 0), a_index, -overlap, mention.start)
            ranked.append((rank, Match(mention, answer, strategy)))
    ranked.sort(key=lambda item: item[0])
    seen: set[tuple[int, int]] = set()
    out: list[Match] = []
    for _, match in ranked:
        span = (match.mention.start, match.mention.end)
        if span not in seen:
            seen.add(span)
            out.append(match)
    return out


def match_answer(mentions: Sequence[Mention], answers: Sequence[Answer]) -> Match | None:
    """The best match of `ranked_matches`, or None."""
    matches = ranked_matches(mentions, answers)
    return matches[0] if matches else None
