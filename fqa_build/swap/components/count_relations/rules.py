"""The rule that a swapped count keeps what its sentence states about it (facts/relations.py): the sums it
is a part of are rewritten with it, the orders it stands in are kept by the draw (`count_keeps_order`), and what no
rewrite of one number keeps (it is a total of given parts, a share, a product, a multiple) drops the swap."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from fqa_build.facts.count_lists import passage_tie
from fqa_build.facts.numbers import counted_nouns
from fqa_build.facts.relations import count_relations, keeps_order, total_edits, within_capacities
from fqa_build.reasons import Reason
from fqa_build.sentences import sentences_around
from fqa_build.swap.components import CountRelations
from fqa_build.swap.hooks import Hook, Rewritten, hook, narrowed
from fqa_build.swap.rule import Stage, rule
from fqa_build.text import find_whole_word, value_of

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


@functools.lru_cache(maxsize=20_000)
def own_mentions(context: str, original: str, start: int) -> tuple[tuple[int, int], ...] | None:
    """Where a count's mentions count different things ("four Pro Bowl selections" in one sentence, "four-cylinder
    engines" in another), the mentions that count what the mention at `start` counts; None where every mention
    counts the same, or they cannot be told apart: a mention with no noun after it ("the four were"), nouns that
    share a word ("12 colleges", "12 constituent colleges"), or two kinds in one sentence ("four championships in
    his four years": the sentence reads them together) unless the other is a hyphened compound ("four-cylinder
    engines and room for four passengers")."""
    spans = list(find_whole_word(context, original))
    if len(spans) < 2 or not any(s == start for s, _ in spans):
        return None
    nouns = {span: counted_nouns(context, span[1]) for span in spans}
    mine = next(nouns[span] for span in spans if span[0] == start)
    own = [span for span in spans if nouns[span] == mine]
    others = [span for span in spans if nouns[span] != mine]
    if not others or not mine or any(not nouns[span] or nouns[span] & mine for span in others):
        return None
    sentences = {sentences_around(context, *span) for span in own}
    for span in others:
        if re.match(r"-[A-Za-z]", context[span[1] : span[1] + 2]):
            continue  # a compound that names a kind ("four-cylinder engines") is read with no count beside it
        lo, hi = sentences_around(context, *span)
        if any(a < hi and lo < b for a, b in sentences):
            return None
    return tuple(own)


def own_spans(swap: Swap) -> tuple[tuple[int, int], ...] | None:
    """Under `counts_rewrite_own_mentions`, the mentions of a count the swap rewrites where its mentions count
    different things (`own_mentions`); None where every mention is rewritten."""
    if swap.label != "CARDINAL" or not swap.policy.uses(CountRelations, "rewrite_own_mentions"):
        return None
    return own_mentions(swap.context, swap.original, swap.mention.start)


def count_dependents(swap: Swap) -> tuple[tuple[int, int, str], ...]:
    """The totals a swapped count is a part of, rewritten with it ((start, end, new text) in the original
    context); none where it is no count, has none or one cannot be written (the rule then drops the swap)."""
    if swap.label != "CARDINAL":
        return ()
    old, new = value_of(swap.original), value_of(swap.replacement)
    relations = count_relations(swap.context, swap.original, swap.record.question, own_spans(swap))
    if old is None or new is None or relations.problem or not (relations.totals or relations.conversions):
        return ()
    return total_edits(swap.context, relations, old, new) or ()


@rule(
    Stage.REWRITE,
    Reason.COUNT_RELATION_BROKEN,
    # a count a list or a range already ties is counted under that tie
    after=("number_context_free", "count_fits_its_list", "part_of_a_whole_in_words"),
)
def counts_keep_relations(swap: Swap) -> Reason | None:
    """A count is swapped only where every relation its sentences state with other numbers still holds: it is
    no total of parts the sentence gives ("5,792 ..., 3,468 ... and 8,260 in all" for the total), no share of a
    number by a percentage given, no product, ratio or multiple of numbers given; a total it is a part of is
    rewritten with it (and is not named by the question); its new value stays on the same side of every other
    number of its sentence."""
    if swap.label != "CARDINAL":
        return None
    relations = count_relations(swap.context, swap.original, swap.record.question, own_spans(swap))
    if relations.problem:
        return Reason.COUNT_RELATION_BROKEN
    old, new = value_of(swap.original), value_of(swap.replacement)
    if old is None or new is None:
        return None
    if not keeps_order(old, new, relations.bounds) or not within_capacities(new, relations.capacities):
        return Reason.COUNT_RELATION_BROKEN
    if len(swap.rewrite.dependents) != len(relations.totals) + len(relations.conversions):
        return Reason.COUNT_RELATION_BROKEN
    return None


@rule(Stage.REWRITE, Reason.COUNT_TIED_IN_PASSAGE, after="counts_keep_relations")
def count_free_in_passage(swap: Swap) -> Reason | None:
    """A count is swapped only where nothing else of its passage is read with it (`count_lists.passage_tie`): no
    other number counts the same thing or has its unit, no percentage shares its sentence, no parts of its
    sentence add up to about it, the passage neither numbers the counted things ("first stage") nor names as
    many in its sentence, and no smaller number stands bare as one of its parts ("Seven were introduced")."""
    if swap.label != "CARDINAL" or not swap.policy.uses(CountRelations, "whole_passage"):
        return None
    summed = bool(count_relations(swap.context, swap.original, swap.record.question, own_spans(swap)).totals)
    policy = swap.policy
    tie = passage_tie(
        swap.context,
        swap.original,
        summed,
        own_spans(swap),
        policy.uses(CountRelations, "parts_name_their_noun"),
        policy.uses(CountRelations, "clause_lists"),
        policy.uses(CountRelations, "units_by_two_words"),
    )
    return Reason.COUNT_TIED_IN_PASSAGE if tie else None


@hook(Hook.REWRITE, CountRelations)
def rewrite_with_totals(swap: Swap, rewritten: Rewritten) -> Rewritten:
    """A count's totals are rewritten with it (`count_dependents`), and only its own mentions where others count
    other things (`own_spans`)."""
    dependents, only = rewritten
    return (*dependents, *count_dependents(swap)), narrowed(only, own_spans(swap))
