"""Rules on a made work of art or law (build/swap/compose_works.py): one is made only where a reader would not
see it as false: the name has a form a made one can keep, the corpus does not know it well, no number makes it
one of a series, none of its words is used elsewhere in the text or in the question, and no famous person (an
author, a character, a subject) is named beside it. They run at stage `MADE`, before the replacement is made."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...reasons import Reason
from ...sentences import sentence_spans
from ...text import find_whole_word
from ..compose_works import composes_work, content_words, work_form
from .compose_names import FAMOUS_CONTEXTS
from .registry import Stage, rule

if TYPE_CHECKING:
    from ..state import Swap

#: what makes a work one of a numbered series: a number, a Roman numeral, an ordinal or a part word
_NUMBERED = re.compile(
    r"(?:\d|\b(?:[IVX]{1,4}|[IVX]+\.|part|volume|vol|chapter|episode|book|no|season|series|sequel|first|second|"
    r"third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|one|two|three|four|five|six|seven|eight|nine|ten)\b)",
    re.IGNORECASE,
)
#: nouns that say a title is a work of art ("the single", "his novel", "a painting")
_WORK_NOUN = re.compile(
    r"\b(?:albums?|singles?|songs?|tracks?|hymns?|anthems?|ballads?|films?|movies?|documentar(?:y|ies)|novels?|"
    r"novellas?|books?|stor(?:y|ies)|poems?|plays?|operas?|operettas?|musicals?|symphon(?:y|ies)|concertos?|"
    r"sonatas?|paintings?|portraits?|sculptures?|murals?|frescoe?s?|series|shows?|programmes?|programs?|sitcoms?|"
    r"dramas?|comed(?:y|ies)|gameshows?|serials?|miniseries|telenovelas?|episodes?|cartoons?|comics?|soundtracks?|EPs?|mixtapes?|videos?|works?|pieces?|compositions?|"
    r"titled|entitled|premiered|recorded|released|published|painted|composed)\b",
    re.IGNORECASE,
)
#: how far before a mention (in its sentence) or after it a work noun is read
_NOUN_BEFORE, _NOUN_AFTER = 80, 40
#: after a mention: a number or a subtitle that makes it one of a series ("Toy Story 2", "Rocky: Balboa")
_SERIES_AFTER = re.compile(r"[^\S\n]*(?:\d|[IVX]{1,4}\b|:|Part\b|Returns\b|Reloaded\b)")


@rule(Stage.MADE, Reason.KIND_NOT_SWAPPED)
def work_has_made_form(swap: Swap) -> Reason | None:
    """A made law keeps its head ("the X Act of 1970", "Treaty of X"), a made title its shape (at most six plain
    words): a law with neither ("Magna Carta", "Fourteenth Amendment") or a title with a possessive, a digit or
    a symbol ("Schindler's List", "Apollo 13") is not made."""
    return Reason.KIND_NOT_SWAPPED if composes_work(swap) and work_form(swap) is None else None


@rule(Stage.MADE, Reason.LANDMARK_NAMED)
def work_not_famous(swap: Swap) -> Reason | None:
    """The corpus names the work or law in at most three paragraphs ("Hamlet", "Treaty of Versailles": a reader
    knows its author, its year, its story)."""
    if composes_work(swap):
        known = swap.bank.entry_of(swap.original)
        if known is not None and known.num_contexts > FAMOUS_CONTEXTS:
            return Reason.LANDMARK_NAMED
    return None


@rule(Stage.MADE, Reason.WORK_IN_A_SERIES)
def work_not_numbered(swap: Swap) -> Reason | None:
    """The work is no numbered one of a series: its title holds no number, Roman numeral, ordinal or part word
    ("Part II", "Book One"), and no mention of it is followed by one ("Toy Story 2": a sequel would keep the
    old title's words)."""
    if not composes_work(swap) or swap.label != "WORK_OF_ART":
        return None
    if _NUMBERED.search(swap.original):
        return Reason.WORK_IN_A_SERIES
    if any(_SERIES_AFTER.match(swap.context, end) for _, end in swap.mention_spans):
        return Reason.WORK_IN_A_SERIES
    return None


def _inside_mention(swap: Swap, start: int, end: int) -> bool:
    """Inside a mention written as the original is (the rewrite's case-blind spans would take "a raven" for a
    mention of "The Raven")."""
    return any(s <= start and end <= e for s, e in find_whole_word(swap.context, swap.original, ignore_case=False))


def _reused(swap: Swap, text: str, words: list[str], outside: bool) -> bool:
    """A word of `words` (or its plural) is used in `text` (outside the mentions where `outside`); a title's
    words in any case, a law's capitalised (its "Clean Air" may stand as "clean air" in what it regulates)."""
    any_case = swap.label == "WORK_OF_ART"
    for word in words:
        if len(word) < 3:
            continue
        for form in (word, word + "s"):
            for start, end in find_whole_word(text, form, ignore_case=any_case):
                if not (outside and _inside_mention(swap, start, end)):
                    return True
    return False


@rule(Stage.MADE, Reason.TITLE_WORD_LEFT)
def title_words_not_reused(swap: Swap) -> Reason | None:
    """No word the made replacement replaces is used elsewhere in the text ("Hamlet" the play beside Prince
    Hamlet, "The Raven" beside "the raven speaks", "Toy Story" beside "Toy Story 2"): the word left would tie the
    new name to the old one's character, subject or sequel."""
    form = work_form(swap)
    if form is None:
        return None
    return Reason.TITLE_WORD_LEFT if _reused(swap, swap.context, content_words(form), outside=True) else None


@rule(Stage.MADE, Reason.ORIGINAL_IN_QUESTION)
def question_names_no_title_word(swap: Swap) -> Reason | None:
    """The question uses no word the made replacement replaces ("What did the Clean Air Act regulate?" with
    "Clean Air" named, "which song about the rain"): it would name the old work."""
    form = work_form(swap)
    if form is None:
        return None
    return Reason.ORIGINAL_IN_QUESTION if _reused(swap, swap.record.question, content_words(form), False) else None


@rule(Stage.MADE, Reason.WORK_TIED_TO_PERSON)
def work_not_tied_to_famous_person(swap: Swap) -> Reason | None:
    """No famous person is named in a sentence that names the work of art: its author, a character or its
    subject, where the corpus names the person in more than three paragraphs or the person is the article's
    subject ("Beyoncé released ...", "Shakespeare's ..."): a reader knows the person's works."""
    if not composes_work(swap) or swap.label != "WORK_OF_ART":
        return None
    sentences = [(s, e) for s, e in sentence_spans(swap.context) if any(s <= m < e for m, _ in swap.mention_spans)]
    title = swap.record.title.replace("_", " ").casefold()
    for start, end, label in swap.info.entities:
        if label != "PERSON" or not any(s <= start < e for s, e in sentences):
            continue
        name = swap.context[start:end]
        known = swap.bank.entry_of(name)
        if known is not None and known.num_contexts > FAMOUS_CONTEXTS:
            return Reason.WORK_TIED_TO_PERSON
        if title and any(len(w) > 2 and w.casefold() in title.split() for w in name.split()):
            return Reason.WORK_TIED_TO_PERSON
    return None


@rule(Stage.MADE, Reason.LABEL_CONTRADICTED)
def work_called_a_work(swap: Swap) -> Reason | None:
    """The text or the question says the title is a work of art: a work noun or verb ("the single", "novel",
    "released", "painted") stands in a mention's sentence just before or after it, or in the question. A title
    said of nothing ("the Donkey", a club scene, a slogan) may be no work at all, and a made title would not fit
    what it is."""
    if not composes_work(swap) or swap.label != "WORK_OF_ART":
        return None
    if _WORK_NOUN.search(swap.record.question):
        return None
    spans = sentence_spans(swap.context)
    for start, end in swap.mention_spans:
        first, last = next((s, e) for s, e in spans if s <= start < e)
        before = swap.context[max(first, start - _NOUN_BEFORE) : start]
        after = swap.context[end : min(last, end + _NOUN_AFTER)]
        if _WORK_NOUN.search(before) or _WORK_NOUN.search(after):
            return None
    return Reason.LABEL_CONTRADICTED
